// Puts due checks on the job queue, on any node, as often as pg-boss's cron fires (every minute):
// one check row per watch and due time (unique) and its job sent in the same transaction, so a slot
// is queued once however many nodes tick. Also re-queues checks whose node stopped renewing its
// lease (killed mid-check) and checks a busy watch had to leave waiting.
import type pg from 'pg';
import { inTransaction, type JobQueue } from '../../platform/team-db/job-queue';
import { withTransaction } from '../../platform/team-db/transaction';
import { WatchScheduleSchema } from '../../../shared/watches/watches';
import { nextDue } from './team-schedule';

export const CHECK_QUEUE = 'team-check';
export const TICK_QUEUE = 'team-tick';
/** Due watches taken per transaction (the rest in the next round of the same tick). */
const BATCH = 200;

export interface CheckJob {
  checkId: number;
}

/**
 * Options of every check job: at most one waiting job per check (policy short + key), any number
 * active: a check whose node died still has its job "active" in pg-boss until it expires, and the
 * job queued again for it must be able to start meanwhile (stately would hold it back).
 */
export const checkJobOptions = (checkId: number) => ({ singletonKey: `check:${checkId}`, retryLimit: 3, retryDelay: 30, retryBackoff: true });

/** Any number, the same on every node: "FSCQ" in ASCII. */
const QUEUE_SETUP_LOCK = 0x46534351;

/**
 * Creates the queues and the minute tick, one node at a time: pg-boss makes each queue a partition
 * of its job table, and two nodes attaching partitions at once can deadlock (seen with three nodes
 * started together). Creating an existing queue does nothing, so the later nodes pass through.
 */
export async function createCheckQueues(boss: JobQueue, pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [QUEUE_SETUP_LOCK]);
    await boss.createQueue(CHECK_QUEUE, { name: CHECK_QUEUE, policy: 'short', expireInSeconds: 60 * 60 });
    await boss.createQueue(TICK_QUEUE, { name: TICK_QUEUE, policy: 'stately', expireInSeconds: 5 * 60 });
    await boss.schedule(TICK_QUEUE, '* * * * *');
  } finally {
    await client.query('select pg_advisory_unlock($1)', [QUEUE_SETUP_LOCK]).catch(() => undefined);
    client.release();
  }
}

/** Queues every due watch; returns how many checks were queued. */
export async function queueDueChecks(pool: pg.Pool, boss: JobQueue, timeZone: string): Promise<number> {
  let queued = 0;
  for (;;) {
    const n = await queueBatch(pool, boss, timeZone);
    queued += n.queued;
    if (n.seen < BATCH) break;
  }
  return queued + (await requeueStalled(pool, boss));
}

async function queueBatch(pool: pg.Pool, boss: JobQueue, timeZone: string): Promise<{ seen: number; queued: number }> {
  return withTransaction(pool, async (client) => {
    // Skip locked: another node queueing the same due watches now takes them, this one the rest.
    const due = await client.query<{ id: string; schedule: unknown; next_due_at: Date; now: Date }>(
      'select id, schedule, next_due_at, now() as now from team_watches where not paused and next_due_at <= now() order by next_due_at limit $1 for update skip locked',
      [BATCH],
    );
    let queued = 0;
    for (const w of due.rows) {
      const check = await client.query<{ id: number }>(
        "insert into team_checks (watch_id, due_at, trigger, status) values ($1, $2, 'schedule', 'queued') on conflict (watch_id, due_at) do nothing returning id::int as id",
        [w.id, w.next_due_at],
      );
      const id = check.rows[0]?.id;
      if (id !== undefined) {
        await boss.send(CHECK_QUEUE, { checkId: id } satisfies CheckJob, { ...checkJobOptions(id), db: inTransaction(client) });
        queued++;
      }
      await client.query('update team_watches set next_due_at = $2 where id = $1', [w.id, nextDue(WatchScheduleSchema.parse(w.schedule), w.now, timeZone)]);
    }
    return { seen: due.rows.length, queued };
  });
}

/** Checks nobody works on: a lease that ran out (the node died) or queued for over a minute. */
async function requeueStalled(pool: pg.Pool, boss: JobQueue): Promise<number> {
  const stalled = await pool.query<{ id: number }>(
    `select id::int as id from team_checks
      where (status = 'running' and lease_until < now()) or (status = 'queued' and queued_at < now() - interval '1 minute')`,
  );
  let sent = 0;
  // A job still queued for the check has the same key: pg-boss keeps one (send answers null).
  for (const { id } of stalled.rows) if (await boss.send(CHECK_QUEUE, { checkId: id } satisfies CheckJob, checkJobOptions(id))) sent++;
  return sent;
}

/** "Check now": a check due at the database's now, queued with its job in one transaction. */
export async function queueCheckNow(pool: pg.Pool, boss: JobQueue, watchId: string): Promise<number> {
  return withTransaction(pool, async (client) => {
    const r = await client.query<{ id: number }>(
      "insert into team_checks (watch_id, due_at, trigger, status) values ($1, clock_timestamp(), 'manual', 'queued') returning id::int as id",
      [watchId],
    );
    const id = r.rows[0]!.id;
    await boss.send(CHECK_QUEUE, { checkId: id } satisfies CheckJob, { ...checkJobOptions(id), db: inTransaction(client) });
    return id;
  });
}
