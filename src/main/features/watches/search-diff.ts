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

const IN_PREVIOUS = 1;
const IN_NEXT = 2;

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
 *
 * Both sets are read side by side: two result sets of one search keep mostly the same order, so
 * a row finds its partner at once or after a few rows, and only those few wait in a map. An entry or
 * exit shifts the rest of one side by a row: the walk then moves that side alone until both are in
 * step again. Neither set is held whole beyond its rows that differ.
 */
export function diffRecordSets(previous: Iterable<RecordText>, next: Iterable<RecordText>): FoundChange[] {
  return diffRowPairs(pairRows(previous, next));
}

/** Walks both sets side by side: each company in both as it is paired, then the rows of only one. */
function* pairRows(previous: Iterable<RecordText>, next: Iterable<RecordText>): Generator<RowPair> {
  const a = previous[Symbol.iterator]();
  const b = next[Symbol.iterator]();
  /** Rows of one side whose partner has not come (yet), by company id. */
  const onlyPrevious = new Map<string, string>();
  const onlyNext = new Map<string, string>();
  /** Which sides a company id was seen on (IN_PREVIOUS | IN_NEXT): one map for both sides. */
  const seen = new Map<string, number>();
  /** Takes a row of one side: its pair when its partner waits on the other side, else it waits itself. */
  const take = (r: RecordText, side: number, mine: Map<string, string>, theirs: Map<string, string>): RowPair | null => {
    const sides = seen.get(r.companyId) ?? 0;
    if (sides & side) return null; // a later row of an id this side already had
    seen.set(r.companyId, sides | side);
    if (sides === 0) {
      mine.set(r.companyId, r.json);
      return null;
    }
    // Seen on the other side only, so its row waits there.
    const partner = theirs.get(r.companyId)!;
    theirs.delete(r.companyId);
    return side === IN_PREVIOUS ? { companyId: r.companyId, before: r.json, after: partner } : { companyId: r.companyId, before: partner, after: r.json };
  };
  try {
    let x = a.next();
    let y = b.next();
    while (!x.done || !y.done) {
      let p: RowPair | null = null;
      let q: RowPair | null = null;
      if (!x.done && !y.done && x.value.companyId === y.value.companyId && !seen.has(x.value.companyId)) {
        // In step (most rows): the same company on both sides, new to both. Same text: nothing to
        // yield (a generator step saved for nearly every row).
        seen.set(x.value.companyId, IN_PREVIOUS | IN_NEXT);
        if (x.value.json !== y.value.json) p = { companyId: x.value.companyId, before: x.value.json, after: y.value.json };
        x = a.next();
        y = b.next();
      } else if (!y.done && onlyPrevious.has(y.value.companyId)) {
        // The previous side is ahead (an exit): the next side catches up.
        p = take(y.value, IN_NEXT, onlyNext, onlyPrevious);
        y = b.next();
      } else if (!x.done && onlyNext.has(x.value.companyId)) {
        // The next side is ahead (an entry): the previous side catches up.
        p = take(x.value, IN_PREVIOUS, onlyPrevious, onlyNext);
        x = a.next();
      } else {
        // Neither row's partner has come: both wait, and the walk goes on on both sides.
        if (!x.done) p = take(x.value, IN_PREVIOUS, onlyPrevious, onlyNext);
        if (!y.done) q = take(y.value, IN_NEXT, onlyNext, onlyPrevious);
        x = x.done ? x : a.next();
        y = y.done ? y : b.next();
      }
      if (p) yield p;
      if (q) yield q;
    }
  } finally {
    // A statement left open would keep the connection busy: end both walks, however this one ended.
    a.return?.();
    b.return?.();
  }
  for (const [companyId, json] of onlyNext) yield { companyId, before: null, after: json };
  for (const [companyId, json] of onlyPrevious) yield { companyId, before: json, after: null };
}
