// Old checks go: every finished check older than the team's keep period, with its changes (they
// cascade), except each watch's latest one and the one its current result came from (the next
// check compares with it). Run at the minute tick on whichever node takes it, a bounded batch at a
// time so a long backlog never holds locks for long. Without it the changes only grow: one round of
// the scale bench (1,000 watches after a sandbox epoch) stored 40 MB of them (bench/team-nodes.ts).
import type pg from 'pg';

/** Checks removed per statement (the next tick takes the rest). */
const BATCH = 5000;

export async function pruneOldChecks(pool: pg.Pool, keepDays: number): Promise<number> {
  const r = await pool.query(
    `delete from team_checks c
      where c.id in (
        select o.id from team_checks o
         where o.status in ('done', 'failed') and o.finished_at < now() - make_interval(days => $1)
           and not exists (select 1 from team_watch_results r where r.check_id = o.id)
           and o.id <> (select max(l.id) from team_checks l where l.watch_id = o.watch_id)
         order by o.id
         limit $2)`,
    [keepDays, BATCH],
  );
  return r.rowCount ?? 0;
}
