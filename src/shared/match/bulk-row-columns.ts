// The bulk-match results table's columns (renderer/match/BulkRowsTable.tsx): their labels, and each
// one's value for a row. "Export view…" on the results writes these as the view's visible columns,
// so the file says what the table says (main fills them from the job's rows).
import type { CompanyRecord } from '../service/schemas';
import type { BulkRowView } from '../bridge/groups/match';
import type { Decision } from './review';

export const ROW_STATE_LABEL: Record<BulkRowView['state'], string> = {
  pending: 'Pending',
  matched: 'Matched',
  no_match: 'No match',
  error: 'Error',
  invalid: 'Invalid',
};

export const DECISION_TEXT: Record<Decision, string> = {
  auto: 'Auto-accepted',
  accepted: 'Accepted',
  picked: 'Picked another',
  rejected: 'Rejected',
  pending: 'Waiting',
};

/** A company by name, else by id (how the table names the best match). */
export function companyLabel(c: CompanyRecord): string {
  const name = (c as Record<string, unknown>).name;
  return typeof name === 'string' && name.trim() ? name : c.company_id;
}

/** The row's message: its error, else the earlier line it repeats. */
export const rowMessage = (r: BulkRowView): string => r.error?.message ?? (r.duplicateOf !== undefined ? `Repeats line ${r.duplicateOf}` : '');

/** Label -> value, in table order. Confidence is the number (0..1) the table shows as a percentage. */
export const BULK_ROW_COLUMNS: ReadonlyArray<readonly [string, (r: BulkRowView) => unknown]> = [
  ['Line', (r) => r.line],
  ['Status', (r) => ROW_STATE_LABEL[r.state]],
  ['Name', (r) => r.input.name ?? ''],
  ['Country', (r) => r.input.country ?? ''],
  ['Best match', (r) => (r.best ? companyLabel(r.best.company) : '')],
  ['Confidence', (r) => r.best?.confidence ?? null],
  ['Review', (r) => (r.decision ? DECISION_TEXT[r.decision] : '')],
  ['Message', (r) => rowMessage(r)],
];

export const BULK_ROW_HEADERS = BULK_ROW_COLUMNS.map(([label]) => label);

/** Every field of a row ("all fields"): the mapped input as input.*, the state, the best match, the decision. The error by code and message only. */
export function bulkRowFields(v: BulkRowView): Record<string, unknown> {
  const { error, ...rest } = v;
  return { ...rest, ...(error ? { error: { code: error.code, message: error.message } } : {}) };
}

/** One row as the table shows it, keyed by column label (no label has a dot). */
export function bulkRowAsShown(r: BulkRowView): Record<string, unknown> {
  return Object.fromEntries(BULK_ROW_COLUMNS.map(([label, value]) => [label, value(r)]));
}
