// The list-view ESG columns per company (table esg_company_summary), recomputed from the stored
// results on every save so list queries can join and sort on them without reading result data.
import type { EsgSummary, StoredEsgCompany } from '../../../shared/esg-runs/schemas';
import type { Sql } from '../../platform/workspace/sql';
import type { StoredResults } from './stored-results';

interface SummaryRow {
  company_id: string;
  overall: number | null;
  environmental: number | null;
  social: number | null;
  governance: number | null;
  rating: string | null;
  news_count: number | null;
  commitments_count: number | null;
  last_refreshed: number | null;
  overall_change: number | null;
  previous_rating: string | null;
}

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
      const rows = this.sql.all<SummaryRow>(`SELECT * FROM esg_company_summary WHERE company_id IN (${chunk.map(() => '?').join(', ')})`, chunk);
      for (const r of rows) out.push(summaryView(r));
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
    const rows = this.sql.all<SummaryRow & { name: string | null }>(
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
    return rows.map((r) => ({ ...summaryView(r), name: r.name }));
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
    this.sql.run(
      `INSERT OR REPLACE INTO esg_company_summary (company_id, overall, environmental, social, governance, rating, news_count, commitments_count, last_refreshed, overall_change, previous_rating)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        companyId,
        overall,
        num(score?.environmental),
        num(score?.social),
        num(score?.governance),
        str(score?.rating),
        news ? news.itemCount : null,
        commitments ? commitments.itemCount : null,
        last,
        overall !== null && prevOverall !== null ? overall - prevOverall : null,
        str(prev?.rating),
      ],
    );
  }
}

function summaryView(r: SummaryRow): EsgSummary {
  return {
    companyId: r.company_id,
    overall: r.overall,
    environmental: r.environmental,
    social: r.social,
    governance: r.governance,
    rating: r.rating,
    newsCount: r.news_count,
    commitmentsCount: r.commitments_count,
    lastRefreshed: r.last_refreshed,
    overallChange: r.overall_change,
    previousRating: r.previous_rating,
  };
}
