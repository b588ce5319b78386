// The ESG summary fields, once: what the runs keep per company in esg_company_summary (one column
// each), in the order the ESG workbook's Companies sheet shows them. The run summaries write and read
// the table through it (company-summary.ts), the analytics copy the fields they chart
// (analytics/company-facts.ts) and the workbook writes its columns from it (esg-export/write-esg-export.ts).
// The migration that created the table (platform/workspace/migrations.ts, "esg results") stays the
// literal it was for existing databases; summary-fields.test.ts checks that its columns are these.
import type { EsgSummary } from '../../../shared/esg-runs/schemas';

export type EsgSummaryKey = Exclude<keyof EsgSummary, 'companyId'>;

export interface EsgSummaryField {
  /** The field of EsgSummary. */
  key: EsgSummaryKey;
  /** Its column in esg_company_summary, and in the workbook's Companies sheet. */
  column: string;
  /** The column's SQLite type. */
  sqlType: 'REAL' | 'INTEGER' | 'TEXT';
  /** Epoch ms: written to the workbook as a UTC time. */
  time?: true;
  /** Read by the portfolio analytics and the peer benchmark. */
  analytics: boolean;
}

export const ESG_SUMMARY_FIELDS = [
  { key: 'overall', column: 'overall', sqlType: 'REAL', analytics: true },
  { key: 'environmental', column: 'environmental', sqlType: 'REAL', analytics: true },
  { key: 'social', column: 'social', sqlType: 'REAL', analytics: true },
  { key: 'governance', column: 'governance', sqlType: 'REAL', analytics: true },
  { key: 'rating', column: 'rating', sqlType: 'TEXT', analytics: true },
  { key: 'overallChange', column: 'overall_change', sqlType: 'REAL', analytics: true },
  { key: 'previousRating', column: 'previous_rating', sqlType: 'TEXT', analytics: true },
  { key: 'newsCount', column: 'news_count', sqlType: 'INTEGER', analytics: false },
  { key: 'commitmentsCount', column: 'commitments_count', sqlType: 'INTEGER', analytics: false },
  { key: 'lastRefreshed', column: 'last_refreshed', sqlType: 'INTEGER', time: true, analytics: true },
] as const satisfies readonly EsgSummaryField[];

type Field = (typeof ESG_SUMMARY_FIELDS)[number];

/** The fields the analytics read. */
export type AnalyticsSummaryKey = Extract<Field, { analytics: true }>['key'];

/** One row of esg_company_summary. */
export type EsgSummaryRow = { company_id: string } & { [F in Field as F['column']]: EsgSummary[F['key']] };

/** The columns of esg_company_summary besides company_id, in the table's order. */
export const ESG_SUMMARY_COLUMNS: readonly string[] = ESG_SUMMARY_FIELDS.map((f) => f.column);

/** A stored row as the EsgSummary the bridge carries. */
export function summaryFromRow(r: EsgSummaryRow): EsgSummary {
  const out: Record<string, unknown> = { companyId: r.company_id };
  for (const f of ESG_SUMMARY_FIELDS) out[f.key] = r[f.column];
  return out as unknown as EsgSummary;
}

/** The row's values in ESG_SUMMARY_COLUMNS order. */
export function summaryValues(s: Omit<EsgSummary, 'companyId'>): unknown[] {
  return ESG_SUMMARY_FIELDS.map((f) => s[f.key]);
}

/** The fields the analytics read of a summary (each null without one). */
export function analyticsSummary(s: EsgSummary | undefined): Pick<EsgSummary, AnalyticsSummaryKey> {
  const out: Record<string, unknown> = {};
  for (const f of ESG_SUMMARY_FIELDS) if (f.analytics) out[f.key] = s?.[f.key] ?? null;
  return out as Pick<EsgSummary, AnalyticsSummaryKey>;
}
