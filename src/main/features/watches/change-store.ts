// The "What changed" inbox: every change a check found (table watch_changes), newest check first,
// read marks, and the rows of one watch or check for the export.
import type { ChangeKind, ChangesPage, ChangesQuery, EsgModule, WatchChange } from '../../../shared/watches/watches';
import type { Sql } from '../../platform/workspace/sql';

/** A change as a diff finds it, before it is stored (no id, check or read mark yet). */
export type FoundChange = Omit<WatchChange, 'id' | 'watchId' | 'checkId' | 'read' | 'at'>;

interface ChangeRow {
  id: number;
  watch_id: number;
  check_id: number;
  kind: ChangeKind;
  company_id: string;
  company_name: string | null;
  field: string | null;
  module: EsgModule | null;
  old_json: string | null;
  new_json: string | null;
  detail: string | null;
  read: number;
  at: number | null;
}

const parse = (v: string | null): unknown => (v === null ? null : JSON.parse(v));
const json = (v: unknown): string | null => (v === null || v === undefined ? null : JSON.stringify(v));

const toChange = (r: ChangeRow): WatchChange => ({
  id: r.id,
  watchId: r.watch_id,
  checkId: r.check_id,
  kind: r.kind,
  companyId: r.company_id,
  companyName: r.company_name,
  field: r.field,
  module: r.module,
  oldValue: parse(r.old_json),
  newValue: parse(r.new_json),
  detail: r.detail,
  read: r.read === 1,
  at: r.at ?? 0,
});

const SELECT = `SELECT ch.*, c.finished_at AS at FROM watch_changes ch JOIN watch_checks c ON c.id = ch.check_id JOIN watches w ON w.id = ch.watch_id`;

export class ChangeStore {
  constructor(
    private readonly sql: Sql,
    private readonly profileId: string,
  ) {}

  /** Stores a check's changes (the caller wraps this and the check's end in one transaction). */
  insert(watchId: number, checkId: number, changes: readonly FoundChange[]): void {
    for (const c of changes) {
      this.sql.run(
        `INSERT INTO watch_changes (watch_id, check_id, kind, company_id, company_name, field, module, old_json, new_json, detail) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [watchId, checkId, c.kind, c.companyId, c.companyName, c.field, c.module, json(c.oldValue), json(c.newValue), c.detail],
      );
    }
  }

  /** One page of the inbox: newest check first, in the order each check found them. */
  page(q: ChangesQuery): ChangesPage {
    const { where, params } = this.filter(q);
    const rows = this.sql.all<ChangeRow>(`${SELECT} WHERE ${where} ORDER BY ch.check_id DESC, ch.id LIMIT ? OFFSET ?`, [...params, q.limit, q.offset]);
    const total = this.sql.get<{ n: number }>(`SELECT count(*) AS n FROM watch_changes ch JOIN watches w ON w.id = ch.watch_id WHERE ${where}`, params)!.n;
    const unreadFilter = this.filter({ ...q, unreadOnly: true });
    const unread = this.sql.get<{ n: number }>(`SELECT count(*) AS n FROM watch_changes ch JOIN watches w ON w.id = ch.watch_id WHERE ${unreadFilter.where}`, unreadFilter.params)!.n;
    return { rows: rows.map(toChange), total, unread };
  }

  /** Every change of a watch (or of one of its checks), in inbox order, for the export. */
  *each(watchId: number, checkId?: number): IterableIterator<WatchChange> {
    const { where, params } = this.filter({ watchId, checkId, unreadOnly: false, offset: 0, limit: 1 });
    for (const r of this.sql.iterate<ChangeRow>(`${SELECT} WHERE ${where} ORDER BY ch.check_id DESC, ch.id`, params)) yield toChange(r);
  }

  countOf(watchId: number, checkId?: number): number {
    const { where, params } = this.filter({ watchId, checkId, unreadOnly: false, offset: 0, limit: 1 });
    return this.sql.get<{ n: number }>(`SELECT count(*) AS n FROM watch_changes ch JOIN watches w ON w.id = ch.watch_id WHERE ${where}`, params)!.n;
  }

  /** Marks these ids, or every change of a check or a watch, or all, read; returns the profile's unread left. */
  markRead(o: { ids?: readonly number[]; checkId?: number; watchId?: number; all?: boolean }): number {
    const mine = `watch_id IN (SELECT id FROM watches WHERE profile_id = ?)`;
    if (o.all) this.sql.run(`UPDATE watch_changes SET read = 1 WHERE read = 0 AND ${mine}`, [this.profileId]);
    else {
      if (o.checkId !== undefined) this.sql.run(`UPDATE watch_changes SET read = 1 WHERE read = 0 AND check_id = ? AND ${mine}`, [o.checkId, this.profileId]);
      if (o.watchId !== undefined) this.sql.run(`UPDATE watch_changes SET read = 1 WHERE read = 0 AND watch_id = ? AND ${mine}`, [o.watchId, this.profileId]);
      const ids = o.ids ?? [];
      for (let i = 0; i < ids.length; i += 500) {
        const chunk = ids.slice(i, i + 500);
        this.sql.run(`UPDATE watch_changes SET read = 1 WHERE id IN (${chunk.map(() => '?').join(', ')}) AND ${mine}`, [...chunk, this.profileId]);
      }
    }
    return this.unread();
  }

  unread(watchId?: number): number {
    return this.sql.get<{ n: number }>(
      `SELECT count(*) AS n FROM watch_changes ch JOIN watches w ON w.id = ch.watch_id WHERE ch.read = 0 AND w.profile_id = ? AND (? IS NULL OR ch.watch_id = ?)`,
      [this.profileId, watchId ?? null, watchId ?? null],
    )!.n;
  }

  private filter(q: Pick<ChangesQuery, 'watchId' | 'checkId' | 'kinds' | 'unreadOnly'> & Partial<ChangesQuery>): { where: string; params: unknown[] } {
    const parts = ['w.profile_id = ?'];
    const params: unknown[] = [this.profileId];
    if (q.watchId !== undefined) {
      parts.push('ch.watch_id = ?');
      params.push(q.watchId);
    }
    if (q.checkId !== undefined) {
      parts.push('ch.check_id = ?');
      params.push(q.checkId);
    }
    if (q.kinds && q.kinds.length > 0) {
      parts.push(`ch.kind IN (${q.kinds.map(() => '?').join(', ')})`);
      params.push(...q.kinds);
    }
    if (q.unreadOnly) parts.push('ch.read = 0');
    return { where: parts.join(' AND '), params };
  }
}
