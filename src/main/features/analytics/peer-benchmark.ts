// The peer benchmark of one company: its overall score's percentile among the list(s) it was seen
// in and among its peers in the workspace (same industry division, same country). Pure.
import type { PeerBenchmark, PeerGroup } from '../../../shared/analytics/analytics';
import type { AnalyticsCompany } from './company-facts';
import { percentileRank, rankOf } from './stats';

export interface NamedCompanies {
  kind?: 'list' | 'snapshot';
  label: string;
  companies: readonly AnalyticsCompany[];
}

function group(kind: PeerGroup['kind'], label: string, companies: readonly AnalyticsCompany[], subject: AnalyticsCompany, within?: string): PeerGroup {
  const seen = new Set<string>();
  const values: number[] = [];
  for (const c of [subject, ...companies]) {
    if (seen.has(c.companyId)) continue;
    seen.add(c.companyId);
    if (c.overall !== null) values.push(c.overall);
  }
  values.sort((a, b) => a - b);
  const own = subject.overall;
  const g: PeerGroup = { kind, label, values, percentile: own === null ? null : percentileRank(own, values), rank: own === null ? null : rankOf(own, values) };
  return within === undefined ? g : { ...g, within };
}

/**
 * `lists`: the list it was opened from (or every list holding it); `workspace`: every company of
 * the workspace whose country or division is known, with its scores.
 */
export function peerBenchmark(subject: AnalyticsCompany, lists: readonly NamedCompanies[], workspace: readonly AnalyticsCompany[]): PeerBenchmark {
  const groups: PeerGroup[] = lists.map((l) => group(l.kind ?? 'list', l.label, l.companies, subject));
  const division = subject.division;
  const country = subject.country;
  // Each workspace group says which part of the workspace it is ("129 of 412 … in Germany").
  if (division) groups.push(group('division', `Industry ${division.label}`, workspace.filter((c) => c.division?.key === division.key), subject, `in industry ${division.label}`));
  if (country) groups.push(group('country', `Companies in ${country.label}`, workspace.filter((c) => c.country?.key === country.key), subject, `in ${country.label}`));
  if (division && country) {
    const both = workspace.filter((c) => c.division?.key === division.key && c.country?.key === country.key);
    groups.push(group('division-country', `Industry ${division.key} in ${country.label}`, both, subject, `in industry ${division.key} in ${country.label}`));
  }
  const scored = new Set(workspace.filter((c) => c.overall !== null).map((c) => c.companyId));
  if (subject.overall !== null) scored.add(subject.companyId);
  return {
    companyId: subject.companyId,
    name: subject.name,
    overall: subject.overall,
    rating: subject.rating,
    country,
    division,
    groups,
    workspaceScored: scored.size,
  };
}
