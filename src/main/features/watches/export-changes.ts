// A watch's changes (of one check, or of all its checks) as an XLSX workbook through the one
// tabular writer: a Changes sheet in inbox order and an About sheet naming the watch, its target and
// the two check times compared.
import { CHANGE_KIND_LABELS, type WatchChange } from '../../../shared/watches/watches';
import type { AtomicTarget } from '../../platform/tabular/atomic-target';
import { openTableFile, type AboutEntry } from '../../platform/tabular/table-file';
import type { FileSinkOptions } from '../../platform/tabular/file-sink';

export const CHANGE_COLUMNS = ['checked_at', 'change', 'company_name', 'company_id', 'field', 'module', 'old_value', 'new_value', 'detail', 'read'] as const;

export interface ChangesExportSpec {
  watchName: string;
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
  rows: Iterable<WatchChange>;
  sink?: FileSinkOptions;
  signal?: AbortSignal;
}

const BATCH = 500;
const when = (t: number | null) => (t === null ? '(none)' : `${new Date(t).toISOString().replace('T', ' ').slice(0, 16)} UTC`);
/** A value as one cell: text, numbers and booleans as they are, anything else as its JSON. */
const cell = (v: unknown): unknown => (v === null || v === undefined ? null : typeof v === 'object' ? JSON.stringify(v) : v);

export function changeRow(c: WatchChange): unknown[] {
  return [c.at ? new Date(c.at) : null, CHANGE_KIND_LABELS[c.kind], c.companyName, c.companyId, c.field, c.module, cell(c.oldValue), cell(c.newValue), c.detail, c.read ? 'yes' : 'no'];
}

/** Writes and commits the workbook (or removes every temporary and throws); returns the rows written. */
export async function writeChangesXlsx(target: AtomicTarget, spec: ChangesExportSpec): Promise<number> {
  const file = await openTableFile(target, { format: 'xlsx', columns: CHANGE_COLUMNS, sheetName: 'Changes', sink: spec.sink });
  let rows = 0;
  try {
    let batch: unknown[][] = [];
    for (const c of spec.rows) {
      batch.push(changeRow(c));
      if (batch.length >= BATCH) {
        if (spec.signal?.aborted) throw new Error('cancelled');
        await file.writeRows(batch);
        rows += batch.length;
        batch = [];
      }
    }
    await file.writeRows(batch);
    rows += batch.length;
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
      { label: 'Values', value: 'old_value and new_value: a field or score before and after; a record or list as JSON text. An entered or left company: its whole record.' },
    ];
    await file.finish(about);
    return rows;
  } catch (e) {
    await file.abort();
    throw e;
  }
}
