// Immediate digests from the team's finished checks: every done check with changes of a watch that
// someone follows "immediately" becomes the digest of period `check:<id>`. Run on every node after
// each check it ran and at every minute tick; the outbox keeps one digest per period and one
// delivery per subscription (unique keys), so however many nodes feed at once, each is queued once,
// and a node that died right after its check is covered by the next tick.
import type pg from 'pg';
import type { FoundChange } from '../watches/change-store';
import type { Outbox } from './outbox';

/** Checks looked at per round: those of the last day still without their immediate digest. */
const WINDOW = "interval '1 day'";

interface PendingCheck {
  check_id: string;
  watch_id: string;
  watch_name: string;
  kind: 'search' | 'list';
  finished_at: Date;
}

export async function feedImmediateDigests(pool: pg.Pool, outbox: Outbox): Promise<number> {
  const pending = await pool.query<PendingCheck>(
    `select c.id::text as check_id, w.id as watch_id, w.name as watch_name, i.kind, c.finished_at
       from team_checks c join team_watches w on w.id = c.watch_id join team_items i on i.id = w.item_id
      where c.status = 'done' and c.changes > 0 and c.finished_at > now() - ${WINDOW}
        and exists (select 1 from digest_subscriptions s where s.watch_id = w.id and s.cadence = 'immediate' and s.unsubscribed_at is null)
        and not exists (select 1 from digests d where d.watch_id = w.id and d.cadence = 'immediate' and d.period_key = 'check:' || c.id)
      order by c.id`,
  );
  let queued = 0;
  for (const p of pending.rows) {
    const changes = await pool.query<FoundChange>(
      `select kind, company_id as "companyId", company_name as "companyName", field, module, old_value as "oldValue", new_value as "newValue", detail
         from team_changes where check_id = $1 order by id`,
      [p.check_id],
    );
    const r = await outbox.enqueue({
      watchId: p.watch_id,
      cadence: 'immediate',
      periodKey: `check:${p.check_id}`,
      items: [{ watch: { id: p.watch_id, name: p.watch_name, targetKind: p.kind }, checkId: p.check_id, checkedAt: p.finished_at.toISOString(), changes: changes.rows }],
    });
    queued += r.queued;
  }
  return queued;
}
