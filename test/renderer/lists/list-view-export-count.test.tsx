// @vitest-environment jsdom
// Export view… of a list says, for CSV, how many cells of the rows on screen formula protection will
// touch, counted on the rows main writes: the list's own columns, or all fields of the stored records.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ListInfo, ListMember } from '../../../src/shared/lists/lists';
import { ListViewExport } from '../../../src/renderer/lists/ListViewExport';
import { LIST_EXPORT_HEADERS, listExportRow, listRecordRow } from '../../../src/shared/lists/list-export-columns';
import { apostrophesNamed, fakeExportBridge, writerCount } from '../export/export-count-helpers';

const list: ListInfo = { id: 4, profileId: 'sandbox', name: 'Energy watch', memberCount: 3, createdAt: 1, updatedAt: 2, weighting: 'equal', benchmark: null };
const member = (m: Partial<ListMember> & Pick<ListMember, 'companyId' | 'name'>): ListMember => ({
  weight: null,
  country: 'DE',
  countryName: 'Germany',
  industry: 'Energy',
  employees: 10,
  revenue: 1_000,
  addedAt: Date.UTC(2026, 0, 2),
  record: null,
  esg: { overallScore: 50, overallRating: 'B' },
  ...m,
});
// Visible columns: only the first name starts a formula ("-12" is a number). All fields: that name,
// the phone, the note and the tags ("-x; y") of the stored records.
const ROWS: ListMember[] = [
  member({ companyId: 'id-1', name: '=HYPERLINK("x")', record: { company_id: 'id-1', name: '=HYPERLINK("x")', phone: '+49 30 1234' } }),
  member({ companyId: 'id-2', name: 'Plain GmbH', record: { company_id: 'id-2', name: 'Plain GmbH', note: '@mention', tags: ['-x', 'y'] } }),
  member({ companyId: 'id-3', name: '-12' }),
];

beforeEach(fakeExportBridge);
afterEach(cleanup);

describe('Export view… of a list', () => {
  it('says how many cells of the rows on screen formula protection touches, for the list’s columns and for all fields', async () => {
    // The numbers main's writer counts for the same rows.
    expect(await writerCount(ROWS.map(listExportRow), LIST_EXPORT_HEADERS)).toBe(1);
    expect(await writerCount(ROWS.map(listRecordRow), null)).toBe(4);
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ListViewExport list={list} view={{}} total={3} rows={ROWS} />
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Export view…' }));
    fireEvent.click(screen.getByRole('radio', { name: 'CSV' }));
    await waitFor(() => expect(apostrophesNamed(screen.getByTestId('opened-note'))).toBe(1));
    expect(screen.getByTestId('opened-note').textContent).toMatch(/this CSV changes [\d,]+ cells? of the rows on screen/);
    fireEvent.click(screen.getByRole('radio', { name: /All fields/ }));
    expect(apostrophesNamed(screen.getByTestId('opened-note'))).toBe(4);
    fireEvent.click(screen.getByRole('radio', { name: /Excel \(XLSX\)/ }));
    expect(screen.queryByTestId('opened-note')).toBeNull();
  });

  it('says a double-click keeps every cell when the rows on screen hold nothing a spreadsheet changes', async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ListViewExport list={list} view={{}} total={1} rows={[member({ companyId: 'id-4', name: 'Plain AG' })]} />
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Export view…' }));
    fireEvent.click(screen.getByRole('radio', { name: 'CSV' }));
    await waitFor(() => expect(screen.getByText(/this CSV keeps every cell of the rows on screen/)).toBeTruthy());
  });
});
