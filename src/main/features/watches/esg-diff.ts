// What changed between two ESG refreshes of a list's companies (the results the runs stored, per
// company and module): score moves of at least the watch's threshold (overall or a pillar), rating
// upgrades and downgrades, new news items, new or changed commitments. A company or module without
// a result on both sides is not compared (a failed cell, a member added since the last check).
import type { EsgModule } from '../../../shared/service/schemas';
import { itemKey as keyOf } from '../esg-runs/store';
import type { FoundChange } from './change-store';
import { byName, fieldChanges } from './search-diff';

export interface EsgResultItems {
  companyId: string;
  companyName: string | null;
  module: EsgModule;
  items: Record<string, unknown>[];
}

export const SCORE_FIELDS = ['overall', 'environmental', 'social', 'governance'] as const;
/** Best first: the sandbox's and the usual agencies' letter scale. */
export const RATING_SCALE = ['AAA', 'AA', 'A', 'BBB', 'BB', 'B', 'CCC', 'CC', 'C', 'D'];

/** 'upgrade', 'downgrade', or null when either rating is off the known scale. */
export function ratingDirection(from: string, to: string): 'upgrade' | 'downgrade' | null {
  const a = RATING_SCALE.indexOf(from.toUpperCase());
  const b = RATING_SCALE.indexOf(to.toUpperCase());
  if (a < 0 || b < 0 || a === b) return null;
  return b < a ? 'upgrade' : 'downgrade';
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const text = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);
const titleOf = (item: Record<string, unknown>): string => text(item.title) ?? text(item.headline) ?? keyOf(item);
const sideKey = (companyId: string, module: EsgModule) => `${companyId}\u0000${module}`;

/** One stored result as its text (esg_results.data_json, the items' JSON), parsed only if it differs. */
export interface EsgResultText {
  companyId: string;
  companyName: string | null;
  module: EsgModule;
  json: string;
}

interface Found {
  ratings: FoundChange[];
  scores: FoundChange[];
  commitments: FoundChange[];
  news: FoundChange[];
}

/** What a check found against the previous refresh; `scoreThreshold` in score points. */
export function diffEsgResults(previous: Iterable<EsgResultItems>, current: Iterable<EsgResultItems>, o: { scoreThreshold: number }): FoundChange[] {
  const before = new Map<string, EsgResultItems>();
  for (const r of previous) before.set(sideKey(r.companyId, r.module), r);
  const found: Found = { ratings: [], scores: [], commitments: [], news: [] };
  for (const cur of current) {
    const prev = before.get(sideKey(cur.companyId, cur.module));
    if (prev) compareResult(prev, cur, o.scoreThreshold, found);
  }
  return inOrder(found);
}

/**
 * diffEsgResults of results as stored text. A company's module whose text is the same on both
 * sides is not parsed when the same items cannot differ from themselves (most of a refresh: a
 * list check then parses only what moved, bench/watch-diff.ts).
 */
export function diffEsgResultTexts(previous: Iterable<EsgResultText>, current: Iterable<EsgResultText>, o: { scoreThreshold: number }): FoundChange[] {
  const before = new Map<string, EsgResultText>();
  for (const r of previous) before.set(sideKey(r.companyId, r.module), r);
  const found: Found = { ratings: [], scores: [], commitments: [], news: [] };
  for (const cur of current) {
    const prev = before.get(sideKey(cur.companyId, cur.module));
    if (!prev || (prev.json === cur.json && sameFindsNothing(cur.module, cur.json, o.scoreThreshold))) continue;
    compareResult(parsed(prev), parsed(cur), o.scoreThreshold, found);
  }
  return inOrder(found);
}

const parsed = (r: EsgResultText): EsgResultItems => ({ companyId: r.companyId, companyName: r.companyName, module: r.module, items: JSON.parse(r.json) as Record<string, unknown>[] });

/** Whether compareResult finds nothing between a result and the same items again. */
function sameFindsNothing(module: EsgModule, json: string, scoreThreshold: number): boolean {
  if (module === 'news') return true; // every item's key is known
  if (module === 'scores') return !(0 >= scoreThreshold - 1e-9); // a move of 0 counts only at a threshold of ~0
  // A commitment is compared with the last one of its key: only two of one key can differ.
  const keys = (JSON.parse(json) as Record<string, unknown>[]).map(keyOf);
  return new Set(keys).size === keys.length;
}

/** The changes between one company's module in two refreshes, added to `found`. */
function compareResult(prev: EsgResultItems, cur: EsgResultItems, scoreThreshold: number, found: Found): void {
  const base = { companyId: cur.companyId, companyName: cur.companyName ?? prev.companyName, module: cur.module };
  if (cur.module === 'scores') {
    const a = prev.items[0];
    const b = cur.items[0];
    if (!a || !b) return;
    for (const f of SCORE_FIELDS) {
      const x = num(a[f]);
      const y = num(b[f]);
      // A float difference of exactly the threshold still counts (5.000000001 vs 5).
      if (x !== null && y !== null && Math.abs(y - x) >= scoreThreshold - 1e-9) found.scores.push({ ...base, kind: 'score', field: f, oldValue: x, newValue: y, detail: null });
    }
    const ra = text(a.rating);
    const rb = text(b.rating);
    if (ra && rb && ra !== rb) found.ratings.push({ ...base, kind: 'rating', field: 'rating', oldValue: ra, newValue: rb, detail: ratingDirection(ra, rb) });
  } else if (cur.module === 'news') {
    const known = new Set(prev.items.map(keyOf));
    for (const item of cur.items) {
      if (known.has(keyOf(item))) continue;
      // The title is the value; stored once (a hostile title can be megabytes).
      found.news.push({ ...base, kind: 'news', field: null, oldValue: null, newValue: titleOf(item), detail: null });
    }
  } else {
    const known = new Map(prev.items.map((i) => [keyOf(i), i]));
    for (const item of cur.items) {
      const old = known.get(keyOf(item));
      const title = titleOf(item);
      if (!old) found.commitments.push({ ...base, kind: 'commitment', field: null, oldValue: null, newValue: title, detail: null });
      else for (const f of fieldChanges(old, item)) found.commitments.push({ ...base, kind: 'commitment', field: f.field, oldValue: f.oldValue, newValue: f.newValue, detail: title });
    }
  }
}

const inOrder = (f: Found): FoundChange[] => [...f.ratings.sort(byName), ...f.scores.sort(byName), ...f.commitments.sort(byName), ...f.news.sort(byName)];
