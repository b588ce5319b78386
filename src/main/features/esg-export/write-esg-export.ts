// The stored ESG results of some companies as tables, through the one tabular writer: an XLSX
// workbook (Companies, Scores, News, Commitments, for a list Analytics, About) or one module as CSV/NDJSON. Every row
// starts with company_id and company_name so the sheets join back to each other and to the list.
// Each module sheet holds the latest stored result of that module per company; `fetched_at` says when.
import type { EsgSummary, StoredEsgResult } from '../../../shared/esg-runs/schemas';
import type { EsgExportCounts, EsgExportFormat, EsgExportModule } from '../../../shared/bridge/groups/esg-export';
import { AppError } from '../../../shared/errors';
import type { EsgModule } from '../../../shared/service/schemas';
import { ColumnUnion } from '../../platform/tabular/column-union';
import type { AtomicTarget } from '../../platform/tabular/atomic-target';
import type { CsvOptions } from '../../platform/tabular/csv';
import { openTableFile, type AboutEntry, type TableFile } from '../../platform/tabular/table-file';
import type { FileSinkOptions } from '../../platform/tabular/file-sink';
import { ESG_SUMMARY_COLUMNS, ESG_SUMMARY_FIELDS } from '../esg-runs/summary-fields';

/** A company to export: its id and what the caller knows of its name and country. */
export interface EsgExportCompany {
  companyId: string;
  name: string | null;
  country: string | null;
}

/** What the export reads (the ESG runs store of the profile's workspace). */
export interface EsgResultsSource {
  /** The newest stored result of one module for one company, or null. */
  latest(companyId: string, module: EsgModule): StoredEsgResult | null;
  summaries(companyIds: readonly string[]): EsgSummary[];
}

/** The numbers behind a list's Analytics charts: one long table (src/main/features/analytics/analytics-sheet.ts). */
export interface AnalyticsSheet {
  columns: readonly string[];
  rows: readonly (readonly unknown[])[];
}

export interface EsgExportSpec {
  store: EsgResultsSource;
  format: EsgExportFormat;
  /** CSV/NDJSON: the one module; ignored for XLSX (every sheet). */
  module?: EsgExportModule;
  companies: readonly EsgExportCompany[];
  csv?: Partial<CsvOptions>;
  sink?: FileSinkOptions;
  about: { source: string; profile: string | null; at: Date };
  /** XLSX only: an Analytics sheet after the module sheets. */
  analytics?: AnalyticsSheet;
  signal?: AbortSignal;
  /** Rows written so far of `total` (every row of every sheet). */
  onProgress?(rows: number, total: number): void;
}

const MODULE_SHEETS: Record<EsgModule, string> = { scores: 'Scores', news: 'News', commitments: 'Commitments' };
const KEY_COLUMNS = ['company_id', 'company_name', 'fetched_at'];
/** The Companies sheet: the company, its ESG summary fields (esg-runs/summary-fields.ts) and when each module was fetched. */
export const COMPANY_COLUMNS: readonly string[] = [
  'company_id',
  'company_name',
  'country',
  ...ESG_SUMMARY_COLUMNS,
  'scores_fetched_at',
  'news_fetched_at',
  'commitments_fetched_at',
];
const BATCH = 500;

/** A UTC time as an ISO string: an XLSX date cell, readable text in CSV. */
const iso = (t: number | null | undefined) => (t === null || t === undefined ? null : new Date(t).toISOString());

export interface EsgExportOutcome {
  rows: number;
  counts: EsgExportCounts;
}

/**
 * Writes the file and commits it (or, on failure or cancel, removes every temporary and throws).
 * Reads the store twice per module: once for the columns (the union of the items' fields, in
 * their own order) and the row count, once to write; nothing but one company's items is held.
 */
export async function writeEsgExport(target: AtomicTarget, spec: EsgExportSpec): Promise<EsgExportOutcome> {
  const modules: EsgExportModule[] = spec.format === 'xlsx' ? ['companies', 'scores', 'news', 'commitments'] : [spec.module ?? 'companies'];
  const ids = spec.companies.map((c) => c.companyId);
  const nameOf = new Map(spec.companies.map((c) => [c.companyId, c.name]));
  const check = () => {
    if (spec.signal?.aborted) throw new AppError('cancelled', 'The ESG export was cancelled.');
  };

  // Pass 1: columns and counts of every module (the XLSX header comes before the rows).
  const layouts = new Map<EsgModule, { union: ColumnUnion; columns: string[]; indices: number[]; rows: number }>();
  const withData = new Set<string>();
  const counts: EsgExportCounts = { companies: spec.companies.length, withData: 0, scores: 0, news: 0, commitments: 0 };
  for (const m of ['scores', 'news', 'commitments'] as const) {
    const union = new ColumnUnion();
    union.seed(KEY_COLUMNS);
    let rows = 0;
    for (const id of ids) {
      const r = spec.store.latest(id, m);
      if (!r) continue;
      withData.add(id);
      if (!nameOf.get(id) && r.companyName) nameOf.set(id, r.companyName);
      if (modules.includes(m)) for (const item of r.items) union.place(itemRow(r, item, null));
      rows += r.items.length;
    }
    counts[m] = rows;
    check();
    const { columns, indices } = union.finalOrder();
    layouts.set(m, { union, columns, indices, rows });
  }
  counts.withData = withData.size;
  const analytics = spec.format === 'xlsx' ? spec.analytics : undefined;
  const total = modules.reduce((n, m) => n + (m === 'companies' ? ids.length : layouts.get(m)!.rows), 0) + (analytics?.rows.length ?? 0);

  let file: TableFile | null = null;
  let written = 0;
  const progress = () => spec.onProgress?.(written, total);
  try {
    for (const [i, m] of modules.entries()) {
      const columns = m === 'companies' ? [...COMPANY_COLUMNS] : layouts.get(m)!.columns;
      const sheet = m === 'companies' ? 'Companies' : MODULE_SHEETS[m];
      if (i === 0) file = await openTableFile(target, { format: spec.format, columns, csv: spec.csv, sheetName: sheet, sink: spec.sink });
      else file!.addSheet(sheet, columns);
      const f = file!;
      let batch: unknown[][] = [];
      let records: unknown[] = [];
      const flush = async () => {
        check();
        if (f.format === 'ndjson') await f.writeRecords(records);
        else await f.writeRows(batch);
        written += f.format === 'ndjson' ? records.length : batch.length;
        batch = [];
        records = [];
        progress();
      };
      if (m === 'companies') {
        const summary = new Map(spec.store.summaries(ids).map((s) => [s.companyId, s]));
        for (const c of spec.companies) {
          const row = companyRow(c, nameOf.get(c.companyId) ?? null, summary.get(c.companyId), spec);
          if (f.format === 'ndjson') records.push(Object.fromEntries(COMPANY_COLUMNS.map((k, j) => [k, row[j]])));
          else batch.push(row);
          if (batch.length + records.length >= BATCH) await flush();
        }
      } else {
        const { union, indices } = layouts.get(m)!;
        for (const id of ids) {
          const r = spec.store.latest(id, m);
          if (!r) continue;
          for (const item of r.items) {
            const obj = itemRow(r, item, nameOf.get(id) ?? null);
            if (f.format === 'ndjson') records.push(obj); // NDJSON keeps the item's own nesting and types
            else {
              const placed = union.place(obj);
              batch.push(indices.map((k) => placed[k]));
            }
            if (batch.length + records.length >= BATCH) await flush();
          }
        }
      }
      await flush();
    }
    if (analytics) {
      file!.addSheet('Analytics', analytics.columns);
      await file!.writeRows(analytics.rows);
      written += analytics.rows.length;
      progress();
    }
    check();
    const about: AboutEntry[] = [
      { label: 'Exported by', value: 'Firmscope ESG export' },
      { label: 'Companies of', value: spec.about.source },
      { label: 'Profile', value: spec.about.profile ?? '(none)' },
      { label: 'Exported at', value: spec.about.at.toISOString().replace('T', ' ').slice(0, 16) + ' UTC' },
      { label: 'Companies', value: counts.companies },
      { label: 'With ESG data', value: counts.withData },
      { label: 'Scores rows', value: counts.scores },
      { label: 'News rows', value: counts.news },
      { label: 'Commitments rows', value: counts.commitments },
      { label: 'Data', value: 'The latest stored result of each module per company (fetched_at says when). Run "Refresh ESG" for newer data.' },
    ];
    await file!.finish(about);
    return { rows: written, counts };
  } catch (e) {
    if (file) await file.abort();
    else await target.discard();
    throw e;
  }
}

/** One item of a module result as a row object: the join keys first, then the item as the service sent it. */
function itemRow(r: StoredEsgResult, item: Record<string, unknown>, name: string | null): Record<string, unknown> {
  const row: Record<string, unknown> = { company_id: r.companyId, company_name: name ?? r.companyName, fetched_at: iso(r.fetchedAt) };
  for (const [k, v] of Object.entries(item)) {
    if (k in row) continue; // the join keys are ours: an item field of the same name never replaces them
    Object.defineProperty(row, k, { value: v, enumerable: true, writable: true, configurable: true });
  }
  return row;
}

function companyRow(c: EsgExportCompany, name: string | null, s: EsgSummary | undefined, spec: EsgExportSpec): unknown[] {
  const fetched = (m: EsgModule) => iso(spec.store.latest(c.companyId, m)?.fetchedAt);
  const values: Record<string, unknown> = { company_id: c.companyId, company_name: name, country: c.country };
  for (const f of ESG_SUMMARY_FIELDS) values[f.column] = 'time' in f ? iso(s?.[f.key]) : (s?.[f.key] ?? null);
  values.scores_fetched_at = fetched('scores');
  values.news_fetched_at = fetched('news');
  values.commitments_fetched_at = fetched('commitments');
  return COMPANY_COLUMNS.map((k) => values[k]);
}
