// Shared by the Export view… dialog tests: a fake export bridge (no history, the Excel preset) and
// the number of cells main's CSV writer neutralises for given rows, to hold a dialog's count to it.
import { DEFAULT_CUSTOM_CSV } from '../../../src/shared/export/csv-presets';
import { ColumnUnion } from '../../../src/main/platform/tabular/column-union';
import { DEFAULT_CSV, openCsv } from '../../../src/main/platform/tabular/csv';
import type { FileSink } from '../../../src/main/platform/tabular/file-sink';

export function fakeExportBridge(): void {
  (window as unknown as { firmscope: unknown }).firmscope = {
    export: {
      list: async () => ({ ok: true, value: [] }),
      csvPreference: async () => ({ ok: true, value: { separators: { locale: 'en-US', decimal: '.', list: ',' }, preference: { preset: 'excel', custom: DEFAULT_CUSTOM_CSV } } }),
      rememberCsvPreference: async () => ({ ok: true, value: undefined }),
      onProgress: () => () => {},
    },
  };
}

/** What main's CSV writer counts for these rows (the number the finished export reports). */
export async function writerCount(rows: Record<string, unknown>[], columns: readonly string[] | null): Promise<number> {
  const union = new ColumnUnion();
  if (columns) union.seed([...columns]);
  const placed = rows.map((r) => union.place(r));
  const csv = await openCsv({ write: async () => {} } as unknown as FileSink, [], DEFAULT_CSV);
  await csv.writeRows(placed, columns ? columns.length : union.size);
  return csv.counts.neutralised;
}

/** The cells the dialog's double-click note says get an apostrophe, summed over its column lines. */
export function apostrophesNamed(note: HTMLElement): number {
  return [...note.querySelectorAll('li')]
    .map((li) => /: an apostrophe shown \(formula protection\) in ([\d,]+) cells?,/.exec(li.textContent ?? ''))
    .reduce((sum, m) => sum + (m ? Number(m[1]!.replace(/,/g, '')) : 0), 0);
}
