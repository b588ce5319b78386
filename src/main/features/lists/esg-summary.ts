// The ESG columns of the list view come from one SQL view, `esg_summary`, one row per company_id
// (at most one), joined to list members with a LEFT JOIN. The lists migration creates it empty;
// the ESG-runs migration (src/main/features/esg-runs) replaces it, keeping these column names and types:
//
//   DROP VIEW esg_summary;
//   CREATE VIEW esg_summary AS SELECT company_id, overall_score, overall_rating, ... FROM <its tables>;
//
//   company_id TEXT, overall_score REAL, overall_rating TEXT, environmental_score REAL,
//   environmental_rating TEXT, social_score REAL, social_rating TEXT, governance_score REAL,
//   governance_rating TEXT, news_count INTEGER, commitments_count INTEGER,
//   refreshed_at INTEGER (epoch ms), overall_change REAL (overall now minus previous refresh)
//
// Company ids in list_members are stored lower-case: esg_summary.company_id must be lower-case too.
import type { EsgSummary } from '../../../shared/lists/lists';

/** EsgSummary field -> esg_summary column. */
export const ESG_SUMMARY_COLUMNS = {
  overallScore: 'overall_score',
  overallRating: 'overall_rating',
  environmentalScore: 'environmental_score',
  environmentalRating: 'environmental_rating',
  socialScore: 'social_score',
  socialRating: 'social_rating',
  governanceScore: 'governance_score',
  governanceRating: 'governance_rating',
  newsCount: 'news_count',
  commitmentsCount: 'commitments_count',
  refreshedAt: 'refreshed_at',
  overallChange: 'overall_change',
} as const satisfies Record<keyof EsgSummary, string>;

export type EsgSummaryColumn = (typeof ESG_SUMMARY_COLUMNS)[keyof typeof ESG_SUMMARY_COLUMNS];

/** `e.overall_score AS esg_overall_score, ...` for a SELECT joining esg_summary as `e`. */
export const ESG_SELECT = Object.values(ESG_SUMMARY_COLUMNS)
  .map((c) => `e.${c} AS esg_${c}`)
  .join(', ');

/** The summary from a row selected with ESG_SELECT; only fields with a value are set. */
export function esgFromRow(row: Record<string, unknown>): EsgSummary {
  const out: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(ESG_SUMMARY_COLUMNS)) {
    const v = row[`esg_${column}`];
    if (v !== null && v !== undefined) out[field] = v;
  }
  return out as EsgSummary;
}
