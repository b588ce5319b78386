// A watch as the screen sees it (WatchInfo): its target's name now, last check, next due time,
// cost and unread changes; and the cost of a target before a watch exists (estimate).
import { canonicalJson } from '../../../shared/canonical-json';
import { checkSearchBody } from '../../../shared/search/body';
import type { SavedSearch } from '../../../shared/bridge/groups/search';
import type { WatchCost, WatchInfo, WatchSchedule, WatchTarget } from '../../../shared/watches/watches';
import type { ApiClient } from '../../platform/api/types';
import type { ListsAccess } from '../lists/lists-access';
import type { SnapshotStore } from '../snapshots/snapshot-store';
import type { ChangeStore } from './change-store';
import { watchCost, type CostBasis } from './cost';
import { Scheduler } from './scheduler';
import { checkInfo, type StoredWatch, type WatchStore } from './store';

export interface InfoDeps {
  profileId: string;
  store: WatchStore;
  changes: ChangeStore;
  snapshots(): SnapshotStore;
  lists(): Pick<ListsAccess, 'get'>;
  savedSearch(id: string): SavedSearch | null;
}

/** The target's name now; null when it was deleted. */
export function targetName(d: Pick<InfoDeps, 'lists' | 'savedSearch'>, t: WatchTarget): string | null {
  return t.kind === 'search' ? (d.savedSearch(t.savedSearchId)?.name ?? null) : (d.lists().get(t.listId)?.name ?? null);
}

/**
 * What the estimate is made from without a request: a search's size at the watch's last check or
 * in a loaded result set of the same query; a list's size (and the last check's measured requests).
 * `count`: may ask the service for the search's size (one page_size=1 request) when nothing is known.
 */
export async function costBasis(d: InfoDeps, target: WatchTarget, watchId: number | null, count?: (body: unknown) => Promise<number>): Promise<CostBasis> {
  if (target.kind === 'list') {
    const list = d.lists().get(target.listId);
    const measured = watchId !== null ? d.store.lastRequests(watchId) : null;
    return { kind: 'list', companies: list?.memberCount ?? null, modules: target.modules.length, measured };
  }
  const saved = d.savedSearch(target.savedSearchId);
  if (!saved) return { kind: 'search', rows: null, from: 'unknown' };
  const snapshots = d.snapshots();
  const last = watchId !== null ? d.store.lastDone(watchId) : null;
  const mine = last?.snapshotId ? snapshots.get(last.snapshotId) : null;
  if (mine && (mine.status === 'complete' || mine.status === 'capped')) return { kind: 'search', rows: mine.serviceCount ?? mine.rowCount, from: 'last check' };
  const body = checkSearchBody(saved.body);
  if (body.ok) {
    const key = canonicalJson(body.body);
    const loaded = snapshots.list(d.profileId).find((s) => (s.status === 'complete' || s.status === 'capped') && canonicalJson(s.query) === key);
    if (loaded) return { kind: 'search', rows: loaded.serviceCount ?? loaded.rowCount, from: 'loaded result set' };
    if (count) return { kind: 'search', rows: await count(body.body), from: 'count now' };
  }
  return { kind: 'search', rows: null, from: 'unknown' };
}

/** One page_size=1 search: the service's count of the search. */
export function countRequest(api: ApiClient, lane: 'low' | 'normal') {
  return async (body: unknown): Promise<number> => {
    const page = await api.search({ body: body as never, pageSize: 1 }, { priority: lane });
    return page.count;
  };
}

export async function costOf(d: InfoDeps, target: WatchTarget, schedule: WatchSchedule, watchId: number | null, count?: (body: unknown) => Promise<number>): Promise<WatchCost> {
  return watchCost(await costBasis(d, target, watchId, count), schedule);
}

/** The watch as the screen sees it at `now` (its next due time is counted from it when the clock was set back). */
export async function watchInfo(d: InfoDeps, w: StoredWatch, now: number): Promise<WatchInfo> {
  const last = d.store.lastCheck(w.id);
  return {
    id: w.id,
    profileId: w.profileId,
    name: w.name,
    target: w.target,
    schedule: w.schedule,
    checkAtStart: w.checkAtStart,
    scoreThreshold: w.scoreThreshold,
    ...(w.rules ? { rules: w.rules } : {}),
    targetName: targetName(d, w.target),
    createdAt: w.createdAt,
    paused: w.paused,
    lastCheck: last ? checkInfo(last) : null,
    nextDueAt: Scheduler.nextDue(w, now),
    cost: await costOf(d, w.target, w.schedule, w.id),
    unread: d.changes.unread(w.id),
  };
}
