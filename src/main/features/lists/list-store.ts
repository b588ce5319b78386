// Data access for named company lists in one profile's workspace database (tables `lists` and
// `list_members`, migration "lists"). This is the main-side contract the ESG runs and the
// bulk-match review call; the `lists` bridge group is a thin layer over it (feature.ts).
//
//   const lists = listsFeature.store(profileId);          // or new ListStore(db, profileId)
//   const { list } = lists.createList({ name: 'Portfolio', companies: [{ companyId, record }] });
//   lists.addToList(list.id, [{ companyId, name: 'Acme' }]);
//   for (const m of lists.listMembers(list.id)) ...      // every member, in joining order
//
// This file holds the lists themselves (create, rename, delete, duplicate) and is the facade for the
// rest: the contract in lists-access.ts, members in list-members.ts, the list view in list-view.ts.
import { AppError } from '../../../shared/errors';
import type { ListInfo, ListMember, ListMemberInput, ListView } from '../../../shared/lists/lists';
import type { WorkspaceDb } from '../../platform/workspace/db';
import type { AddResult, ListMemberRef, ListsAccess, SnapshotRowsView } from './lists-access';
import { copyMembers, copySnapshot, deleteMembers, insertMembers, readMemberIds, readMembers, readMembersWithEsg } from './list-members';
import { viewCompanyIds, viewMembersByIds, viewPage } from './list-view';
import { parseBenchmark, writeBenchmark, writeWeights } from './list-weights';
import type { BenchmarkRef, Weighting, WeightInput } from '../../../shared/lists/weights';

export type { AddResult, ListMemberRef, ListsAccess, SnapshotRowsView } from './lists-access';

interface ListRow {
  id: number;
  profile_id: string;
  name: string;
  created_at: number;
  updated_at: number;
  member_count: number;
  weighting: Weighting;
  benchmark_json: string | null;
}

const LIST_SELECT = `SELECT l.*, (SELECT count(*) FROM list_members m WHERE m.list_id = l.id) AS member_count FROM lists l`;

const toInfo = (r: ListRow): ListInfo => ({
  id: r.id,
  profileId: r.profile_id,
  name: r.name,
  memberCount: r.member_count,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
  weighting: r.weighting,
  benchmark: parseBenchmark(r.benchmark_json),
});

/** Imported companies carrying weights make the list a weighted one. */
const carriesWeights = (companies: readonly ListMemberInput[]) => companies.some((c) => c.weight !== undefined && c.weight !== null);

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
    return readMembers(this.db, listId);
  }

  memberIds(listId: number): string[] {
    this.existing(listId);
    return readMemberIds(this.db, listId);
  }

  listsOf(companyId: string): ListInfo[] {
    return this.db.sql
      .all<ListRow>(`${LIST_SELECT} WHERE l.profile_id = ? AND l.id IN (SELECT list_id FROM list_members WHERE company_id = ?) ORDER BY l.name`, [
        this.profileId,
        companyId.toLowerCase(),
      ])
      .map(toInfo);
  }

  membersWithEsg(): ListMemberRef[] {
    return readMembersWithEsg(this.db, this.profileId);
  }

  membersPage(listId: number, view: ListView, offset: number, limit: number): { list: ListInfo; total: number; rows: ListMember[] } {
    const list = this.existing(listId);
    return { list, ...viewPage(this.db, listId, view, offset, limit) };
  }

  /** Every company id of the view, in its order (one sort; an export then reads members by id in batches). */
  viewIds(listId: number, view: ListView): string[] {
    this.existing(listId);
    return viewCompanyIds(this.db, listId, view);
  }

  /** The members with these ids, in the order given (ids not in the list are left out). */
  membersByIds(listId: number, companyIds: readonly string[]): ListMember[] {
    return viewMembersByIds(this.db, listId, companyIds);
  }

  createList(o: { name: string; companies?: readonly ListMemberInput[] }): { list: ListInfo } & AddResult {
    const result = this.db.sql.tx(() => {
      const id = this.insertList(o.name);
      const added = insertMembers(this.db, id, o.companies ?? [], this.now);
      if (carriesWeights(o.companies ?? [])) writeWeights(this.db, id, { weighting: 'given' });
      return { list: this.get(id)!, ...added };
    });
    this.onChange(result.list.id);
    return result;
  }

  /** A new list holding the rows of a loaded result set (the view's, or all); not created if they cannot be copied. */
  createFromSnapshot(name: string, snapshotId: number, view?: SnapshotRowsView): { list: ListInfo } & AddResult {
    const result = this.db.sql.tx(() => {
      const id = this.insertList(name);
      const added = copySnapshot(this.db, this.profileId, id, snapshotId, this.now, view);
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
      const r = insertMembers(this.db, listId, companies, this.now);
      if (carriesWeights(companies)) writeWeights(this.db, listId, { weighting: 'given' });
      this.touch(listId);
      return r;
    });
    this.onChange(listId);
    return result;
  }

  addSnapshot(listId: number, snapshotId: number, view?: SnapshotRowsView): AddResult {
    const result = this.db.sql.tx(() => {
      this.existing(listId);
      const r = copySnapshot(this.db, this.profileId, listId, snapshotId, this.now, view);
      this.touch(listId);
      return r;
    });
    this.onChange(listId);
    return result;
  }

  removeFromList(listId: number, companyIds: readonly string[]): number {
    const removed = this.db.sql.tx(() => {
      this.existing(listId);
      const n = deleteMembers(this.db, listId, companyIds);
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
      copyMembers(this.db, listId, id);
      writeWeights(this.db, id, { weighting: source.weighting });
      writeBenchmark(this.db, id, source.benchmark);
      return this.get(id)!;
    });
    this.onChange(list.id);
    return list;
  }

  setWeights(listId: number, o: { weighting?: Weighting; weights?: readonly WeightInput[] }): ListInfo {
    const list = this.db.sql.tx(() => {
      this.existing(listId);
      writeWeights(this.db, listId, o);
      this.touch(listId);
      return this.get(listId)!;
    });
    this.onChange(listId);
    return list;
  }

  setBenchmark(listId: number, benchmark: BenchmarkRef | null): ListInfo {
    const list = this.db.sql.tx(() => {
      this.existing(listId);
      if (benchmark?.kind === 'list' && !this.get(benchmark.listId)) throw new AppError('not_found', 'The benchmark list no longer exists (it was deleted).', { details: { field: 'benchmark' } });
      writeBenchmark(this.db, listId, benchmark);
      this.touch(listId);
      return this.get(listId)!;
    });
    this.onChange(listId);
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

  private touch(listId: number): void {
    this.db.sql.run('UPDATE lists SET updated_at = ? WHERE id = ?', [this.now(), listId]);
  }
}

function nameTaken(name: string): AppError {
  return new AppError('invalid_input', `A list named "${name}" already exists in this profile. Choose another name.`, { details: { field: 'name' } });
}
