// @vitest-environment jsdom
// The list view's export in a DOM: Export CSV / Excel start an export job for the list's view, then
// the job's row shows progress and Cancel while it writes and the finished file (Download in browser
// mode, Show in folder on the desktop); a cancelled save dialog says nothing was exported.
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ExportJob } from '../../../src/shared/bridge/groups/export';
import type { ListInfo } from '../../../src/shared/lists/lists';
import { ListExport } from '../../../src/renderer/lists/ListExport';
import { DEFAULT_CUSTOM_CSV, presetCsvOptions } from '../../../src/shared/export/csv-presets';

// The profile remembered Excel on this computer under a German locale: the one-click CSV uses it.
const SEPARATORS = { locale: 'de-DE', decimal: ',', list: ';' } as const;

const list: ListInfo = { id: 4, profileId: 'sandbox', name: 'Energy watch', memberCount: 2_500, createdAt: 1, updatedAt: 2, weighting: 'equal', benchmark: null };
const job = (p: Partial<ExportJob>): ExportJob => ({
  id: 'job-1',
  format: 'csv',
  fileName: 'Energy watch-2026-11-24-2300.csv',
  state: 'running',
  phase: 'fetching',
  rows: 0,
  pages: 0,
  totalRows: 2_500,
  list: { id: 4, name: 'Energy watch' },
  startedAt: Date.now(),
  ...p,
});

let calls: Array<[string, unknown]>;
let startAnswer: ExportJob | null;
let emitProgress: (j: ExportJob) => void;

beforeEach(() => {
  calls = [];
  startAnswer = job({});
  emitProgress = () => {};
  const answer = (name: string, value: unknown) => async (input: unknown) => (calls.push([name, input]), { ok: true, value });
  (window as unknown as { firmscope: unknown }).firmscope = {
    export: {
      start: async (input: unknown) => (calls.push(['start', input]), { ok: true, value: startAnswer }),
      list: async () => ({ ok: true, value: [] }),
      csvPreference: async () => ({ ok: true, value: { separators: SEPARATORS, preference: { preset: 'excel', custom: DEFAULT_CUSTOM_CSV } } }),
      cancel: answer('cancel', undefined),
      reveal: answer('reveal', undefined),
      onProgress: (cb: (j: ExportJob) => void) => ((emitProgress = cb), () => {}),
    },
  };
});
afterEach(cleanup);

function renderExport() {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <ListExport list={list} view={{ sort: { field: 'employees', direction: 'desc' }, text: 'wind' }} />
    </QueryClientProvider>,
  );
}

/** A progress event from main, then what it shows (react-query hands cache updates to React on its next tick). */
const progress = async (p: Partial<ExportJob>, shown: () => unknown) => {
  act(() => emitProgress(job(p)));
  await waitFor(shown);
};

describe('ListExport', () => {
  it('starts an export job of the list view and shows its progress with Cancel while it writes', async () => {
    renderExport();
    // Enabled once the profile's CSV preset is known.
    await waitFor(() => expect((screen.getByRole('button', { name: 'Export CSV' }) as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    const row = await screen.findByRole('listitem', { name: 'Energy watch-2026-11-24-2300.csv' });
    expect(calls[0]).toEqual([
      'start',
      { source: { kind: 'list', listId: 4, view: { sort: { field: 'employees', direction: 'desc' }, text: 'wind' } }, format: 'csv', columns: null, csv: presetCsvOptions('excel', SEPARATORS) },
    ]);
    expect(presetCsvOptions('excel', SEPARATORS)).toMatchObject({ delimiter: ';', decimalSeparator: ',', bom: true });
    await progress({ rows: 1_000 }, () => expect(row.textContent).toContain('1,000 of 2,500 rows'));
    expect((within(row).getByRole('progressbar', { name: 'Progress of Energy watch-2026-11-24-2300.csv' }) as HTMLProgressElement).value).toBe(1_000);
    expect(row.textContent).toContain('1,000 of 2,500 rows');
    expect(row.textContent).not.toMatch(/page/);
    // One export at a time from here: the buttons wait for this one.
    expect((screen.getByRole('button', { name: 'Export Excel' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(row).getByRole('button', { name: 'Cancel export of Energy watch-2026-11-24-2300.csv' }));
    await waitFor(() => expect(calls.at(-1)).toEqual(['cancel', { id: 'job-1' }]));
    await progress({ state: 'cancelled', rows: 1_000, finishedAt: Date.now() }, () => within(row).getByText('Cancelled; no file was written.'));
    expect(within(row).getByText('Cancelled; no file was written.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Export Excel' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('offers the finished file: Download in browser mode, Show in folder on the desktop', async () => {
    renderExport();
    await waitFor(() => expect((screen.getByRole('button', { name: 'Export CSV' }) as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await screen.findByRole('listitem', { name: 'Energy watch-2026-11-24-2300.csv' });
    await progress({ state: 'done', rows: 2_500, downloadUrl: '/downloads/x.csv', finishedAt: Date.now() }, () =>
      screen.getByRole('link', { name: 'Download Energy watch-2026-11-24-2300.csv' }),
    );
    const link = screen.getByRole('link', { name: 'Download Energy watch-2026-11-24-2300.csv' });
    expect(link.getAttribute('download')).toBe('Energy watch-2026-11-24-2300.csv');
    expect(screen.getByText(/^2,500 of 2,500 rows · took/)).toBeTruthy();

    startAnswer = job({ id: 'job-2', format: 'xlsx', fileName: 'Energy watch.xlsx' });
    fireEvent.click(screen.getByRole('button', { name: 'Export Excel' }));
    await screen.findByRole('listitem', { name: 'Energy watch.xlsx' });
    expect(screen.queryByRole('link', { name: /^Download/ })).toBeNull();
    await progress({ id: 'job-2', format: 'xlsx', fileName: 'Energy watch.xlsx', state: 'done', rows: 2_500, finishedAt: Date.now() }, () =>
      screen.getByRole('button', { name: 'Show Energy watch.xlsx in folder' }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Show Energy watch.xlsx in folder' }));
    await waitFor(() => expect(calls.at(-1)).toEqual(['reveal', { id: 'job-2' }]));
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss the export of Energy watch.xlsx' }));
    expect(screen.queryByRole('listitem')).toBeNull();
  });

  it('says nothing was exported when the save dialog is cancelled, and why a start failed', async () => {
    startAnswer = null;
    renderExport();
    fireEvent.click(screen.getByRole('button', { name: 'Export Excel' }));
    expect(await screen.findByText('No file chosen; nothing was exported.')).toBeTruthy();
    (window as unknown as { firmscope: { export: { start: unknown } } }).firmscope.export.start = async () => ({
      ok: false,
      error: { code: 'not_found', message: 'This list no longer exists (it was deleted).' },
    });
    await waitFor(() => expect((screen.getByRole('button', { name: 'Export CSV' }) as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('The list export could not start')).toBeTruthy();
    expect(screen.getByText(/This list no longer exists/)).toBeTruthy();
  });
});
