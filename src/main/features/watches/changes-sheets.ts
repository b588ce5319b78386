// The sheets of the changes workbook, row by row (export-changes.ts writes them). A company that
// entered or left a search is one row with its record's fields in columns (the union of every
// such record's flattened fields, as the search export lays them out); a field change is one row
// of company, field, old and new value; a list watch's ESG changes keep one row per change.
import { CHANGE_KIND_LABELS, type ChangeKind, type WatchChange } from '../../../shared/watches/watches';
import { ColumnUnion } from '../../platform/tabular/column-union';
import { addressRuns, addressText } from './address-moves';

/** What a sheet is: its name, the kinds of change it holds, its columns and one change as a row. */
export interface SheetLayout {
  name: string;
  kinds: readonly ChangeKind[];
  columns: readonly string[];
  row(c: WatchChange): unknown[];
  /** The sheet's rows from its changes in store order, when they are not one per change. */
  rows?(changes: Iterable<WatchChange>): Iterable<unknown[]>;
}

const checkedAt = (c: WatchChange) => (c.at ? new Date(c.at) : null);
const read = (c: WatchChange) => (c.read ? 'yes' : 'no');

/** The company's own columns, before its record's fields; `read` comes after them. */
export const COMPANY_KEY_COLUMNS = ['checked_at', 'change', 'company_name', 'company_id'] as const;
/** Why a company left (issue 38: looked up at the check); empty for one that entered. */
export const REASON_COLUMN = 'reason';
const OURS = new Set<string>([...COMPANY_KEY_COLUMNS, REASON_COLUMN, 'read']);
/** A record field named like one of our columns, with a value of its own, keeps it under this name. */
export const recordColumn = (key: string) => `${key} (record)`;

/** The record an entered (newValue) or left (oldValue) change carries, or an empty one. */
function recordOf(c: WatchChange): Record<string, unknown> {
  const r = c.kind === 'entered' ? c.newValue : c.oldValue;
  return r !== null && typeof r === 'object' && !Array.isArray(r) ? (r as Record<string, unknown>) : {};
}

/**
 * The record's fields as they go into columns: its id and name are the company_id and company_name
 * columns already (dropped when equal); any other field named like one of ours is renamed, never lost.
 */
export function recordFields(c: WatchChange): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(recordOf(c))) {
    if ((key === 'company_id' && value === c.companyId) || (key === 'name' && value === c.companyName)) continue;
    // defineProperty: a `__proto__` key from the service stays data.
    Object.defineProperty(out, OURS.has(key) ? recordColumn(key) : key, { value, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/**
 * The Entered and left sheet: reads `changes` once for the union of the records' fields (the header
 * comes before the rows, so the caller reads them again to write).
 */
export function companiesLayout(changes: Iterable<WatchChange>): SheetLayout {
  const union = new ColumnUnion();
  for (const c of changes) union.place(recordFields(c));
  const { columns, indices } = union.finalOrder();
  return {
    name: 'Entered and left',
    kinds: ['entered', 'left'],
    columns: [...COMPANY_KEY_COLUMNS, REASON_COLUMN, ...columns, 'read'],
    row(c) {
      const placed = union.place(recordFields(c));
      return [checkedAt(c), CHANGE_KIND_LABELS[c.kind], c.companyName, c.companyId, c.detail, ...indices.map((i) => placed[i]), read(c)];
    },
  };
}

export const FIELD_CHANGE_COLUMNS = ['checked_at', 'company_name', 'company_id', 'field', 'old_value', 'new_value', 'read'] as const;

const fieldRow = (c: WatchChange): unknown[] => [checkedAt(c), c.companyName, c.companyId, c.field, c.oldValue, c.newValue, read(c)];
/**
 * A company's address move in one check as one row (issue 38): field `address`, old and new as
 * "street: …; postal code: …; city: …" of the parts that changed. One changed part stays its own row.
 */
export function addressRow(parts: readonly WatchChange[]): unknown[] {
  const first = parts[0]!;
  return [checkedAt(first), first.companyName, first.companyId, 'address', addressText(parts, 'oldValue'), addressText(parts, 'newValue'), parts.every((c) => c.read) ? 'yes' : 'no'];
}

/** Field change rows in store order, a company's consecutive address changes of one check merged. */
export function* fieldChangeRows(changes: Iterable<WatchChange>): Iterable<unknown[]> {
  for (const run of addressRuns(changes, (a, b) => a.checkId === b.checkId)) yield run.length > 1 ? addressRow(run) : fieldRow(run[0]!);
}

/** The Field changes sheet of a search watch: company, field, old and new value; an address move one row. */
export const fieldChangesLayout: SheetLayout = {
  name: 'Field changes',
  kinds: ['field'],
  columns: FIELD_CHANGE_COLUMNS,
  row: fieldRow,
  rows: fieldChangeRows,
};

export const ESG_CHANGE_COLUMNS = ['checked_at', 'change', 'company_name', 'company_id', 'field', 'module', 'old_value', 'new_value', 'detail', 'read'] as const;

/** The Changes sheet of a list watch: score, rating, news and commitment changes, as before. */
export const esgChangesLayout: SheetLayout = {
  name: 'Changes',
  kinds: ['score', 'rating', 'news', 'commitment'],
  columns: ESG_CHANGE_COLUMNS,
  row: (c) => [checkedAt(c), CHANGE_KIND_LABELS[c.kind], c.companyName, c.companyId, c.field, c.module, c.oldValue, c.newValue, c.detail, read(c)],
};
