// Data access for named company lists in one profile's workspace database (tables `lists` and
// `list_members`, migration "lists"). This is the main-side contract the ESG runs and the
// bulk-match review call; the `lists` bridge group is a thin layer over it (feature.ts).
//
//   const lists = listsFeature.store(profileId);          // or new ListStore(db, profileId)
//   const { list } = lists.createList({ name: 'Portfolio', companies: [{ companyId, record }] });
//   lists.addToList(list.id, [{ companyId, name: 'Acme' }]);
//   for (const m of lists.listMembers(list.id)) ...      // every member, in joining order
import { AppError } from '../../shared/errors';
import type { CompanyRecord } from '../../shared/service/schemas';
import type { ListInfo, ListMember, ListMemberInput, ListSortField, ListView } from '../../shared/lists/lists';
import type { WorkspaceDb } from '../workspace/db';
import { ESG_SELECT, ESG_SUMMARY_COLUMNS, esgFromRow } from './esg-summary';

/** A member without the view's derived columns: what an ESG run or an export needs. */
export interface ListMemberRef {
  companyId: string;
  name: string | null;
  country: string | null;
  addedAt: number;
  record: CompanyRecord | null;
}

export interface AddResult {
  added: number;
  alreadyIn: number;
}

/** What other main-side features may call (documented contract; ListStore implements it). */
export interface ListsAccess {
  /** Lists of the profile by name (case-insensitive), with member counts. */
  all(): ListInfo[];
  get(listId: number): ListInfo | null;
  byName(name: string): ListInfo | null;
  /** Every member in joining order (ESG runs: the companies to refresh). */
  listMembers(listId: number): ListMemberRef[];
  memberIds(listId: number): string[];
  /** Lists that contain the company. */
  listsOf(companyId: string): ListInfo[];
  membersPage(listId: number, view: ListView, offset: number, limit: number): { list: ListInfo; total: number; rows: ListMember[] };
  /** Every company id of the view in its order, and members by id (an export of a long list). */
  viewIds(listId: number, view: ListView): string[];
  membersByIds(listId: number, companyIds: readonly string[]): ListMember[];
  /** Throws AppError invalid_input (details.field 'name') when the name is taken in the profile. */
  createList(o: { name: string; companies?: readonly ListMemberInput[] }): { list: ListInfo } & AddResult;
  addToList(listId: number, companies: readonly ListMemberInput[]): AddResult;
  /** A new list from every row of a loaded result set (snapshot) of the same profile. */
  createFromSnapshot(name: string, snapshotId: number): { list: ListInfo } & AddResult;
  /** Adds every row of a loaded result set (snapshot) of the same profile. */
  addSnapshot(listId: number, snapshotId: number): AddResult;
  removeFromList(listId: number, companyIds: readonly string[]): number;
  rename(listId: number, name: string): ListInfo;
  deleteList(listId: number): void;
  duplicate(listId: number, name?: string): ListInfo;
}

interface ListRow {
  id: number;
  profile_id: string;
  name: string;
  created_at: number;
  updated_at: number;
  member_count: number;
}

interface MemberRow {
  company_id: string;
  name: string | null;
  country: string | null;
  added_at: number;
  record_json: string | null;
}

const LIST_SELECT = `SELECT l.*, (SELECT count(*) FROM list_members m WHERE m.list_id = l.id) AS member_count FROM lists l`;

const toInfo = (r: ListRow): ListInfo => ({
  id: r.id,
  profileId: r.profile_id,
  name: r.name,
  memberCount: r.member_count,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

const json = (path: string) => `json_extract(m.record_json, '$.${path}')`;

/** Sort expressions over `m` (list_members) and `e` (esg_summary). */
const SORT_SQL: Record<ListSortField, string> = {
  name: 'm.name COLLATE NOCASE',
  country: `coalesce(${json('country_name')}, m.country) COLLATE NOCASE`,
  industry: `${json('industry_label')} COLLATE NOCASE`,
  employees: json('employee_count'),
  revenue: json('revenue'),
  addedAt: 'm.added_at',
  overallScore: `e.${ESG_SUMMARY_COLUMNS.overallScore}`,
  environmentalScore: `e.${ESG_SUMMARY_COLUMNS.environmentalScore}`,
  socialScore: `e.${ESG_SUMMARY_COLUMNS.socialScore}`,
  governanceScore: `e.${ESG_SUMMARY_COLUMNS.governanceScore}`,
  overallRating: `e.${ESG_SUMMARY_COLUMNS.overallRating}`,
  newsCount: `e.${ESG_SUMMARY_COLUMNS.newsCount}`,
  commitmentsCount: `e.${ESG_SUMMARY_COLUMNS.commitmentsCount}`,
  refreshedAt: `e.${ESG_SUMMARY_COLUMNS.refreshedAt}`,
  overallChange: `e.${ESG_SUMMARY_COLUMNS.overallChange}`,
};

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : typeof v === 'number' ? String(v) : null);
const num = (v: unknown): number | null => {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return null;
};

/** The stored name and country of an input: the record's, else the caller's. */
function memberColumns(c: ListMemberInput): { name: string | null; country: string | null; record: string | null } {
  const r = c.record as Record<string, unknown> | undefined;
  return {
    name: str(r?.name) ?? str(c.name) ?? null,
    country: str(r?.country) ?? str(c.country) ?? null,
    record: r ? JSON.stringify(r) : null,
  };
}

function parseRecord(text: string | null): CompanyRecord | null {
  return text ? (JSON.parse(text) as CompanyRecord) : null;
}

const MEMBER_SELECT = `SELECT m.company_id, m.name, m.country, m.added_at, m.record_json, ${ESG_SELECT}`;

/** FROM, WHERE and ORDER BY of a list's view: text filter over name, country, city, industry, id; sort with empty cells last. */
function viewSql(listId: number, view: ListView): { from: string; where: string; order: string; params: Record<string, unknown> } {
  const params: Record<string, unknown> = { listId };
  let where = 'm.list_id = @listId';
  const text = view.text?.trim();
  if (text) {
    params.like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const cols = ['m.name', 'm.country', json('country_name'), json('city'), json('industry_label'), 'm.company_id'];
    where += ` AND (${cols.map((c) => `${c} LIKE @like ESCAPE '\\'`).join(' OR ')})`;
  }
  let order = 'm.added_at, m.rowid';
  if (view.sort) {
    const expr = SORT_SQL[view.sort.field];
    const dir = view.sort.direction === 'desc' ? 'DESC' : 'ASC';
    // Empty cells last in both directions; joining order breaks ties.
    order = `(${expr}) IS NULL, ${expr} ${dir}, m.added_at, m.rowid`;
  }
  return { from: 'FROM list_members m LEFT JOIN esg_summary e ON e.company_id = m.company_id', where, order, params };
}

function toMember(r: MemberRow & Record<string, unknown>): ListMember {
  const record = parseRecord(r.record_json);
  const rec = (record ?? {}) as Record<string, unknown>;
  return {
    companyId: r.company_id,
    name: r.name,
    country: r.country,
    countryName: str(rec.country_name),
    industry: str(rec.industry_label),
    employees: num(rec.employee_count),
    revenue: num(rec.revenue),
    addedAt: r.added_at,
    record,
    esg: esgFromRow(r),
  };
}

export class ListStore implements ListsAccess {
  constructor(
    private readonly db: WorkspaceDb,
    readonly profileId: string,
    private readonly now: () => number = Date.now,
    /** Called after every change (the feature emits `lists.changed`); null listId: several/unknown. */
    private readonly onChange: (listId: number | null) => void = () => {},
  ) {}

  all(): ListInfo[] {
    return this.db.sql.all<ListRow>(`${LIST_SELECT} WHERE l.profile_id = ? ORDER BY l.name, l.id`, [this.profileId]).map(toInfo);
  }

  get(listId: number): ListInfo | null {
    const r = this.db.sql.get<ListRow>(`${LIST_SELECT} WHERE l.id = ? AND l.profile_id = ?`, [listId, this.profileId]);
    return r ? toInfo(r) : null;
  }

  byName(name: string): ListInfo | null {
    const r = this.db.sql.get<ListRow>(`${LIST_SELECT} WHERE l.profile_id = ? AND l.name = ?`, [this.profileId, name.trim()]);
    return r ? toInfo(r) : null;
  }

  listMembers(listId: number): ListMemberRef[] {
    this.existing(listId);
    return this.db.sql
      .all<MemberRow>('SELECT company_id, name, country, added_at, record_json FROM list_members WHERE list_id = ? ORDER BY added_at, rowid', [listId])
      .map((r) => ({ companyId: r.company_id, name: r.name, country: r.country, addedAt: r.added_at, record: parseRecord(r.record_json) }));
  }

  memberIds(listId: number): string[] {
    this.existing(listId);
    return this.db.sql.column<string>('SELECT company_id FROM list_members WHERE list_id = ? ORDER BY added_at, rowid', [listId]);
  }

  listsOf(companyId: string): ListInfo[] {
    return this.db.sql
      .all<ListRow>(`${LIST_SELECT} WHERE l.profile_id = ? AND l.id IN (SELECT list_id FROM list_members WHERE company_id = ?) ORDER BY l.name`, [
        this.profileId,
        companyId.toLowerCase(),
      ])
      .map(toInfo);
  }

  membersPage(listId: number, view: ListView, offset: number, limit: number): { list: ListInfo; total: number; rows: ListMember[] } {
    const list = this.existing(listId);
    const q = viewSql(listId, view);
    const total = this.db.sql.get<{ n: number }>(`SELECT count(*) AS n ${q.from} WHERE ${q.where}`, q.params)!.n;
    const rows = this.db.sql
      .all<MemberRow & Record<string, unknown>>(`${MEMBER_SELECT} ${q.from} WHERE ${q.where} ORDER BY ${q.order} LIMIT @limit OFFSET @offset`, {
        ...q.params,
        limit,
        offset,
      })
      .map(toMember);
    return { list, total, rows };
  }

  /** Every company id of the view, in its order (one sort; an export then reads members by id in batches). */
  viewIds(listId: number, view: ListView): string[] {
    this.existing(listId);
    const q = viewSql(listId, view);
    return this.db.sql.column<string>(`SELECT m.company_id ${q.from} WHERE ${q.where} ORDER BY ${q.order}`, q.params);
  }

  /** The members with these ids, in the order given (ids not in the list are left out). */
  membersByIds(listId: number, companyIds: readonly string[]): ListMember[] {
    const byId = new Map<string, ListMember>();
    for (let i = 0; i < companyIds.length; i += 500) {
      const batch = companyIds.slice(i, i + 500);
      const rows = this.db.sql.all<MemberRow & Record<string, unknown>>(
        `${MEMBER_SELECT} FROM list_members m LEFT JOIN esg_summary e ON e.company_id = m.company_id
         WHERE m.list_id = ? AND m.company_id IN (SELECT value FROM json_each(?))`,
        [listId, JSON.stringify(batch)],
      );
      for (const r of rows) byId.set(r.company_id, toMember(r));
    }
    return companyIds.flatMap((id) => byId.get(id) ?? []);
  }

  createList(o: { name: string; companies?: readonly ListMemberInput[] }): { list: ListInfo } & AddResult {
    const result = this.db.sql.tx(() => {
      const id = this.insertList(o.name);
      const added = this.insertMembers(id, o.companies ?? []);
      return { list: this.get(id)!, ...added };
    });
    this.onChange(result.list.id);
    return result;
  }

  /** A new list holding every row of a loaded result set; not created if the rows cannot be copied. */
  createFromSnapshot(name: string, snapshotId: number): { list: ListInfo } & AddResult {
    const result = this.db.sql.tx(() => {
      const id = this.insertList(name);
      const added = this.copySnapshot(id, snapshotId);
      return { list: this.get(id)!, ...added };
    });
    this.onChange(result.list.id);
    return result;
  }

  /** Throws the "name taken" error if the profile has a list of that name (case-insensitive). */
  assertNameFree(name: string): void {
    if (this.byName(name)) throw nameTaken(name.trim());
  }

  addToList(listId: number, companies: readonly ListMemberInput[]): AddResult {
    const result = this.db.sql.tx(() => {
      this.existing(listId);
      const r = this.insertMembers(listId, companies);
      this.touch(listId);
      return r;
    });
    this.onChange(listId);
    return result;
  }

  addSnapshot(listId: number, snapshotId: number): AddResult {
    const result = this.db.sql.tx(() => {
      this.existing(listId);
      const r = this.copySnapshot(listId, snapshotId);
      this.touch(listId);
      return r;
    });
    this.onChange(listId);
    return result;
  }

  private copySnapshot(listId: number, snapshotId: number): AddResult {
    const snap = this.db.sql.get<{ profile_id: string; status: string }>('SELECT profile_id, status FROM snapshots WHERE id = ?', [snapshotId]);
    if (!snap || snap.profile_id !== this.profileId) throw new AppError('not_found', 'This loaded result set no longer exists; load all results again.');
    if (snap.status === 'loading') throw new AppError('invalid_input', 'The result set is still loading; save it as a list when it has finished.');
    const before = this.count(listId);
    const offered = this.db.sql.get<{ n: number }>('SELECT count(DISTINCT company_id) AS n FROM snapshot_rows WHERE snapshot_id = ?', [snapshotId])!.n;
    this.db.sql.run(
      `INSERT OR IGNORE INTO list_members (list_id, company_id, name, country, added_at, record_json)
       SELECT @listId, lower(company_id), json_extract(record_json, '$.name'), json_extract(record_json, '$.country'), @now, record_json
       FROM snapshot_rows WHERE snapshot_id = @snapshotId AND company_id <> '' ORDER BY seq`,
      { listId, snapshotId, now: this.now() },
    );
    const added = this.count(listId) - before;
    return { added, alreadyIn: offered - added };
  }

  removeFromList(listId: number, companyIds: readonly string[]): number {
    const removed = this.db.sql.tx(() => {
      this.existing(listId);
      let n = 0;
      for (const id of companyIds) n += this.db.sql.run('DELETE FROM list_members WHERE list_id = ? AND company_id = ?', [listId, id.toLowerCase()]).changes;
      this.touch(listId);
      return n;
    });
    this.onChange(listId);
    return removed;
  }

  rename(listId: number, name: string): ListInfo {
    const list = this.db.sql.tx(() => {
      const current = this.existing(listId);
      const clean = name.trim();
      if (clean === current.name) return current;
      const other = this.byName(clean);
      if (other && other.id !== listId) throw nameTaken(clean);
      this.db.sql.run('UPDATE lists SET name = ?, updated_at = ? WHERE id = ?', [clean, this.now(), listId]);
      return this.get(listId)!;
    });
    this.onChange(listId);
    return list;
  }

  deleteList(listId: number): void {
    this.existing(listId);
    // Members go with it (ON DELETE CASCADE); the same companies in other lists stay.
    this.db.sql.run('DELETE FROM lists WHERE id = ?', [listId]);
    this.onChange(listId);
  }

  duplicate(listId: number, name?: string): ListInfo {
    const list = this.db.sql.tx(() => {
      const source = this.existing(listId);
      const id = this.insertList(name ?? this.freeName(`${source.name} (copy)`));
      this.db.sql.run(
        `INSERT INTO list_members (list_id, company_id, name, country, added_at, record_json)
         SELECT ?, company_id, name, country, added_at, record_json FROM list_members WHERE list_id = ? ORDER BY added_at, rowid`,
        [id, listId],
      );
      return this.get(id)!;
    });
    this.onChange(list.id);
    return list;
  }

  /** `base`, or `base 2`, `base 3`... whichever is free in the profile. */
  freeName(base: string): string {
    if (!this.byName(base)) return base;
    for (let n = 2; ; n++) if (!this.byName(`${base} ${n}`)) return `${base} ${n}`;
  }

  private existing(listId: number): ListInfo {
    const list = this.get(listId);
    if (!list) throw new AppError('not_found', 'This list no longer exists (it was deleted).');
    return list;
  }

  private insertList(name: string): number {
    const clean = name.trim();
    if (this.byName(clean)) throw nameTaken(clean);
    const t = this.now();
    return this.db.sql.run('INSERT INTO lists (profile_id, name, created_at, updated_at) VALUES (?, ?, ?, ?)', [this.profileId, clean, t, t]).lastInsertRowid;
  }

  /** Inserts new members; a company already in the list keeps its entry, gaining a record or name it lacked. */
  private insertMembers(listId: number, companies: readonly ListMemberInput[]): AddResult {
    const before = this.count(listId);
    const t = this.now();
    for (const c of companies) {
      const m = memberColumns(c);
      this.db.sql.run(
        `INSERT INTO list_members (list_id, company_id, name, country, added_at, record_json) VALUES (@listId, @companyId, @name, @country, @t, @record)
         ON CONFLICT (list_id, company_id) DO UPDATE SET
           record_json = coalesce(list_members.record_json, excluded.record_json),
           name = coalesce(list_members.name, excluded.name),
           country = coalesce(list_members.country, excluded.country)`,
        { listId, companyId: c.companyId.toLowerCase(), name: m.name, country: m.country, t, record: m.record },
      );
    }
    const added = this.count(listId) - before;
    return { added, alreadyIn: companies.length - added };
  }

  private count(listId: number): number {
    return this.db.sql.get<{ n: number }>('SELECT count(*) AS n FROM list_members WHERE list_id = ?', [listId])!.n;
  }

  private touch(listId: number): void {
    this.db.sql.run('UPDATE lists SET updated_at = ? WHERE id = ?', [this.now(), listId]);
  }
}

function nameTaken(name: string): AppError {
  return new AppError('invalid_input', `A list named "${name}" already exists in this profile. Choose another name.`, { details: { field: 'name' } });
}
