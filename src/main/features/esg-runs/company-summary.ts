// The list-view ESG columns per company (table esg_company_summary), recomputed from the stored
// results on every save so list queries can join and sort on them without reading result data.
// The columns are the fields of summary-fields.ts.
import type { EsgSummary, StoredEsgCompany } from '../../../shared/esg-runs/schemas';
import type { Sql } from '../../platform/workspace/sql';
import type { StoredResults } from './stored-results';
import { ESG_SUMMARY_COLUMNS, summaryFromRow, summaryValues, type EsgSummaryRow } from './summary-fields';

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const str = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);

export class CompanySummaries {
  constructor(
    private readonly sql: Sql,
    private readonly results: Pick<StoredResults, 'history' | 'lastFetched'>,
  ) {}

  /** The summaries of these companies (none for a company without stored results). */
  read(companyIds: readonly string[]): EsgSummary[] {
    const out: EsgSummary[] = [];
    // In chunks: SQLite caps bound parameters per statement.
    for (let i = 0; i < companyIds.length; i += 500) {
      const chunk = companyIds.slice(i, i + 500);
      const rows = this.sql.all<EsgSummaryRow>(`SELECT * FROM esg_company_summary WHERE company_id IN (${chunk.map(() => '?').join(', ')})`, chunk);
      for (const r of rows) out.push(summaryFromRow(r));
    }
    return out;
  }

  /**
   * Companies with stored results, most recently refreshed first; `text` narrows them to names or
   * ids containing it (case-insensitive for ASCII, as SQLite's LIKE).
   */
  find(text: string, limit: number): StoredEsgCompany[] {
    const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    // The name a company was last stored under: each result row keeps the name known at the time.
    const rows = this.sql.all<EsgSummaryRow & { name: string | null }>(
      `SELECT * FROM (
         SELECT s.*, (SELECT r.company_name FROM esg_results r
                      WHERE r.company_id = s.company_id AND r.company_name IS NOT NULL
                      ORDER BY r.fetched_at DESC, r.id DESC LIMIT 1) AS name
         FROM esg_company_summary s)
       WHERE ? = '' OR name LIKE ? ESCAPE '\\' OR company_id LIKE ? ESCAPE '\\'
       ORDER BY last_refreshed DESC, company_id
       LIMIT ?`,
      [text, like, like, limit],
    );
    return rows.map((r) => ({ ...summaryFromRow(r), name: r.name }));
  }

  /** Recomputes the list-view columns of one company from its two newest results per module. */
  refresh(companyId: string): void {
    const [scores, prevScores] = this.results.history(companyId, 'scores', 2);
    const score = scores?.items[0] ?? null;
    const prev = prevScores?.items[0] ?? null;
    const [news] = this.results.history(companyId, 'news', 1);
    const [commitments] = this.results.history(companyId, 'commitments', 1);
    const last = this.results.lastFetched(companyId);
    const overall = num(score?.overall);
    const prevOverall = num(prev?.overall);
    const summary: Omit<EsgSummary, 'companyId'> = {
      overall,
      environmental: num(score?.environmental),
      social: num(score?.social),
      governance: num(score?.governance),
      rating: str(score?.rating),
      newsCount: news ? news.itemCount : null,
      commitmentsCount: commitments ? commitments.itemCount : null,
      lastRefreshed: last,
      overallChange: overall !== null && prevOverall !== null ? overall - prevOverall : null,
      previousRating: str(prev?.rating),
    };
    this.sql.run(
      `INSERT OR REPLACE INTO esg_company_summary (company_id, ${ESG_SUMMARY_COLUMNS.join(', ')}) VALUES (?${', ?'.repeat(ESG_SUMMARY_COLUMNS.length)})`,
      [companyId, ...summaryValues(summary)],
    );
  }
}
