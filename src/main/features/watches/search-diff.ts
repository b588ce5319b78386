// What changed between two result sets of the same search: companies that entered or left it, and
// the fields that changed of companies in both (the flattened records, shared/search/flatten.ts,
// compared field by field). Records whose stored text is the same are equal without being parsed,
// so a diff of 100,000 rows parses only the few thousand that differ; two stored snapshots are
// paired by SQLite, so only those few thousand are even read (bench/watch-diff.ts).
import { isDeepStrictEqual } from 'node:util';
import { flattenRecord } from '../../../shared/search/flatten';
import type { FoundChange } from './change-store';

/** One row of a result set: its company id and its record as stored (JSON text). */
export interface RecordText {
  companyId: string;
  json: string;
}

const nameOf = (r: Record<string, unknown>): string | null => (typeof r.name === 'string' && r.name ? r.name : null);

/** Equal as the analyst sees it: null and absent alike, arrays and objects by their contents (key order aside). */
export function sameValue(a: unknown, b: unknown): boolean {
  const x = a ?? null;
  const y = b ?? null;
  if (x === y) return true;
  if (x === null || y === null || typeof x !== 'object' || typeof y !== 'object') return false;
  return isDeepStrictEqual(x, y);
}

/** The fields that differ between two records, in the new record's field order (then removed fields). */
export function fieldChanges(before: Record<string, unknown>, after: Record<string, unknown>): Array<{ field: string; oldValue: unknown; newValue: unknown }> {
  const a = flattenRecord(before);
  const b = flattenRecord(after);
  const out: Array<{ field: string; oldValue: unknown; newValue: unknown }> = [];
  for (const field of Object.keys(b)) if (!sameValue(a[field], b[field])) out.push({ field, oldValue: a[field] ?? null, newValue: b[field] ?? null });
  for (const field of Object.keys(a)) if (!(field in b) && !sameValue(a[field], null)) out.push({ field, oldValue: a[field], newValue: null });
  return out;
}

const collator = new Intl.Collator('en');
/** By company name (then id), for a stable order of the inbox and the export. */
export const byName = (x: FoundChange, y: FoundChange) => collator.compare(x.companyName ?? x.companyId, y.companyName ?? y.companyId) || (x.companyId < y.companyId ? -1 : x.companyId > y.companyId ? 1 : 0);

/** One company of two result sets, paired by id: its record as stored in each (null: not in that set). */
export interface RowPair {
  companyId: string;
  before: string | null;
  after: string | null;
}

/**
 * The changes the pairs say: entered (newValue: the record), left (oldValue: the record), then one
 * `field` change per changed field; each group by company name. Pairs may come in any order (one
 * per company id): the output is sorted. A pair whose text is the same on both sides is equal
 * without being parsed.
 */
export function diffRowPairs(pairs: Iterable<RowPair>): FoundChange[] {
  const entered: FoundChange[] = [];
  const left: FoundChange[] = [];
  const fields: FoundChange[] = [];
  const side = (kind: 'entered' | 'left', companyId: string, json: string): FoundChange => {
    const rec = JSON.parse(json) as Record<string, unknown>;
    return { kind, companyId, companyName: nameOf(rec), field: null, module: null, oldValue: kind === 'left' ? rec : null, newValue: kind === 'entered' ? rec : null, detail: null };
  };
  for (const { companyId, before: old, after: now } of pairs) {
    if (old === now) continue;
    if (old === null) entered.push(side('entered', companyId, now!));
    else if (now === null) left.push(side('left', companyId, old));
    else {
      const before = JSON.parse(old) as Record<string, unknown>;
      const after = JSON.parse(now) as Record<string, unknown>;
      const companyName = nameOf(after) ?? nameOf(before);
      for (const f of fieldChanges(before, after)) fields.push({ kind: 'field', companyId, companyName, field: f.field, module: null, oldValue: f.oldValue, newValue: f.newValue, detail: null });
    }
  }
  // Stable: a company's field changes keep the record's field order.
  return [...entered.sort(byName), ...left.sort(byName), ...fields.sort(byName)];
}

/**
 * The changes from `previous` to `next` (diffRowPairs), for result sets held in memory (a team
 * server's check). A company id seen twice in one set counts once (its first row). Two snapshots in
 * the workspace database are paired by SQLite instead (SnapshotStore.differingRows): only the rows
 * that differ are read.
 */
export function diffRecordSets(previous: Iterable<RecordText>, next: Iterable<RecordText>): FoundChange[] {
  const before = new Map<string, string>();
  for (const r of previous) if (!before.has(r.companyId)) before.set(r.companyId, r.json);
  const seen = new Set<string>();
  const pairs: RowPair[] = [];
  for (const r of next) {
    if (seen.has(r.companyId)) continue;
    seen.add(r.companyId);
    const old = before.get(r.companyId) ?? null;
    if (old !== r.json) pairs.push({ companyId: r.companyId, before: old, after: r.json });
  }
  for (const [companyId, json] of before) if (!seen.has(companyId)) pairs.push({ companyId, before: json, after: null });
  return diffRowPairs(pairs);
}
