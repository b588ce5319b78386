// The team inbox in PostgreSQL (migration 6): every done check that found changes, newest first,
// with a read mark per member and check. Another member's mark never reads mine.
import type pg from 'pg';
import type { Inbox, InboxEntry, InboxMarked } from '../../../shared/team/inbox';

const ENTRIES_SQL = `
  select c.id::int as "checkId", c.finished_at as "finishedAt",
         json_build_object('id', w.id, 'name', w.name) as watch,
         json_build_object('id', i.id, 'name', i.name, 'kind', i.kind) as item,
         (r.check_id is not null) as read,
         coalesce(k.counts, '{}'::json) as counts, coalesce(k.companies, '{}'::json) as companies
    from team_checks c
    join team_watches w on w.id = c.watch_id
    join team_items i on i.id = w.item_id
    left join team_check_reads r on r.check_id = c.id and r.member_id = $1
    -- Per kind: its changes and the companies they concern (an address move is one company, not four rows).
    left join lateral (select json_object_agg(g.kind, g.n) as counts, json_object_agg(g.kind, g.companies) as companies
                         from (select x.kind, count(*)::int as n, count(distinct x.company_id)::int as companies from team_changes x
                                where x.watch_id = c.watch_id and x.check_id = c.id group by x.kind) g) k on true
   where c.status = 'done' and c.changes > 0
     and ($2::bigint is null or (c.finished_at, c.id) < (select b.finished_at, b.id from team_checks b where b.id = $2))
   order by c.finished_at desc, c.id desc
   limit $3`;

const UNREAD_SQL = `
  select count(*)::int as n from team_checks c
   where c.status = 'done' and c.changes > 0
     and not exists (select 1 from team_check_reads r where r.member_id = $1 and r.check_id = c.id)`;

type EntryRow = Omit<InboxEntry, 'finishedAt'> & { finishedAt: Date };

export function createInboxStore(pool: pg.Pool) {
  const unread = async (memberId: string) => (await pool.query<{ n: number }>(UNREAD_SQL, [memberId])).rows[0]!.n;
  const marked = async (memberId: string, r: pg.QueryResult): Promise<InboxMarked> => ({ changed: r.rowCount ?? 0, unread: await unread(memberId) });
  return {
    /** One page of the inbox as `memberId` sees it; one row more than asked says whether a next page exists. */
    async page(memberId: string, q: { limit: number; before?: number }): Promise<Inbox> {
      const r = await pool.query<EntryRow>(ENTRIES_SQL, [memberId, q.before ?? null, q.limit + 1]);
      const rows = r.rows.slice(0, q.limit);
      return {
        entries: rows.map((e) => ({ ...e, finishedAt: e.finishedAt.toISOString() })),
        unread: await unread(memberId),
        nextBefore: r.rows.length > q.limit ? rows[rows.length - 1]!.checkId : null,
      };
    },
    /** Marks these checks read (ids of no done check with changes are passed over). */
    async markRead(memberId: string, checkIds: number[]): Promise<InboxMarked> {
      const r = await pool.query(
        `insert into team_check_reads (member_id, check_id)
         select $1, c.id from team_checks c where c.id = any($2::bigint[]) and c.status = 'done' and c.changes > 0
         on conflict do nothing`,
        [memberId, checkIds],
      );
      return marked(memberId, r);
    },
    /**
     * Marks read every check that finished at or before `before` (the newest finishedAt the member saw,
     * so checks that came after stay unread). Compared at milliseconds: the ISO times sent have no more.
     */
    async markAllRead(memberId: string, before: Date): Promise<InboxMarked> {
      const r = await pool.query(
        `insert into team_check_reads (member_id, check_id)
         select $1, c.id from team_checks c where c.status = 'done' and c.changes > 0 and date_trunc('milliseconds', c.finished_at) <= $2
         on conflict do nothing`,
        [memberId, before],
      );
      return marked(memberId, r);
    },
    async markUnread(memberId: string, checkIds: number[]): Promise<InboxMarked> {
      const r = await pool.query('delete from team_check_reads where member_id = $1 and check_id = any($2::bigint[])', [memberId, checkIds]);
      return marked(memberId, r);
    },
  };
}
export type InboxStore = ReturnType<typeof createInboxStore>;
