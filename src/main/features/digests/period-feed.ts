// Daily and weekly digests from the team's finished checks: at each minute tick, every day or ISO
// week (in the team's time zone, period.ts) that ended becomes, for each watch someone follows at
// that cadence, one digest of every change of the watch's checks that finished within it, grouped
// by check. Run on every node at every tick; the outbox keeps one digest per (watch, cadence,
// period) and one delivery per subscription (unique keys), so however many nodes feed at once, each
// is queued once. A period without changes sends nothing.
//
// Catch-up: periods that ended in the last LOOK_BACK_DAYS are looked at on every tick, so a server
// down across a period's end sends it at its next tick; older ones are not sent any more.
// A period is fed once GRACE_MS have passed after its end: finished_at is the database's now() at
// the start of the finishing transaction, so a check finishing at 23:59:59 may commit a moment later.
import type pg from 'pg';
import type { FoundChange } from '../watches/change-store';
import { SHOWN_PER_CHECK } from './content';
import type { DigestItem } from './digest-model';
import type { Outbox } from './outbox';
import { periodsEnded, type Period } from './period';

export const LOOK_BACK_DAYS = 8;
export const GRACE_MS = 2 * 60_000;

export interface PeriodFeedOptions {
  /** The team's time zone (`watches.timeZone`): where a day starts. */
  timeZone: string;
  /** The time to feed at; default the database's now(). */
  now?: Date;
}

interface PeriodCheck {
  period_key: string;
  check_id: string;
  watch_id: string;
  watch_name: string;
  kind: 'search' | 'list';
  finished_at: Date;
}

/**
 * $1 keys, $2 starts, $3 ends of the periods, $4 the cadence. The done checks with changes of each
 * period, of watches with an active subscription that existed before the period ended (a new
 * subscriber is not sent past periods), whose digest is not there yet.
 */
const PERIOD_CHECKS = `
  select p.key as period_key, c.id::text as check_id, w.id as watch_id, w.name as watch_name, i.kind, c.finished_at
    from unnest($1::text[], $2::timestamptz[], $3::timestamptz[]) as p(key, start_at, end_at)
    join team_checks c on c.finished_at >= p.start_at and c.finished_at < p.end_at
    join team_watches w on w.id = c.watch_id join team_items i on i.id = w.item_id
   where c.status = 'done' and c.changes > 0
     and exists (select 1 from digest_subscriptions s where s.watch_id = w.id and s.cadence = $4 and s.unsubscribed_at is null and s.created_at < p.end_at)
     and not exists (select 1 from digests d where d.watch_id = w.id and d.cadence = $4 and d.period_key = p.key)
   order by w.id, p.key, c.finished_at, c.id`;

/** Changes of the checks, in order; past SHOWN_PER_CHECK only what the headline counts (content.ts keeps no more). */
const CHANGES = `
  select check_id::text as "checkId", kind, company_id as "companyId",
         case when n <= $2 then company_name end as "companyName", case when n <= $2 then field end as field, case when n <= $2 then module end as module,
         case when n <= $2 then old_value end as "oldValue", case when n <= $2 then new_value end as "newValue",
         -- A rating's direction is counted in the headline ("2 rating downgrades"), a leaver's reason shown.
         case when n <= $2 or kind = 'rating' then detail end as detail
    from (select *, row_number() over (partition by check_id order by id) as n from team_changes where check_id = any($1::bigint[])) x
   order by check_id, id`;

export async function feedPeriodDigests(pool: pg.Pool, outbox: Outbox, o: PeriodFeedOptions): Promise<number> {
  const now = o.now ?? (await pool.query<{ now: Date }>('select now() as now')).rows[0]!.now;
  const until = new Date(now.getTime() - GRACE_MS);
  const since = new Date(now.getTime() - LOOK_BACK_DAYS * 86_400_000);
  let queued = 0;
  for (const cadence of ['daily', 'weekly'] as const) {
    const periods = periodsEnded(cadence, since, until, o.timeZone);
    if (periods.length === 0) continue;
    const checks = await pool.query<PeriodCheck>(PERIOD_CHECKS, [periods.map((p) => p.key), periods.map((p) => p.start), periods.map((p) => p.end), cadence]);
    for (const digest of groupByDigest(checks.rows)) {
      const items = await itemsOf(pool, digest);
      const r = await outbox.enqueue({ watchId: digest[0]!.watch_id, cadence, periodKey: digest[0]!.period_key, items, subscribedBefore: endOf(periods, digest[0]!.period_key) });
      queued += r.queued;
    }
  }
  return queued;
}

const endOf = (periods: readonly Period[], key: string) => periods.find((p) => p.key === key)!.end;

/** The rows of each (watch, period), in the query's order. */
function groupByDigest(rows: readonly PeriodCheck[]): PeriodCheck[][] {
  const groups = new Map<string, PeriodCheck[]>();
  for (const r of rows) {
    const id = `${r.watch_id} ${r.period_key}`;
    const g = groups.get(id);
    if (g) g.push(r);
    else groups.set(id, [r]);
  }
  return [...groups.values()];
}

/** One item per check, with its changes: the digest's content, grouped by check as immediate digests are. */
async function itemsOf(pool: pg.Pool, checks: readonly PeriodCheck[]): Promise<DigestItem[]> {
  const changes = await pool.query<FoundChange & { checkId: string }>(CHANGES, [checks.map((c) => c.check_id), SHOWN_PER_CHECK]);
  const byCheck = new Map<string, FoundChange[]>();
  for (const { checkId, ...c } of changes.rows) {
    const list = byCheck.get(checkId);
    if (list) list.push(c);
    else byCheck.set(checkId, [c]);
  }
  return checks.map((c) => ({
    watch: { id: c.watch_id, name: c.watch_name, targetKind: c.kind },
    checkId: c.check_id,
    checkedAt: c.finished_at.toISOString(),
    changes: byCheck.get(c.check_id) ?? [],
  }));
}
