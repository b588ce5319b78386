// A bulk match table as a file, through the one tabular writer: every input row (invalid and
// unreadable ones too), with every input column as it was in the file (the analyst's own key column
// included, so results join back), then the outcome: status, chosen candidate, confidence.
import type { AtomicTarget } from '../tabular/atomic-target';
import { openTableFile, type AboutEntry, type TableFile } from '../tabular/table-file';
import { DECISION_LABEL, type Decision, type ReviewChoice, type ReviewCounts } from '../../shared/match/review';
import type { BulkRowState } from './bulk-job';

export type BulkExportFormat = 'csv' | 'xlsx' | 'json';

const STATUS_LABEL: Record<BulkRowState['state'], string> = {
  pending: 'not run',
  matched: 'matched',
  no_match: 'no match',
  error: 'error',
  invalid: 'invalid',
};
const MAX_COMPANY_COLUMNS = 40;
/** Fields past the header's width (a row with too many fields) go here, joined by the delimiter's reading. */
export const EXTRA_FIELDS_COLUMN = 'extra fields';

/** The review decision of a row and the company it stands for (from the job). */
export interface RowReview {
  decision(r: BulkRowState): Decision | null;
  chosen(r: BulkRowState): ReviewChoice | null;
}

export interface BulkTable {
  columns: string[];
  /** Raw values in column order, one per input row. */
  row(r: BulkRowState): unknown[];
}

/**
 * Input columns as in the file, then `match.*`: line, status, confidence, company_id, company fields,
 * candidates, message (the best candidate, as before the review step), then the review: decision,
 * chosen_company_id, chosen_name, chosen_confidence (empty when rejected, pending or no candidate).
 */
export function bulkTable(headers: readonly string[], rows: readonly BulkRowState[], review?: RowReview): BulkTable {
  const width = headers.length;
  const extra = rows.some((r) => r.values.length > width);
  const company = new Set<string>();
  for (const r of rows) {
    if (!r.best) continue;
    for (const [k, v] of Object.entries(r.best.company)) {
      if (k === 'company_id' || company.size >= MAX_COMPANY_COLUMNS) continue;
      if (v === null || ['string', 'number', 'boolean'].includes(typeof v)) company.add(k);
    }
  }
  const taken = new Set(headers);
  const own = (name: string) => {
    let n = name;
    while (taken.has(n)) n = `${n} (match)`;
    taken.add(n);
    return n;
  };
  const extraName = extra ? own(EXTRA_FIELDS_COLUMN) : null;
  const decided = review ? ['decision', 'chosen_company_id', 'chosen_name', 'chosen_confidence'] : [];
  const outcome = ['line', 'status', 'confidence', 'company_id', ...[...company].map((k) => `company.${k}`), 'candidates', 'message', ...decided];
  const outcomeNames = outcome.map((c) => own(`match.${c}`));
  return {
    columns: [...headers, ...(extraName ? [extraName] : []), ...outcomeNames],
    row(r) {
      const inputs = Array.from({ length: width }, (_, i) => r.values[i] ?? null);
      const more = extraName ? [r.values.length > width ? r.values.slice(width).join(', ') : null] : [];
      const best = r.best?.company as Record<string, unknown> | undefined;
      const decision = review?.decision(r) ?? null;
      const chosen = review?.chosen(r) ?? null;
      const result = outcome.map((c) => {
        if (c === 'decision') return decision ? DECISION_LABEL[decision] : null;
        if (c === 'chosen_company_id') return chosen?.companyId ?? null;
        if (c === 'chosen_name') return chosen?.name ?? null;
        if (c === 'chosen_confidence') return chosen?.confidence ?? null;
        if (c === 'line') return r.line;
        if (c === 'status') return STATUS_LABEL[r.state];
        if (c === 'confidence') return r.best?.confidence ?? null;
        if (c === 'company_id') return best?.company_id ?? null;
        if (c === 'candidates') return r.candidates ?? null;
        if (c === 'message') return r.error?.message ?? null;
        return best ? (best[c.slice('company.'.length)] ?? null) : null;
      });
      return [...inputs, ...more, ...result];
    },
  };
}

export interface BulkExportInfo {
  fileName: string | null;
  profile: string | null;
  at: Date;
  /** The review step's decisions (absent: no decision columns). */
  review?: RowReview & { counts: ReviewCounts };
}

export async function writeBulkExport(target: AtomicTarget, format: BulkExportFormat, headers: readonly string[], rows: readonly BulkRowState[], info: BulkExportInfo): Promise<number> {
  const table = bulkTable(headers, rows, info.review);
  let file: TableFile | null = null;
  try {
    file = await openTableFile(target, { format, columns: table.columns, sheetName: 'Matches' });
    for (let i = 0; i < rows.length; i += 1_000) await file.writeRows(rows.slice(i, i + 1_000).map((r) => table.row(r)));
    const count = (s: BulkRowState['state']) => rows.filter((r) => r.state === s).length;
    const about: AboutEntry[] = [
      { label: 'Exported by', value: 'Firmscope bulk match' },
      { label: 'Input file', value: info.fileName ?? 'pasted CSV' },
      { label: 'Profile', value: info.profile ?? '(none)' },
      { label: 'Exported at', value: info.at.toISOString().replace('T', ' ').slice(0, 16) + ' UTC' },
      { label: 'Rows', value: rows.length },
      { label: 'Matched', value: count('matched') },
      { label: 'No match', value: count('no_match') },
      { label: 'Errors', value: count('error') },
      { label: 'Invalid or unreadable', value: count('invalid') },
    ];
    const rc = info.review?.counts;
    if (rc) {
      about.push(
        { label: 'Review threshold', value: `${Math.round(rc.threshold * 100)}% (best candidates below it wait for review)` },
        { label: 'Auto-accepted', value: rc.auto },
        { label: 'Accepted', value: rc.accepted },
        { label: 'Picked another', value: rc.picked },
        { label: 'Rejected', value: rc.rejected },
        { label: 'Pending review', value: rc.pending },
      );
    }
    await file.finish(about);
    return rows.length;
  } catch (e) {
    await file?.abort();
    await target.discard();
    throw e;
  }
}
