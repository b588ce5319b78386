// The team server's core, wired once for its shell and its tests: the PostgreSQL pool, the schema
// brought up to date, and the features the server runs: members and their shared team items.
import pg from 'pg';
import { createMembers, type Members } from '../../features/members/members';
import { createTeamItems, type TeamItems } from '../../features/team-items/items';
import { migrate } from '../../platform/team-db/migrate';
import { TEAM_MIGRATIONS } from '../../platform/team-db/migrations';

export type { Member } from '../../features/members/members';

export interface TeamCoreOptions {
  databaseUrl: string;
  /** Connections this node keeps at most. */
  poolSize?: number;
  inviteTtlMs?: number;
  tokenTtlMs?: number;
  now?: () => Date;
}

export interface TeamCore {
  members: Members;
  items: TeamItems;
  /** True when the database answers. */
  databaseUp(): Promise<boolean>;
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
  return {
    members: createMembers({ pool, now: o.now, inviteTtlMs: o.inviteTtlMs, tokenTtlMs: o.tokenTtlMs }),
    items: createTeamItems({ pool, now: o.now }),
    databaseUp: () =>
      pool.query('select 1').then(
        () => true,
        () => false,
      ),
    close: () => pool.end(),
  };
}
