// The main-side contract other features call for named company lists (ESG runs, exports, the
// bulk-match review). ListStore (list-store.ts) implements it; callers that only need the contract
// import it from here or, as before, from list-store.ts.
import type { CompanyRecord } from '../../../shared/service/schemas';
import type { ListInfo, ListMember, ListMemberInput, ListView } from '../../../shared/lists/lists';
import type { SnapshotView } from '../../../shared/snapshots/snapshot';
import type { BenchmarkRef, Weighting, WeightInput } from '../../../shared/lists/weights';

/** A member without the view's derived columns: what an ESG run or an export needs. */
export interface ListMemberRef {
  companyId: string;
  name: string | null;
  country: string | null;
  addedAt: number;
  record: CompanyRecord | null;
  /** Its weight as given; null: none (lists/weights.ts). */
  weight: number | null;
}

/** Which rows of a snapshot: its view's text filter and facet choices (absent: every row). */
export type SnapshotRowsView = Pick<SnapshotView, 'text' | 'facets'>;

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
  /** Every company of the profile's lists that has stored ESG, once (with a record if a list holds one): peers for the benchmark. */
  membersWithEsg(): ListMemberRef[];
  membersPage(listId: number, view: ListView, offset: number, limit: number): { list: ListInfo; total: number; rows: ListMember[] };
  /** Every company id of the view in its order, and members by id (an export of a long list). */
  viewIds(listId: number, view: ListView): string[];
  membersByIds(listId: number, companyIds: readonly string[]): ListMember[];
  /** Throws AppError invalid_input (details.field 'name') when the name is taken in the profile. */
  createList(o: { name: string; companies?: readonly ListMemberInput[] }): { list: ListInfo } & AddResult;
  addToList(listId: number, companies: readonly ListMemberInput[]): AddResult;
  /** A new list from the rows of a loaded result set (snapshot) of the same profile: the view's, or every row. */
  createFromSnapshot(name: string, snapshotId: number, view?: SnapshotRowsView): { list: ListInfo } & AddResult;
  /** Adds the rows of a loaded result set (snapshot) of the same profile: the view's, or every row. */
  addSnapshot(listId: number, snapshotId: number, view?: SnapshotRowsView): AddResult;
  removeFromList(listId: number, companyIds: readonly string[]): number;
  rename(listId: number, name: string): ListInfo;
  deleteList(listId: number): void;
  duplicate(listId: number, name?: string): ListInfo;
  /** Sets the weighting and/or members' weights (ids not in the list are refused, nothing written). */
  setWeights(listId: number, o: { weighting?: Weighting; weights?: readonly WeightInput[] }): ListInfo;
  /** What the list's weighted analytics compare with; null: none. */
  setBenchmark(listId: number, benchmark: BenchmarkRef | null): ListInfo;
}
