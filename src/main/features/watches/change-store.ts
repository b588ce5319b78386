// The "What changed" inbox: every change a check found (table watch_changes), newest check first,
// read marks, and the rows of one watch or check for the export. The table keeps each value whole,
// once; the inbox page gets every text cut to SHOWN_CHARS (a service can send a 30 MB news title),
// the export reads them whole.
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

const FROM = `FROM watch_changes ch JOIN watch_checks c ON c.id = ch.check_id JOIN watches w ON w.id = ch.watch_id`;
const SELECT = `SELECT ch.*, c.finished_at AS at ${FROM}`;

/** Characters of a name, field, value (as JSON) or detail that one inbox row carries to the page. */
export const SHOWN_CHARS = 1000;
const CUT_COLUMNS = ['company_name', 'field', 'old_json', 'new_json', 'detail'] as const;
type CutFlags = { [K in (typeof CUT_COLUMNS)[number] as `${K}_cut`]: number };
// SQLite reads at most SHOWN_CHARS + 1 characters of each into JavaScript and says whether there were more.
const SHOWN_SELECT = `SELECT ch.id, ch.watch_id, ch.check_id, ch.kind, ch.company_id, ch.module, ch.read, c.finished_at AS at, ${CUT_COLUMNS.map(
  (col) => `substr(ch.${col}, 1, ${SHOWN_CHARS}) AS ${col}, length(substr(ch.${col}, 1, ${SHOWN_CHARS + 1})) > ${SHOWN_CHARS} AS ${col}_cut`,
).join(', ')} ${FROM}`;

const ELLIPSIS = '…';
const cutText = (v: string | null, cut: number): string | null => (v !== null && cut ? `${v}${ELLIPSIS}` : v);

/** The start of a value's JSON as text: a string's characters (a cut escape dropped), else the JSON itself. */
function cutJson(start: string): string {
  if (!start.startsWith('"')) return `${start}${ELLIPSIS}`;
  // No closing quote in a cut string; an escape cut in two (\u12) is dropped, at most 5 characters.
  for (let drop = 0; drop <= 5; drop++) {
    try {
      return `${JSON.parse(`${start.slice(0, start.length - drop)}"`) as string}${ELLIPSIS}`;
    } catch {
      // cut inside an escape: try one character shorter
    }
  }
  return `${start.slice(1)}${ELLIPSIS}`;
}

const shownValue = (v: string | null, cut: number): unknown => (v === null ? null : cut ? cutJson(v) : JSON.parse(v));

const toShownChange = (r: ChangeRow & CutFlags): WatchChange => ({
  ...toChange({ ...r, old_json: null, new_json: null }),
  companyName: cutText(r.company_name, r.company_name_cut),
  field: cutText(r.field, r.field_cut),
  oldValue: shownValue(r.old_json, r.old_json_cut),
  newValue: shownValue(r.new_json, r.new_json_cut),
  detail: cutText(r.detail, r.detail_cut),
});

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

  /** One page of the inbox: newest check first, in the order each check found them; texts cut to SHOWN_CHARS. */
  page(q: ChangesQuery): ChangesPage {
    const { where, params } = this.filter(q);
    const rows = this.sql.all<ChangeRow & CutFlags>(`${SHOWN_SELECT} WHERE ${where} ORDER BY ch.check_id DESC, ch.id LIMIT ? OFFSET ?`, [...params, q.limit, q.offset]);
    const total = this.sql.get<{ n: number }>(`SELECT count(*) AS n FROM watch_changes ch JOIN watches w ON w.id = ch.watch_id WHERE ${where}`, params)!.n;
    const unreadFilter = this.filter({ ...q, unreadOnly: true });
    const unread = this.sql.get<{ n: number }>(`SELECT count(*) AS n FROM watch_changes ch JOIN watches w ON w.id = ch.watch_id WHERE ${unreadFilter.where}`, unreadFilter.params)!.n;
    return { rows: rows.map(toShownChange), total, unread };
  }

  /** Every change of a watch (or of one of its checks; of these kinds), in inbox order, whole, for the export. */
  *each(watchId: number, checkId?: number, kinds?: readonly ChangeKind[]): IterableIterator<WatchChange> {
    const { where, params } = this.filter({ watchId, checkId, kinds: kinds ? [...kinds] : undefined, unreadOnly: false, offset: 0, limit: 1 });
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
