// The team server's job queue: pg-boss on the team's PostgreSQL (its own schema), shared by every
// node. It hands each job to one node at a time, retries failed ones with backoff, runs cron
// schedules once per slot across nodes (compared with the database's clock) and keeps its own
// schema up to date. What a job does stays exactly-once through the features' own tables.
import PgBoss from 'pg-boss';
import type pg from 'pg';

export type JobQueue = PgBoss;
export type Job<T> = PgBoss.Job<T>;

export interface JobQueueOptions {
  databaseUrl: string;
  /** Connections pg-boss keeps on this node. */
  poolSize?: number;
  /** How often an idle worker asks for a job (s); pg-boss's minimum is 0.5. */
  pollingIntervalSeconds?: number;
}

export const JOB_SCHEMA = 'firmscope_jobs';

export async function startJobQueue(o: JobQueueOptions): Promise<JobQueue> {
  const boss = new PgBoss({ connectionString: o.databaseUrl, schema: JOB_SCHEMA, max: o.poolSize ?? 4, application_name: 'firmscope-server-jobs' });
  // A lost connection is reported here; pg-boss reconnects by itself. Never the URL (a password).
  boss.on('error', () => undefined);
  await boss.start();
  return boss;
}

/** The `db` option that makes a pg-boss send part of the caller's transaction (send commits with it, or not at all). */
export function inTransaction(client: pg.PoolClient): PgBoss.Db {
  return { executeSql: (text, values) => client.query(text, values) };
}
