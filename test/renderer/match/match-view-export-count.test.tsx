// @vitest-environment jsdom
// Export view… of the bulk-match results says, for CSV, how many cells of the rows on screen formula
// protection will touch, counted on the rows main writes: the table's columns, or every field of each row.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BulkJobView, BulkRowView } from '../../../src/shared/bridge/groups/match';
import { MatchViewExport } from '../../../src/renderer/match/MatchViewExport';
import { BULK_ROW_HEADERS, bulkRowAsShown, bulkRowFields } from '../../../src/shared/match/bulk-row-columns';
import { apostrophesNamed, fakeExportBridge, writerCount } from '../export/export-count-helpers';

const job = { id: 'job-1', state: 'done', fileName: 'suppliers.csv', reading: false, total: 2, done: 2, matched: 1 } as BulkJobView;
// Table columns: the name and best match of line 2, the country and message of line 3. Every field
// adds the city of line 2 (not a table column); the error's message is the Message column's text.
const ROWS: BulkRowView[] = [
  {
    line: 2,
    input: { name: '=cmd|x', country: 'DE', city: '-Berlin' },
    state: 'matched',
    best: { confidence: 0.9, company: { company_id: 'c1', name: '+Plus Corp' } },
    decision: 'auto',
    chosenId: 'c1',
  },
  { line: 3, input: { name: 'Normal', country: '@DE' }, state: 'error', error: { code: 'invalid_input', message: '=bad', retryable: false }, decision: null, chosenId: null },
];

beforeEach(fakeExportBridge);
afterEach(cleanup);

describe('Export view… of the bulk-match results', () => {
  it('says how many cells of the rows on screen formula protection touches, for the table’s columns and for all fields', async () => {
    // The numbers main's writer counts for the same rows.
    expect(await writerCount(ROWS.map(bulkRowAsShown), BULK_ROW_HEADERS)).toBe(4);
    expect(await writerCount(ROWS.map(bulkRowFields), null)).toBe(5);
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MatchViewExport job={job} states={undefined} filterLabel="All rows" total={2} rows={ROWS} />
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Export view…' }));
    fireEvent.click(screen.getByRole('radio', { name: 'CSV' }));
    await waitFor(() => expect(apostrophesNamed(screen.getByTestId('opened-note'))).toBe(4));
    expect(screen.getByTestId('opened-note').textContent).toMatch(/this CSV changes [\d,]+ cells? of the rows on screen/);
    fireEvent.click(screen.getByRole('radio', { name: /All fields/ }));
    expect(apostrophesNamed(screen.getByTestId('opened-note'))).toBe(5);
  });
});
