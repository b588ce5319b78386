// Every stored ESG module result (table esg_results): one row per company x module x refresh, so
// the latest data, what is new since the previous refresh, and the history of a company. Saving a
// result also refreshes the company's summary; the facade (store.ts) does both in one transaction.
import type { CompanyEsgLatest, ModuleLatest, StoredEsgResult } from '../../../shared/esg-runs/schemas';
import { ESG_MODULES, type EsgModule } from '../../../shared/service/schemas';
import type { Sql } from '../../platform/workspace/sql';

export interface SaveResult {
  companyId: string;
  companyName: string | null;
  module: EsgModule;
  fetchedAt: number;
  runId: number | null;
  items: Record<string, unknown>[];
}

/** One stored result with its items as their JSON text. */
export interface StoredResultText {
  companyId: string;
  companyName: string | null;
  module: EsgModule;
  json: string;
}

interface ResultRow {
  id: number;
  company_id: string;
  company_name: string | null;
  module: EsgModule;
  fetched_at: number;
  run_id: number | null;
  item_count: number;
  data_json: string;
}

/** A stable key for an item, to tell new ones from old across refreshes. */
export function itemKey(item: Record<string, unknown>): string {
  for (const k of ['article_id', 'commitment_id', 'score_id', 'id']) {
    const v = item[k];
    if (typeof v === 'string' || typeof v === 'number') return String(v);
  }
  return JSON.stringify(item);
}

export class StoredResults {
  constructor(private readonly sql: Sql) {}

  /** Adds one result (the caller refreshes the company summary in the same transaction). */
  insert(r: SaveResult): StoredEsgResult {
    const { lastInsertRowid } = this.sql.run(
      'INSERT INTO esg_results (company_id, company_name, module, fetched_at, run_id, item_count, data_json) VALUES (?, ?, ?, ?, ?, ?, ?)',
      [r.companyId, r.companyName, r.module, r.fetchedAt, r.runId, r.items.length, JSON.stringify(r.items)],
    );
    return { id: lastInsertRowid, companyId: r.companyId, companyName: r.companyName, module: r.module, fetchedAt: r.fetchedAt, runId: r.runId, itemCount: r.items.length, items: r.items };
  }

  latest(companyId: string): CompanyEsgLatest {
    const modules = {} as Record<EsgModule, ModuleLatest>;
    let companyName: string | null = null;
    for (const m of ESG_MODULES) {
      const [latest = null, previous = null] = this.history(companyId, m, 2);
      companyName ??= latest?.companyName ?? null;
      const before = new Set((previous?.items ?? []).map(itemKey));
      const newSincePrevious = latest ? latest.items.map(itemKey).filter((k) => !before.has(k)) : [];
      modules[m] = { latest, previous, newSincePrevious };
    }
    return { companyId, companyName, modules };
  }

  history(companyId: string, module: EsgModule, limit = 50): StoredEsgResult[] {
    return this.sql
      .all<ResultRow>('SELECT * FROM esg_results WHERE company_id = ? AND module = ? ORDER BY fetched_at DESC, id DESC LIMIT ?', [companyId, module, limit])
      .map(resultView);
  }

  /**
   * Every result a run stored, its items as stored text (a watch compares two refreshes of a list:
   * esg_results_run index). Not parsed: the diff parses only the results that changed.
   */
  textsOfRun(runId: number): StoredResultText[] {
    return this.sql.all<StoredResultText>('SELECT company_id AS companyId, company_name AS companyName, module, data_json AS json FROM esg_results WHERE run_id = ? ORDER BY id', [runId]);
  }

  *eachLatest(companyIds: readonly string[], module: EsgModule): IterableIterator<StoredEsgResult> {
    for (const id of companyIds) {
      const [latest] = this.history(id, module, 1);
      if (latest) yield latest;
    }
  }

  /** When the company's newest result of any module was fetched (null: none). */
  lastFetched(companyId: string): number | null {
    return this.sql.get<{ t: number | null }>('SELECT MAX(fetched_at) AS t FROM esg_results WHERE company_id = ?', [companyId])?.t ?? null;
  }
}

function resultView(r: ResultRow): StoredEsgResult {
  return {
    id: r.id,
    companyId: r.company_id,
    companyName: r.company_name,
    module: r.module,
    fetchedAt: r.fetched_at,
    runId: r.run_id,
    itemCount: r.item_count,
    items: JSON.parse(r.data_json) as Record<string, unknown>[],
  };
}
