// A bulk match table as a file, through the one tabular writer: every input row (invalid and
// unreadable ones too), with every input column as it was in the file (the analyst's own key column
// included, so results join back), then the outcome. `match.*` holds the company a row's decision
// accepts and nothing else: a rejected or pending row's best candidate is only in `candidate.*`,
// so a join on `match.company_id` never brings back a match the analyst did not accept.
import type { AtomicTarget } from '../../platform/tabular/atomic-target';
import { csvFieldOf } from '../../platform/tabular/cells';
import type { CsvOptions } from '../../platform/tabular/csv';
import { unrepresentable } from '../../platform/tabular/csv-encoding';
import { openTableFile, type AboutEntry, type TableFile } from '../../platform/tabular/table-file';
import type { OwnCells, OwnFormulaCells } from '../../../shared/bridge/groups/match';
import { cellText, needsNeutralising } from '../../../shared/export/cell-rules';
import { ENCODING_LABEL } from '../../../shared/match/encodings';
import { ACCEPTING, DECISION_LABEL, type Decision, type ReviewChoice, type ReviewCounts } from '../../../shared/match/review';
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
/** The fields a candidate picked from the review list is known by (the others are the best one's only). */
const CHOICE_FIELDS: ReadonlySet<string> = new Set(['name', 'country', 'city', 'website']);

/** The review decision of a row and the company it stands for (from the job). */
export interface RowReview {
  decision(r: BulkRowState): Decision | null;
  chosen(r: BulkRowState): ReviewChoice | null;
}

export interface BulkTable {
  columns: string[];
  /** The first this many columns are the analyst's own (the input's, and its extra fields). */
  ownColumns: number;
  /** Raw values in column order, one per input row. */
  row(r: BulkRowState): unknown[];
}

/**
 * Input columns as in the file, then `match.*`: line, status, confidence, company_id, company fields
 * (the accepted company: auto-accepted, accepted or picked; empty otherwise), candidates, duplicate_of,
 * message, decision; then `candidate.*`: the service's best candidate (company_id, name, confidence),
 * whatever the decision.
 */
export function bulkTable(headers: readonly string[], rows: readonly BulkRowState[], review: RowReview): BulkTable {
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
  const outcome = [
    ...['line', 'status', 'confidence', 'company_id', ...[...company].map((k) => `company.${k}`), 'candidates', 'duplicate_of', 'message', 'decision'].map((c) => `match.${c}`),
    'candidate.company_id',
    'candidate.name',
    'candidate.confidence',
  ];
  const outcomeNames = outcome.map(own);
  return {
    columns: [...headers, ...(extraName ? [extraName] : []), ...outcomeNames],
    ownColumns: width + (extraName ? 1 : 0),
    row(r) {
      const inputs = Array.from({ length: width }, (_, i) => r.values[i] ?? null);
      const more = extraName ? [r.values.length > width ? r.values.slice(width).join(', ') : null] : [];
      const candidate = r.state === 'matched' ? r.best : undefined;
      const best = candidate?.company as Record<string, unknown> | undefined;
      const decision = review.decision(r);
      const accepted = candidate && decision !== null && ACCEPTING.has(decision) ? accept(candidate, review.chosen(r)) : null;
      const result = outcome.map((c) => {
        if (c === 'match.line') return r.line;
        if (c === 'match.status') return STATUS_LABEL[r.state];
        if (c === 'match.confidence') return accepted?.confidence ?? null;
        if (c === 'match.company_id') return accepted?.companyId ?? null;
        if (c === 'match.candidates') return r.candidates ?? null;
        if (c === 'match.duplicate_of') return r.duplicateOf ?? null;
        if (c === 'match.message') return r.error?.message ?? null;
        if (c === 'match.decision') return decision ? DECISION_LABEL[decision] : null;
        if (c === 'candidate.company_id') return best?.company_id ?? null;
        if (c === 'candidate.name') return best?.name ?? null;
        if (c === 'candidate.confidence') return candidate?.confidence ?? null;
        return accepted ? (accepted.field(c.slice('match.company.'.length)) ?? null) : null;
      });
      return [...inputs, ...more, ...result];
    },
  };
}

/** The accepted company of a row: the best candidate (all its kept fields), or the one picked (the fields the review knows). */
function accept(best: NonNullable<BulkRowState['best']>, chosen: ReviewChoice | null) {
  const rec = best.company as Record<string, unknown>;
  if (!chosen || chosen.companyId === best.company.company_id) {
    return { companyId: best.company.company_id, confidence: best.confidence, field: (k: string) => rec[k] };
  }
  return { companyId: chosen.companyId, confidence: chosen.confidence, field: (k: string) => (CHOICE_FIELDS.has(k) ? chosen[k as keyof ReviewChoice] : null) };
}

export interface BulkExportInfo {
  fileName: string | null;
  profile: string | null;
  at: Date;
  /** The review step's decisions: they say which rows carry a company in `match.*`. */
  review: RowReview & { counts: ReviewCounts };
  /** CSV: the options (by default the input file's delimiter, BOM and encoding). */
  csv?: CsvOptions;
  /** CSV: the analyst's own cells as in their file (no formula prefix there), or protected like the rest. */
  ownCells?: OwnCells;
}

export interface BulkExportWritten {
  rows: number;
  /** CSV: cells that got the formula prefix. */
  neutralised: number;
  /** CSV: the options written with (the encoding may have fallen back to UTF-8, see `notice`). */
  csv: CsvOptions | null;
  notice?: string;
}

/**
 * A CSV in the input's single-byte encoding that some cell cannot be written in goes out as UTF-8 with
 * a byte-order mark instead, and says where: nothing is lost, and nothing is replaced by "?".
 */
function encodingFallback(table: BulkTable, rows: readonly BulkRowState[], csv: CsvOptions): { csv: CsvOptions; notice?: string } {
  if (csv.encoding === 'utf-8' || csv.encoding.startsWith('utf-16')) return { csv };
  const style = { decimalSeparator: csv.decimalSeparator, quoteText: csv.quoteText };
  const find = (values: readonly unknown[]) => {
    for (let i = 0; i < values.length; i++) {
      const v = values[i];
      if (v === null || v === undefined) continue;
      const bad = unrepresentable(csvFieldOf(v, csv.delimiter, csv.formulaPrefix, style), csv.encoding);
      if (bad !== null) return { column: table.columns[i], bad };
    }
    return null;
  };
  let hit = find(table.columns) ? { line: 1, ...find(table.columns)! } : null;
  for (const row of rows) {
    if (hit) break;
    const found = find(table.row(row));
    if (found) hit = { line: row.line, ...found };
  }
  if (!hit) return { csv };
  const label = ENCODING_LABEL[csv.encoding];
  return {
    csv: { ...csv, encoding: 'utf-8', bom: true },
    notice: `Saved as UTF-8 with a byte-order mark, not ${label} like the input file: line ${hit.line}, column ${hit.column} holds "${hit.bad}", which ${label} cannot store.`,
  };
}

export async function writeBulkExport(
  target: AtomicTarget,
  format: BulkExportFormat,
  headers: readonly string[],
  rows: readonly BulkRowState[],
  info: BulkExportInfo,
): Promise<BulkExportWritten> {
  const table = bulkTable(headers, rows, info.review);
  const csv = info.csv && info.ownCells === 'as-is' ? { ...info.csv, plainColumns: table.ownColumns } : info.csv;
  const plan = format === 'csv' && csv ? encodingFallback(table, rows, csv) : null;
  let file: TableFile | null = null;
  try {
    file = await openTableFile(target, { format, columns: table.columns, sheetName: 'Matches', ...(plan ? { csv: plan.csv } : {}) });
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
    const rc = info.review.counts;
    about.push(
      { label: 'Repeated rows', value: `${rows.filter((r) => r.duplicateOf !== undefined).length} (match.duplicate_of names the earlier line)` },
      { label: 'Review threshold', value: `${Math.round(rc.threshold * 100)}% (best candidates below it wait for review)` },
      { label: 'Auto-accepted', value: rc.auto },
      { label: 'Accepted', value: rc.accepted },
      { label: 'Picked another', value: rc.picked },
      { label: 'Rejected', value: rc.rejected },
      { label: 'Pending review', value: rc.pending },
      { label: 'match.* columns', value: 'the accepted company only (auto-accepted, accepted, picked); the best candidate of every row is in candidate.*' },
    );
    const neutralised = file.neutralisedCells();
    await file.finish(about);
    return { rows: rows.length, neutralised, csv: plan?.csv ?? null, ...(plan?.notice ? { notice: plan.notice } : {}) };
  } catch (e) {
    await file?.abort();
    await target.discard();
    throw e;
  }
}

/** The analyst's own cells (input columns and extra fields) the formula prefix would touch. */
export function ownFormulaCells(headers: readonly string[], rows: readonly BulkRowState[]): OwnFormulaCells {
  let cells = 0;
  let example: string | null = null;
  const columns = new Set<number>();
  for (const r of rows) {
    r.values.forEach((v, i) => {
      const text = v === null || v === undefined ? '' : cellText(v);
      if (text === '' || !needsNeutralising(text)) return;
      cells++;
      example ??= text;
      columns.add(Math.min(i, headers.length));
    });
  }
  const names = [...columns].sort((a, b) => a - b).map((i) => headers[i] ?? EXTRA_FIELDS_COLUMN);
  return { cells, columns: names, example };
}
