// One company as the analytics read it: the country and industry division its record names, and
// the ESG summary the runs keep (esg-runs' esg_company_summary: latest scores, rating, change since
// the previous refresh, when last refreshed).
import type { EsgSummary } from '../../../shared/esg-runs/schemas';
import { NACE_DIVISIONS } from '../../../shared/service/classifications';
import { analyticsSummary, type AnalyticsSummaryKey } from '../esg-runs/summary-fields';

export interface Group {
  key: string;
  label: string;
}

/** A company with its country, division and the ESG summary fields the analytics read (esg-runs/summary-fields.ts). */
export type AnalyticsCompany = {
  companyId: string;
  name: string | null;
  country: Group | null;
  division: Group | null;
} & Pick<EsgSummary, AnalyticsSummaryKey>;

/** What a list member (or any company record) says of the company. */
export interface MemberFacts {
  companyId: string;
  name: string | null;
  country: string | null;
  record: Record<string, unknown> | null;
}

const DIVISION_NAMES = new Map(NACE_DIVISIONS);
const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);

export function countryOf(m: MemberFacts): Group | null {
  const code = text(m.record?.country) ?? text(m.country);
  if (!code) return null;
  return { key: code.toUpperCase(), label: text(m.record?.country_name) ?? code.toUpperCase() };
}

/** The NACE division (the industry code's first two digits) with its name. */
export function divisionOf(m: MemberFacts): Group | null {
  const code = text(m.record?.industry_code);
  if (!code || !/^\d{2}/.test(code)) return null;
  const key = code.slice(0, 2);
  const name = DIVISION_NAMES.get(key);
  return { key, label: name ? `${key} ${name}` : `Division ${key}` };
}

export function analyticsCompany(m: MemberFacts, s: EsgSummary | undefined): AnalyticsCompany {
  return {
    companyId: m.companyId,
    name: m.name,
    country: countryOf(m),
    division: divisionOf(m),
    ...analyticsSummary(s),
  };
}
