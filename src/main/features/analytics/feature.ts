// Analytics feature, main side (bridge group `analytics`): portfolio analytics of a list and a
// company's peer benchmark, from the lists' members (country, industry in their records) and the
// ESG summaries the runs keep per company (esg-runs' store). Nothing is cached: a click computes from
// what is stored now (1,000 companies: two indexed reads and a pass over them).
import { AppError, isAppError } from '../../../shared/errors';
import type { PeerBenchmark, PortfolioAnalytics } from '../../../shared/analytics/analytics';
import type { WeightedAnalytics } from '../../../shared/analytics/weighted';
import type { ListInfo } from '../../../shared/lists/lists';
import { weightedListAnalytics, type Universe } from './weighted-list';
import type { FeatureDeps, FeatureModule } from '../../platform/ports/feature-deps';
import { EsgRunStore } from '../esg-runs/store';
import type { ListMemberRef, ListsAccess } from '../lists/lists-access';
import { ANALYTICS_COLUMNS, analyticsRows, type AnalyticsRow } from './analytics-sheet';
import { weightedRows } from './weighted-sheet';
import { analyticsCompany, type AnalyticsCompany, type MemberFacts } from './company-facts';
import { peerBenchmark, type NamedCompanies } from './peer-benchmark';
import type { SnapshotView } from '../../../shared/snapshots/snapshot';
import { portfolioAnalytics } from './portfolio';
import { snapshotHead, type SnapshotHead } from '../snapshots/view-rows';
import { snapshotViewCompanies } from '../snapshots/view-companies';
import { sentenceCount } from '../../../shared/sentence-numbers';

export interface AnalyticsOptions {
  lists: { activeStore(): ListsAccess };
}

export interface AnalyticsFeature extends FeatureModule<'analytics'> {
  /** The analytics of a list of the active profile (also the ESG workbook's Analytics sheet). */
  forList(listId: number): PortfolioAnalytics;
  /** The list's weighted analytics against its benchmark (issue 38). */
  weightedForList(listId: number): WeightedAnalytics;
  /** The same as the rows of the ESG workbook's Analytics sheet. */
  sheet(listId: number): { columns: readonly string[]; rows: AnalyticsRow[] };
}

/** Lists a benchmark compares with when the screen names none. */
const LISTS_COMPARED = 3;

export function createAnalyticsFeature(deps: FeatureDeps, opts: AnalyticsOptions): AnalyticsFeature {
  const listOf = (lists: ListsAccess, listId: number) => {
    const list = lists.get(listId);
    if (!list) throw new AppError('not_found', 'This list no longer exists (it was deleted).');
    return list;
  };

  /** Members joined with their ESG summaries (companies without stored results keep nulls). */
  const withScores = (members: readonly MemberFacts[]): AnalyticsCompany[] => {
    const store = new EsgRunStore(deps.workspace.active());
    const summaries = new Map(store.summaries(members.map((m) => m.companyId)).map((s) => [s.companyId, s]));
    return members.map((m) => analyticsCompany(m, summaries.get(m.companyId)));
  };

  /** A snapshot view's companies as analytics read them; not_found for a snapshot gone or of another profile. */
  function snapshotMembers(snapshotId: number, view: Pick<SnapshotView, 'text' | 'facets'>): { head: SnapshotHead; members: MemberFacts[] } {
    const db = deps.workspace.active();
    const head = snapshotHead(db, snapshotId);
    if (!head || head.profileId !== deps.activeProfile()?.id) throw new AppError('not_found', 'This loaded result set no longer exists; load all results again.');
    const members = snapshotViewCompanies(db, snapshotId, view).map((r) => ({
      companyId: r.companyId,
      name: r.name,
      country: r.country,
      record: { country: r.country, country_name: r.countryName, industry_code: r.industryCode },
    }));
    return { head, members };
  }

  function forList(listId: number): PortfolioAnalytics {
    const lists = opts.lists.activeStore();
    const list = listOf(lists, listId);
    return portfolioAnalytics(withScores(lists.listMembers(list.id).map(factsOf)), { kind: 'list', id: list.id, name: list.name }, deps.now());
  }

  /** The benchmark universe the list names, or why there is none to compare with. */
  function benchmarkOf(lists: ListsAccess, list: ListInfo): { universe: Universe | null; problem: string | null } {
    const ref = list.benchmark;
    if (!ref) return { universe: null, problem: null };
    if (ref.kind === 'list') {
      const other = lists.get(ref.listId);
      if (!other) return { universe: null, problem: 'The benchmark list no longer exists (it was deleted): pick another benchmark.' };
      return { universe: { label: `List “${other.name}”`, weighting: other.weighting, companies: weighted(lists.listMembers(other.id)) }, problem: null };
    }
    try {
      const { head, members } = snapshotMembers(ref.snapshotId, { facets: {} });
      const companies = withScores(members).map((c) => ({ ...c, given: null }));
      return { universe: { label: `Loaded result set ${head.id} (${sentenceCount(head.rowCount)} rows)`, weighting: 'equal', companies }, problem: null };
    } catch (e) {
      if (!isAppError(e) || e.code !== 'not_found') throw e;
      return { universe: null, problem: 'The benchmark result set is no longer loaded: load it again or pick another benchmark.' };
    }
  }

  /** List members as weighted companies: their scores and their weights as given. */
  const weighted = (members: readonly ListMemberRef[]) => {
    const scored = withScores(members.map(factsOf));
    return scored.map((c, i) => ({ ...c, given: members[i]!.weight }));
  };

  function weightedForList(listId: number): WeightedAnalytics {
    const lists = opts.lists.activeStore();
    const list = listOf(lists, listId);
    const { universe, problem } = benchmarkOf(lists, list);
    return weightedListAnalytics(list, weighted(lists.listMembers(list.id)), universe, problem, deps.now());
  }

  return {
    forList,
    weightedForList,
    sheet: (listId) => ({ columns: ANALYTICS_COLUMNS, rows: [...analyticsRows(forList(listId)), ...weightedRows(weightedForList(listId))] }),
    handlers: {
      async list({ listId }) {
        return forList(listId);
      },
      async weighted({ listId }) {
        return weightedForList(listId);
      },
      async snapshot({ snapshotId, view }) {
        const { head, members } = snapshotMembers(snapshotId, view);
        const rows = members;
        const narrowed = !!view.text?.trim() || Object.values(view.facets ?? {}).some((k) => k && k.length > 0);
        const source = { kind: 'snapshot' as const, id: head.id, name: `Snapshot ${head.id}`, loadedAt: head.loadedAt, rows: rows.length, snapshotRows: head.rowCount, narrowed };
        return portfolioAnalytics(withScores(members), source, deps.now());
      },
      async peers({ companyId, listId, snapshotId, country }): Promise<PeerBenchmark> {
        const id = companyId.toLowerCase();
        const lists = opts.lists.activeStore();
        const fromSnapshot = snapshotId !== undefined ? snapshotMembers(snapshotId, { facets: {} }) : null;
        const chosen = listId !== undefined ? [listOf(lists, listId)] : fromSnapshot ? [] : lists.listsOf(id).slice(0, LISTS_COMPARED);
        const named: NamedCompanies[] = chosen.map((l) => ({ label: `List “${l.name}”`, companies: withScores(lists.listMembers(l.id).map(factsOf)) }));
        if (fromSnapshot) named.unshift({ kind: 'snapshot', label: `The loaded search results it was opened from (${sentenceCount(fromSnapshot.members.length)} companies)`, companies: withScores(fromSnapshot.members) });
        const workspace = withScores(lists.membersWithEsg().map(factsOf));
        const subject =
          [...named.flatMap((n) => n.companies), ...workspace].find((c) => c.companyId === id) ??
          withScores([{ companyId: id, name: null, country: country ?? null, record: null }])[0]!; // one member in, one out
        return peerBenchmark(subject, named, workspace);
      },
    },
  };
}

function factsOf(m: ListMemberRef): MemberFacts {
  return { companyId: m.companyId, name: m.name, country: m.country, record: m.record as Record<string, unknown> | null };
}
