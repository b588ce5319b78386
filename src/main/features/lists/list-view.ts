// The list view query: a page of a list's members with text filter, sort (empty cells last) and the
// ESG columns joined from `esg_summary`, plus the same view as ids and members by id for an export.
// ListStore checks that the list exists before it calls these.
import type { ListMember, ListSortField, ListView } from '../../../shared/lists/lists';
import type { WorkspaceDb } from '../../platform/workspace/db';
import { ESG_SELECT, ESG_SUMMARY_COLUMNS, esgFromRow } from './esg-summary';
import { parseRecord, str, type MemberRow } from './list-members';

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
  weight: 'm.weight',
};

const num = (v: unknown): number | null => {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return null;
};

const MEMBER_SELECT = `SELECT m.company_id, m.name, m.country, m.added_at, m.record_json, m.weight, ${ESG_SELECT}`;

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
    weight: r.weight,
    esg: esgFromRow(r),
  };
}

/** One page of the view, and how many members the view has in all. */
export function viewPage(db: WorkspaceDb, listId: number, view: ListView, offset: number, limit: number): { total: number; rows: ListMember[] } {
  const q = viewSql(listId, view);
  const total = db.sql.get<{ n: number }>(`SELECT count(*) AS n ${q.from} WHERE ${q.where}`, q.params)!.n;
  const rows = db.sql
    .all<MemberRow & Record<string, unknown>>(`${MEMBER_SELECT} ${q.from} WHERE ${q.where} ORDER BY ${q.order} LIMIT @limit OFFSET @offset`, {
      ...q.params,
      limit,
      offset,
    })
    .map(toMember);
  return { total, rows };
}

/** Every company id of the view, in its order (one sort; an export then reads members by id in batches). */
export function viewCompanyIds(db: WorkspaceDb, listId: number, view: ListView): string[] {
  const q = viewSql(listId, view);
  return db.sql.column<string>(`SELECT m.company_id ${q.from} WHERE ${q.where} ORDER BY ${q.order}`, q.params);
}

/** The members with these ids, in the order given (ids not in the list are left out). */
export function viewMembersByIds(db: WorkspaceDb, listId: number, companyIds: readonly string[]): ListMember[] {
  const byId = new Map<string, ListMember>();
  for (let i = 0; i < companyIds.length; i += 500) {
    const batch = companyIds.slice(i, i + 500);
    const rows = db.sql.all<MemberRow & Record<string, unknown>>(
      `${MEMBER_SELECT} FROM list_members m LEFT JOIN esg_summary e ON e.company_id = m.company_id
       WHERE m.list_id = ? AND m.company_id IN (SELECT value FROM json_each(?))`,
      [listId, JSON.stringify(batch)],
    );
    for (const r of rows) byId.set(r.company_id, toMember(r));
  }
  return companyIds.flatMap((id) => byId.get(id) ?? []);
}
