// The members of one list in the workspace database (table `list_members`): reading them in joining
// order, adding companies or a loaded result set (snapshot), removing them. ListStore checks that the
// list exists and belongs to the profile before it calls these, inside its transaction.
import { AppError } from '../../../shared/errors';
import type { CompanyRecord } from '../../../shared/service/schemas';
import type { ListMemberInput } from '../../../shared/lists/lists';
import type { WorkspaceDb } from '../../platform/workspace/db';
import type { AddResult, ListMemberRef, SnapshotRowsView } from './lists-access';
import { viewCondition } from '../snapshots/view-query';

export interface MemberRow {
  company_id: string;
  name: string | null;
  country: string | null;
  added_at: number;
  record_json: string | null;
  weight: number | null;
}

/** A non-empty text (numbers as text), else null. */
export const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : typeof v === 'number' ? String(v) : null);

export function parseRecord(text: string | null): CompanyRecord | null {
  return text ? (JSON.parse(text) as CompanyRecord) : null;
}

/** The stored name and country of an input: the record's, else the caller's. */
function memberColumns(c: ListMemberInput): { name: string | null; country: string | null; record: string | null; weight: number | null } {
  const r = c.record as Record<string, unknown> | undefined;
  return {
    name: str(r?.name) ?? str(c.name) ?? null,
    country: str(r?.country) ?? str(c.country) ?? null,
    record: r ? JSON.stringify(r) : null,
    weight: c.weight ?? null,
  };
}

const toRef = (r: MemberRow): ListMemberRef => ({ companyId: r.company_id, name: r.name, country: r.country, addedAt: r.added_at, record: parseRecord(r.record_json), weight: r.weight });
const MEMBER_COLUMNS = 'company_id, name, country, added_at, record_json, weight';

export function readMembers(db: WorkspaceDb, listId: number): ListMemberRef[] {
  return db.sql.all<MemberRow>(`SELECT ${MEMBER_COLUMNS} FROM list_members WHERE list_id = ? ORDER BY added_at, rowid`, [listId]).map(toRef);
}

/** Every company of the profile's lists with a row in esg_summary, once; an entry with a record wins. */
export function readMembersWithEsg(db: WorkspaceDb, profileId: string): ListMemberRef[] {
  const rows = db.sql.all<MemberRow>(
    `SELECT m.company_id, m.name, m.country, m.added_at, m.record_json, m.weight FROM list_members m JOIN lists l ON l.id = m.list_id
     WHERE l.profile_id = ? AND m.company_id IN (SELECT company_id FROM esg_summary)
     ORDER BY m.record_json IS NULL, m.added_at, m.rowid`,
    [profileId],
  );
  const byId = new Map<string, ListMemberRef>();
  for (const r of rows) {
    if (!byId.has(r.company_id)) byId.set(r.company_id, toRef(r));
  }
  return [...byId.values()];
}

export function readMemberIds(db: WorkspaceDb, listId: number): string[] {
  return db.sql.column<string>('SELECT company_id FROM list_members WHERE list_id = ? ORDER BY added_at, rowid', [listId]);
}

export function countMembers(db: WorkspaceDb, listId: number): number {
  return db.sql.get<{ n: number }>('SELECT count(*) AS n FROM list_members WHERE list_id = ?', [listId])!.n;
}

/** Inserts new members; a company already in the list keeps its entry, gaining a record or name it lacked (a weight given replaces its weight). */
export function insertMembers(db: WorkspaceDb, listId: number, companies: readonly ListMemberInput[], now: () => number): AddResult {
  const before = countMembers(db, listId);
  const t = now();
  for (const c of companies) {
    const m = memberColumns(c);
    db.sql.run(
      `INSERT INTO list_members (list_id, company_id, name, country, added_at, record_json, weight) VALUES (@listId, @companyId, @name, @country, @t, @record, @weight)
       ON CONFLICT (list_id, company_id) DO UPDATE SET
         record_json = coalesce(list_members.record_json, excluded.record_json),
         name = coalesce(list_members.name, excluded.name),
         country = coalesce(list_members.country, excluded.country),
         weight = coalesce(excluded.weight, list_members.weight)`,
      { listId, companyId: c.companyId.toLowerCase(), name: m.name, country: m.country, t, record: m.record, weight: m.weight },
    );
  }
  const added = countMembers(db, listId) - before;
  return { added, alreadyIn: companies.length - added };
}

/**
 * Adds the rows of a loaded result set of the profile: those of `view` (text filter and facet
 * choices, through the snapshot view's own query, so the list holds exactly the rows the view
 * shows), or every row without one. A result set that is gone or still loading is refused.
 */
export function copySnapshot(db: WorkspaceDb, profileId: string, listId: number, snapshotId: number, now: () => number, view?: SnapshotRowsView): AddResult {
  const snap = db.sql.get<{ profile_id: string; status: string }>('SELECT profile_id, status FROM snapshots WHERE id = ?', [snapshotId]);
  if (!snap || snap.profile_id !== profileId) throw new AppError('not_found', 'This loaded result set no longer exists; load all results again.');
  if (snap.status === 'loading') throw new AppError('invalid_input', 'The result set is still loading; save it as a list when it has finished.');
  const rows = viewCondition(snapshotId, view ?? {}, 'r.id');
  const before = countMembers(db, listId);
  const offered = db.sql.get<{ n: number }>(`SELECT count(DISTINCT r.company_id) AS n FROM snapshot_rows r WHERE r.snapshot_id = @snapshotId${rows.where}`, rows.params)!.n;
  db.sql.run(
    `INSERT OR IGNORE INTO list_members (list_id, company_id, name, country, added_at, record_json)
     SELECT @listId, lower(r.company_id), json_extract(r.record_json, '$.name'), json_extract(r.record_json, '$.country'), @now, r.record_json
     FROM snapshot_rows r WHERE r.snapshot_id = @snapshotId AND r.company_id <> ''${rows.where} ORDER BY r.seq`,
    { ...rows.params, listId, now: now() },
  );
  const added = countMembers(db, listId) - before;
  return { added, alreadyIn: offered - added };
}

/** Removes the companies from the list; returns how many were in it. */
export function deleteMembers(db: WorkspaceDb, listId: number, companyIds: readonly string[]): number {
  let n = 0;
  for (const id of companyIds) n += db.sql.run('DELETE FROM list_members WHERE list_id = ? AND company_id = ?', [listId, id.toLowerCase()]).changes;
  return n;
}

/** Copies every member of one list into another, keeping joining order, dates and weights. */
export function copyMembers(db: WorkspaceDb, fromListId: number, toListId: number): void {
  db.sql.run(
    `INSERT INTO list_members (list_id, company_id, name, country, added_at, record_json, weight)
     SELECT ?, company_id, name, country, added_at, record_json, weight FROM list_members WHERE list_id = ? ORDER BY added_at, rowid`,
    [toListId, fromListId],
  );
}
