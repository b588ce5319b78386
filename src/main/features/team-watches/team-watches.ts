// Team watches on the team server: created on a team item, checked on their schedule by whichever
// node takes the job (pg-boss), each due slot exactly once (check-queue.ts, check-runner.ts).
import type pg from 'pg';
import type { ApiClient } from '../../platform/api/types';
import type { Job, JobQueue } from '../../platform/team-db/job-queue';
import { CHECK_QUEUE, createCheckQueues, queueCheckNow, queueDueChecks, TICK_QUEUE, type CheckJob } from './check-queue';
import { runQueuedCheck, type CheckRunResult } from './check-runner';
import { createInboxStore } from './inbox-store';
import { createWatchStore } from './watch-store';
import { pruneOldChecks } from './prune';

/** Days finished checks and their changes are kept unless the settings say otherwise. */
export const KEEP_DAYS = 90;
import type { BackoffPolicy } from '../esg/backoff';
import type { WatchTimers } from '../esg/timers';

export interface TeamWatchesOptions {
  pool: pg.Pool;
  boss: JobQueue;
  node: string;
  /** The team's service client; null: the service is not set up, checks are not taken. */
  api: ApiClient | null;
  rowCap: number;
  /** The time zone schedules are read in (e.g. Europe/Berlin). */
  timeZone: string;
  /** Checks this node runs at once. */
  concurrency: number;
  pollingIntervalSeconds: number;
  leaseSeconds?: number;
  /** List checks: module requests and data reads in flight at once, per check (default 4). */
  esgConcurrency?: number;
  /** List checks' session polls: clock and backoff (defaults: real time, the desktop's backoff). */
  timers?: WatchTimers;
  policy?: BackoffPolicy;
  /** Days finished checks and their changes are kept (default 90; prune.ts). */
  keepDays?: number;
  /** Told after each check this node ran (tests, logs, digests). */
  onCheck?(checkId: number, result: CheckRunResult): void;
  /** Runs after each minute tick on the node that took it (immediate digests of checks that ended, daily and weekly ones of periods that ended). */
  afterTick?(): Promise<unknown>;
}

export function createTeamWatches(o: TeamWatchesOptions) {
  const store = createWatchStore(o.pool, o.timeZone);
  return {
    store,
    /** The team inbox: checks with changes and each member's read marks. */
    inbox: createInboxStore(o.pool),
    /** Registers the queues, the minute tick and this node's workers. */
    async start(): Promise<void> {
      await createCheckQueues(o.boss, o.pool);
      await o.boss.work(TICK_QUEUE, { pollingIntervalSeconds: o.pollingIntervalSeconds }, async () => {
        await queueDueChecks(o.pool, o.boss, o.timeZone);
        await pruneOldChecks(o.pool, o.keepDays ?? KEEP_DAYS);
        await o.afterTick?.();
      });
      const api = o.api;
      if (!api) return;
      const work = async ([job]: Job<CheckJob>[]) => {
        if (!job) return;
        const result = await runQueuedCheck(
          { pool: o.pool, node: o.node, api, rowCap: o.rowCap, leaseSeconds: o.leaseSeconds, esgConcurrency: o.esgConcurrency, timers: o.timers, policy: o.policy },
          job.data.checkId,
        );
        o.onCheck?.(job.data.checkId, result);
      };
      for (let i = 0; i < o.concurrency; i++) await o.boss.work<CheckJob>(CHECK_QUEUE, { pollingIntervalSeconds: o.pollingIntervalSeconds, batchSize: 1 }, work);
    },
    /** Queues what is due now (the minute tick does this on its own). */
    tick: () => queueDueChecks(o.pool, o.boss, o.timeZone),
    checkNow: (watchId: string) => queueCheckNow(o.pool, o.boss, watchId),
  };
}
export type TeamWatches = ReturnType<typeof createTeamWatches>;
