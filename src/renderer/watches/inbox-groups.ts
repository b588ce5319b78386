// The inbox's rows (newest first) grouped by watch, then by the check that found them, keeping the
// order in which they come (the newest check of the newest watch first). Pure, for tests.
import type { WatchChange } from '../../shared/watches/watches';

export interface CheckGroup {
  checkId: number;
  /** When the check finished (its changes all carry it). */
  at: number;
  rows: WatchChange[];
  unread: number;
}
export interface WatchGroup {
  watchId: number;
  checks: CheckGroup[];
}

export function groupChanges(rows: readonly WatchChange[]): WatchGroup[] {
  const watches = new Map<number, WatchGroup>();
  const checks = new Map<number, CheckGroup>();
  for (const r of rows) {
    let w = watches.get(r.watchId);
    if (!w) watches.set(r.watchId, (w = { watchId: r.watchId, checks: [] }));
    let c = checks.get(r.checkId);
    if (!c) {
      checks.set(r.checkId, (c = { checkId: r.checkId, at: r.at, rows: [], unread: 0 }));
      w.checks.push(c);
    }
    c.rows.push(r);
    if (!r.read) c.unread++;
  }
  return [...watches.values()];
}
