// Runs one queued team check on this node: claims it (a lease in the database, renewed while the
// check runs), runs it, and commits its end, its changes and its result in one transaction that
// only the lease holder can commit. A node killed mid-check stops renewing: the check is queued
// again and another node runs it from the start; the dead node's work is never committed, so no
// change is lost or doubled.
import type pg from 'pg';
import { toBridgeError } from '../../../shared/errors';
import type { ApiClient } from '../../platform/api/types';
import { withTransaction } from '../../platform/team-db/transaction';
import type { EsgModule } from '../../../shared/service/schemas';
import { SCORE_THRESHOLD_DEFAULT } from '../../../shared/watches/watches';
import { keepChange, smallestThreshold } from '../../../shared/watches/rules';
import { DEFAULT_BACKOFF, type BackoffPolicy } from '../esg/backoff';
import { realTimers, type WatchTimers } from '../esg/timers';
import { createMeter } from '../watches/metered-api';
import type { FoundChange } from '../watches/change-store';
import type { EsgResultItems } from '../watches/esg-diff';
import { runTeamListCheck } from './list-check';
import { runTeamSearchCheck } from './search-check';
import { storedRules } from './watch-store';

/** A check's lease; renewed every third of it while the check runs. */
export const LEASE_SECONDS = 60;
/** A list check's module requests and data reads in flight at once (the desktop's default too). */
export const ESG_CONCURRENCY = 4;

export interface CheckRunnerDeps {
  pool: pg.Pool;
  /** This node's name in the checks table (host, pid, a random part). */
  node: string;
  api: ApiClient;
  /** Most companies a search check compares. */
  rowCap: number;
  leaseSeconds?: number;
  /** List checks: module requests and data reads in flight at once, per check. */
  esgConcurrency?: number;
  /** List checks: the clock and backoff their session polls run on (defaults: real time, the desktop's backoff). */
  timers?: WatchTimers;
  policy?: BackoffPolicy;
}

export type CheckRunResult = 'done' | 'failed' | 'skipped' | 'lost_lease';

interface Claimed {
  id: number;
  watch_id: string;
  item_kind: 'search' | 'list';
  item_name: string;
  content: unknown;
  modules: EsgModule[] | null;
  score_threshold: number | null;
  rules: unknown;
}

export async function runQueuedCheck(d: CheckRunnerDeps, checkId: number): Promise<CheckRunResult> {
  const lease = d.leaseSeconds ?? LEASE_SECONDS;
  const claimed = await claim(d.pool, checkId, d.node, lease);
  if (!claimed) return 'skipped';
  const beat = setInterval(() => void renew(d.pool, checkId, d.node, lease).catch(() => undefined), (lease * 1000) / 3);
  const meter = createMeter(null);
  try {
    const previous = await d.pool.query<{ records: unknown }>('select records from team_watch_results where watch_id = $1', [claimed.watch_id]);
    const found = await runCheck(d, claimed, meter.wrap(d.api), previous.rows[0]?.records ?? null);
    // The watch's alert rules choose which of the found changes count (issue 38); the cost is the same.
    const rules = storedRules(claimed.rules) ?? undefined;
    const threshold = claimed.score_threshold ?? SCORE_THRESHOLD_DEFAULT;
    const outcome = { ...found, changes: found.changes.filter((c) => keepChange(c, rules, threshold)) };
    const committed = await commit(d.pool, { checkId, node: d.node, watchId: claimed.watch_id, requests: meter.count, ...outcome });
    return committed ? 'done' : 'lost_lease';
  } catch (e) {
    const message = toBridgeError(e).message;
    const r = await d.pool.query(
      "update team_checks set status = 'failed', finished_at = now(), lease_until = null, requests = $3, error = $4 where id = $1 and node = $2 and status = 'running'",
      [checkId, d.node, meter.count, message.slice(0, 2000)],
    );
    return r.rowCount ? 'failed' : 'lost_lease';
  } finally {
    clearInterval(beat);
  }
}

/** The check of a shared search or list, against the watch's previous result. */
async function runCheck(d: CheckRunnerDeps, claimed: Claimed, api: ApiClient, previous: unknown): Promise<Omit<Outcome, 'checkId' | 'node' | 'watchId' | 'requests'>> {
  if (claimed.item_kind === 'search') {
    const r = await runTeamSearchCheck({ api, content: claimed.content, name: claimed.item_name, rowCap: d.rowCap, previous: previous as Array<[string, string]> | null });
    return { ...r, failedCells: null, failure: null };
  }
  return runTeamListCheck({
    api,
    content: claimed.content,
    name: claimed.item_name,
    modules: claimed.modules ?? ['scores', 'news', 'commitments'],
    // Found down to the smallest pillar threshold of the rules; the rules then choose per pillar.
    scoreThreshold: smallestThreshold(storedRules(claimed.rules) ?? undefined, claimed.score_threshold ?? SCORE_THRESHOLD_DEFAULT),
    previous: previous as EsgResultItems[] | null,
    concurrency: d.esgConcurrency ?? ESG_CONCURRENCY,
    timers: d.timers ?? realTimers(),
    policy: d.policy ?? DEFAULT_BACKOFF,
  });
}

/**
 * Takes a queued check, or a running one whose lease ran out, unless another check of the same
 * watch holds a live lease (it would diff against a result about to change: this one waits).
 */
async function claim(pool: pg.Pool, checkId: number, node: string, lease: number): Promise<Claimed | null> {
  const r = await pool.query<Claimed>(
    `with taken as (
       update team_checks c set status = 'running', node = $2, attempts = attempts + 1, started_at = now(), lease_until = now() + make_interval(secs => $3)
        where c.id = $1
          and (c.status = 'queued' or (c.status = 'running' and c.lease_until < now()))
          and not exists (select 1 from team_checks o where o.watch_id = c.watch_id and o.id <> c.id and o.status = 'running' and o.lease_until >= now())
        returning c.id, c.watch_id)
     select taken.id::int as id, taken.watch_id, i.kind as item_kind, i.name as item_name, i.content, w.modules, w.score_threshold, w.rules
       from taken join team_watches w on w.id = taken.watch_id join team_items i on i.id = w.item_id`,
    [checkId, node, lease],
  );
  return r.rows[0] ?? null;
}

async function renew(pool: pg.Pool, checkId: number, node: string, lease: number): Promise<void> {
  await pool.query("update team_checks set lease_until = now() + make_interval(secs => $3) where id = $1 and node = $2 and status = 'running'", [checkId, node, lease]);
}

interface Outcome {
  checkId: number;
  node: string;
  watchId: string;
  requests: number;
  rows: number;
  baseline: boolean;
  changes: FoundChange[];
  /** Search: [company id, record JSON] pairs; list: each company and module's ESG items. */
  records: Array<[string, string]> | EsgResultItems[];
  /** List checks: cells that kept their previous result, and the first reason. */
  failedCells: number | null;
  failure: string | null;
}

/** The check's end, its changes and the watch's new result, all or nothing, only by the lease holder. */
async function commit(pool: pg.Pool, o: Outcome): Promise<boolean> {
  return withTransaction(pool, async (client) => {
    const ended = await client.query(
      "update team_checks set status = 'done', finished_at = now(), lease_until = null, requests = $3, rows = $4, changes = $5, baseline = $6, failed_cells = $7, error = $8 where id = $1 and node = $2 and status = 'running'",
      [o.checkId, o.node, o.requests, o.rows, o.changes.length, o.baseline, o.failedCells, o.failure],
    );
    // Not the lease holder any more: nothing was changed, and nothing more is.
    if (ended.rowCount !== 1) return false;
    if (o.changes.length) {
      await client.query(
        `insert into team_changes (check_id, watch_id, kind, company_id, company_name, field, module, old_value, new_value, detail)
         select $1, $2, x.kind, x."companyId", x."companyName", x.field, x.module, x."oldValue", x."newValue", x.detail
           from jsonb_to_recordset($3::jsonb) as x(kind text, "companyId" text, "companyName" text, field text, module text, "oldValue" jsonb, "newValue" jsonb, detail text)`,
        [o.checkId, o.watchId, JSON.stringify(o.changes)],
      );
    }
    await client.query(
      'insert into team_watch_results (watch_id, check_id, records) values ($1, $2, $3::jsonb) on conflict (watch_id) do update set check_id = excluded.check_id, records = excluded.records',
      [o.watchId, o.checkId, JSON.stringify(o.records)],
    );
    return true;
  });
}
