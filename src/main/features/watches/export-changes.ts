// A watch's changes (of one check, or of all its checks) as an XLSX workbook through the one
// tabular writer. A search watch: an Entered and left sheet (a company a row, its fields in columns)
// and a Field changes sheet (company, field, old, new); a list watch: a Changes sheet of its ESG
// changes. Then an About sheet naming the watch, its target and the two check times compared.
import type { ChangeKind, WatchChange } from '../../../shared/watches/watches';
import type { AtomicTarget } from '../../platform/tabular/atomic-target';
import { openTableFile, type AboutEntry, type TableFile } from '../../platform/tabular/table-file';
import type { FileSinkOptions } from '../../platform/tabular/file-sink';
import { companiesLayout, esgChangesLayout, fieldChangesLayout, type SheetLayout } from './changes-sheets';

export interface ChangesExportSpec {
  watchName: string;
  /** What the watch checks: a search's changes and a list's go on different sheets. */
  kind: 'search' | 'list';
  /** "Saved search ‘DE manufacturing’", "List ‘Portfolio A’ (scores, news)". */
  target: string;
  schedule: string;
  /** The two checks compared: the earlier (null: none, the first check is a baseline) and the later. */
  from: number | null;
  to: number | null;
  /** "Check of 2026-01-02 10:00 UTC" or "All checks". */
  scope: string;
  profile: string | null;
  at: Date;
  /** The changes of these kinds in inbox order; read once per pass (the store streams them). */
  rows(kinds: readonly ChangeKind[]): Iterable<WatchChange>;
  sink?: FileSinkOptions;
  signal?: AbortSignal;
}

const BATCH = 500;
const when = (t: number | null) => (t === null ? '(none)' : `${new Date(t).toISOString().replace('T', ' ').slice(0, 16)} UTC`);

const VALUES_NOTE: Record<ChangesExportSpec['kind'], string> = {
  search:
    'Entered and left: one row per company, its record’s fields in columns (nested fields as a.b, lists as "a; b"). ' +
    'Field changes: one row per changed field, with old_value and new_value.',
  list: 'old_value and new_value: a score, rating or commitment field before and after; a news item’s title.',
};

/** The sheets of a workbook; the companies sheet reads the store once here for its columns. */
function layoutsOf(spec: ChangesExportSpec): SheetLayout[] {
  if (spec.kind === 'list') return [esgChangesLayout];
  const companies = companiesLayout(spec.rows(['entered', 'left']));
  return [companies, fieldChangesLayout];
}

function* map<T, U>(xs: Iterable<T>, f: (x: T) => U): Iterable<U> {
  for (const x of xs) yield f(x);
}

/** Writes one sheet's rows in batches; returns how many. */
async function writeSheet(file: TableFile, layout: SheetLayout, spec: ChangesExportSpec): Promise<number> {
  let rows = 0;
  let batch: unknown[][] = [];
  const changes = spec.rows(layout.kinds);
  for (const row of layout.rows ? layout.rows(changes) : map(changes, layout.row)) {
    batch.push(row);
    if (batch.length >= BATCH) {
      if (spec.signal?.aborted) throw new Error('cancelled');
      await file.writeRows(batch);
      rows += batch.length;
      batch = [];
    }
  }
  await file.writeRows(batch);
  return rows + batch.length;
}

/** Writes and commits the workbook (or removes every temporary and throws); returns the rows written. */
export async function writeChangesXlsx(target: AtomicTarget, spec: ChangesExportSpec): Promise<number> {
  let file: TableFile | null = null;
  try {
    const layouts = layoutsOf(spec);
    let rows = 0;
    for (const layout of layouts) {
      if (!file) file = await openTableFile(target, { format: 'xlsx', columns: layout.columns, sheetName: layout.name, sink: spec.sink });
      else file.addSheet(layout.name, layout.columns);
      rows += await writeSheet(file, layout, spec);
    }
    const about: AboutEntry[] = [
      { label: 'Exported by', value: 'Firmscope watches' },
      { label: 'Watch', value: spec.watchName },
      { label: 'Target', value: spec.target },
      { label: 'Schedule', value: spec.schedule },
      { label: 'Changes of', value: spec.scope },
      { label: 'Compared from check', value: when(spec.from) },
      { label: 'Compared to check', value: when(spec.to) },
      { label: 'Changes', value: rows },
      { label: 'Profile', value: spec.profile ?? '(none)' },
      { label: 'Exported at', value: when(spec.at.getTime()) },
      { label: 'Values', value: VALUES_NOTE[spec.kind] },
    ];
    await file!.finish(about);
    return rows;
  } catch (e) {
    if (file) await file.abort();
    else await target.discard();
    throw e;
  }
}
