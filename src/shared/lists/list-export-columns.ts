// The list view's own export columns (names first, the id beside them so rows join back, then the
// ESG summary): what "visible columns" means when a list view is exported, and each one's value for
// a member. Main writes the rows (features/lists/export-list.ts); the export dialog names them and
// counts, on the rows on screen, the cells the CSV formula prefix would touch.
import type { ListMember } from './lists';

export const LIST_EXPORT_HEADERS = [
  'Name',
  'Company ID',
  'Country',
  'Country code',
  'Industry',
  'Employees',
  'Revenue (USD)',
  'ESG overall score',
  'ESG overall rating',
  'Environmental score',
  'Environmental rating',
  'Social score',
  'Social rating',
  'Governance score',
  'Governance rating',
  'News articles',
  'Commitments',
  'ESG last refreshed',
  'Overall change since previous refresh',
  'Added to list',
] as const;

export type ListExportHeader = (typeof LIST_EXPORT_HEADERS)[number];

/** Column header -> value of one member, for each of the list's own columns. */
const VALUE_OF: Record<ListExportHeader, (m: ListMember) => unknown> = {
  Name: (m) => m.name,
  'Company ID': (m) => m.companyId,
  Country: (m) => m.countryName ?? m.country,
  'Country code': (m) => m.country,
  Industry: (m) => m.industry,
  Employees: (m) => m.employees,
  'Revenue (USD)': (m) => m.revenue,
  'ESG overall score': (m) => m.esg.overallScore,
  'ESG overall rating': (m) => m.esg.overallRating,
  'Environmental score': (m) => m.esg.environmentalScore,
  'Environmental rating': (m) => m.esg.environmentalRating,
  'Social score': (m) => m.esg.socialScore,
  'Social rating': (m) => m.esg.socialRating,
  'Governance score': (m) => m.esg.governanceScore,
  'Governance rating': (m) => m.esg.governanceRating,
  'News articles': (m) => m.esg.newsCount,
  Commitments: (m) => m.esg.commitmentsCount,
  'ESG last refreshed': (m) => (m.esg.refreshedAt ? new Date(m.esg.refreshedAt).toISOString() : null),
  'Overall change since previous refresh': (m) => m.esg.overallChange,
  'Added to list': (m) => new Date(m.addedAt).toISOString(),
};

export const LIST_EXPORT_COLUMNS: ReadonlyArray<readonly [string, (m: ListMember) => unknown]> = LIST_EXPORT_HEADERS.map((h) => [h, VALUE_OF[h]] as const);

/** One row keyed by column header (no header has a dot, so the writer places each at its column). */
export function listExportRow(m: ListMember): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const [header, value] of LIST_EXPORT_COLUMNS) row[header] = value(m) ?? null;
  return row;
}

/**
 * "All fields" of a member: the search record stored when it joined (or just its id), its ESG summary
 * under `esg.*` and when it joined; the writer flattens them into dotted columns like a search export.
 */
export function listRecordRow(m: ListMember): Record<string, unknown> {
  const esg = { ...m.esg, refreshedAt: m.esg.refreshedAt ? new Date(m.esg.refreshedAt).toISOString() : null };
  return { ...(m.record ?? { company_id: m.companyId }), esg, added_to_list: new Date(m.addedAt).toISOString() };
}
