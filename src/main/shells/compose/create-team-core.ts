// The team server's core, wired once for its shell and its tests: the PostgreSQL pool, the schema
// brought up to date, and the features the server runs: members and their shared team items.
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createMembers, type Members } from '../../features/members/members';
import { createTeamItems, type TeamItems } from '../../features/team-items/items';
import type { BackoffPolicy } from '../../features/esg/backoff';
import type { WatchTimers } from '../../features/esg/timers';
import { createTeamWatches, type TeamWatches } from '../../features/team-watches/team-watches';
import type { CheckRunResult } from '../../features/team-watches/check-runner';
import { startJobQueue, type JobQueue } from '../../platform/team-db/job-queue';
import type { RequestGateStats } from '../../platform/team-db/request-gate';
import { migrate } from '../../platform/team-db/migrate';
import { createTeamServiceClient, type TeamServiceClient, type TeamServiceSettings } from './team-service-client';
import { startTeamDigests, type TeamDigestSettings, type TeamDigests } from './team-digests';
import { TEAM_MIGRATIONS } from '../../platform/team-db/migrations';

export type { Member } from '../../features/members/members';

export interface TeamCoreOptions {
  databaseUrl: string;
  /** Connections this node keeps at most. */
  poolSize?: number;
  inviteTtlMs?: number;
  tokenTtlMs?: number;
  now?: () => Date;
  /** Run team watches on this node (the job queue and its workers); absent: members and items only (admin commands). */
  watches?: TeamWatchSettings;
}

export interface TeamWatchSettings {
  /** The service and the team's credential; null: watches are kept, none is checked. */
  service: { settings: TeamServiceSettings; secret: string } | null;
  timeZone: string;
  rowCap: number;
  concurrency: number;
  /** A list check's module requests and data reads in flight at once (default 4). */
  esgConcurrency?: number;
  /** Days finished checks and their changes are kept (default 90). */
  keepDays?: number;
  /** List checks' session polls: clock and backoff (tests and the bench run them fast). */
  timers?: WatchTimers;
  policy?: BackoffPolicy;
  pollingIntervalSeconds: number;
  leaseSeconds?: number;
  /** This node's name in the checks table; default host:pid:random. */
  node?: string;
  onCheck?(checkId: number, result: CheckRunResult): void;
  /** Digests by mail and chat from this node; absent: none are sent. */
  digests?: TeamDigestSettings;
}

export interface TeamCore {
  members: Members;
  items: TeamItems;
  /** Present when the core runs watches (serve). */
  watches: TeamWatches | null;
  /** Present when the core sends digests (serve with digest settings). */
  digests: TeamDigests | null;
  /** True when the database answers. */
  databaseUp(): Promise<boolean>;
  /** The team's request gate now (requests used today, budget, learned pace, hold); null without a service. */
  serviceStats(): Promise<RequestGateStats | null>;
  close(): Promise<void>;
}

export async function createTeamCore(o: TeamCoreOptions): Promise<TeamCore> {
  const pool = new pg.Pool({ connectionString: o.databaseUrl, max: o.poolSize ?? 10 });
  // An idle connection the server drops (a restart) must not crash the node: the pool reconnects.
  pool.on('error', () => undefined);
  try {
    await migrate(pool, TEAM_MIGRATIONS);
  } catch (e) {
    await pool.end();
    throw e;
  }
  const running = o.watches ? await startWatches(pool, o.databaseUrl, o.watches) : null;
  return {
    members: createMembers({ pool, now: o.now, inviteTtlMs: o.inviteTtlMs, tokenTtlMs: o.tokenTtlMs }),
    items: createTeamItems({ pool, now: o.now }),
    watches: running?.watches ?? null,
    digests: running?.digests ?? null,
    serviceStats: async () => (running?.service ? running.service.gate.stats() : null),
    databaseUp: () =>
      pool.query('select 1').then(
        () => true,
        () => false,
      ),
    async close() {
      // Running checks stop where they are: their leases run out and another node takes them.
      await running?.digests?.stop();
      await running?.boss.stop({ graceful: false, wait: true });
      await running?.service?.close();
      await pool.end();
    },
  };
}

async function startWatches(pool: pg.Pool, databaseUrl: string, w: TeamWatchSettings): Promise<{ watches: TeamWatches; boss: JobQueue; service: TeamServiceClient | null; digests: TeamDigests | null }> {
  const service = w.service ? await createTeamServiceClient(w.service.settings, w.service.secret, { pool, timeZone: w.timeZone }) : null;
  const boss = await startJobQueue({ databaseUrl, poolSize: 2 });
  const node = w.node ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const digests = w.digests ? startTeamDigests(pool, node, w.digests, w.timeZone) : null;
  // Immediate digests right after a check this node ran, and at every tick for checks whose node died
  // first; daily and weekly ones at every tick, for the days and weeks that ended.
  const feed = () => digests?.feed().catch(() => 0);
  const feedPeriods = () => digests?.feedPeriods().catch(() => 0);
  const watches = createTeamWatches({
    pool,
    boss,
    node,
    api: service?.api ?? null,
    rowCap: w.rowCap,
    timeZone: w.timeZone,
    concurrency: w.concurrency,
    esgConcurrency: w.esgConcurrency,
    keepDays: w.keepDays,
    timers: w.timers,
    policy: w.policy,
    pollingIntervalSeconds: w.pollingIntervalSeconds,
    leaseSeconds: w.leaseSeconds,
    onCheck: (checkId, result) => {
      w.onCheck?.(checkId, result);
      if (result === 'done') void feed();
    },
    afterTick: async () => Promise.all([feed(), feedPeriods()]),
  });
  await watches.start();
  return { watches, boss, service, digests };
}
