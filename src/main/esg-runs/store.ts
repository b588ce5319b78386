// The ESG runs store: runs, their cells (tasks) and every stored module result, in a profile's
// workspace database (tables from the 'esg runs' migration). The engine writes through it; the
// board, the lists view (ESG columns) and the ESG export read through it.
//
// For other features:
// - `summaries(ids)` gives the list-view ESG columns; SQL can also join `esg_company_summary`
//   (company_id PRIMARY KEY; overall, environmental, social, governance, rating, news_count,
//   commitments_count, last_refreshed, overall_change, previous_rating), kept current on every save.
// - `latest(companyId)` / `history(companyId, module)` give the stored data for a company
//   (export: `latest(...).modules.news.latest.items`).
// - `eachLatest(companyIds, module)` streams the latest result per company for large exports.
import type { BridgeError } from '../../shared/errors';
import { COUNT_SEMANTICS } from '../../shared/esg/count-semantics';
import {
  TASK_STATES,
  type CompanyEsgLatest,
  type EsgSummary,
  type ModuleLatest,
  type RunCompany,
  type RunInfo,
  type RunStatus,
  type StoredEsgResult,
  type TaskCounts,
  type TaskState,
  type TaskView,
} from '../../shared/esg-runs/schemas';
import { ESG_MODULES, type EsgModule } from '../../shared/service/schemas';
import type { WorkspaceDb } from '../workspace/db';
import type { Sql } from '../workspace/sql';

export interface NewRun {
  profileId: string;
  label: string;
  listId: number | null;
  modules: EsgModule[];
  companies: RunCompany[];
  now: number;
}

/** Fields of a task the engine changes; `updatedAt` is required on every change. */
export interface TaskPatch {
  state?: TaskState;
  sessionId?: string | null;
  progressCount?: number | null;
  error?: BridgeError | null;
  attempts?: number;
  resubmitted?: boolean;
  startedAt?: number | null;
  finishedAt?: number | null;
  updatedAt: number;
}

export interface SaveResult {
  companyId: string;
  companyName: string | null;
  module: EsgModule;
  fetchedAt: number;
  runId: number | null;
  items: Record<string, unknown>[];
}

/** The store's contract (one instance per workspace database). */
export interface EsgRunStoreApi {
  createRun(run: NewRun): RunInfo;
  getRun(id: number): RunInfo | null;
  /** Runs of a profile, newest first. */
  listRuns(profileId: string, limit?: number): RunInfo[];
  /** Runs still `running` or `paused` (resumed at start). */
  openRuns(profileId: string): RunInfo[];
  setRunStatus(id: number, status: RunStatus, finishedAt?: number | null): void;
  tasks(runId: number): TaskView[];
  task(id: number): TaskView | null;
  tasksIn(runId: number, states: readonly TaskState[], limit?: number): TaskView[];
  updateTask(id: number, patch: TaskPatch): void;
  /** Several task changes in one transaction (the engine's batched writes). */
  updateTasks(changes: Array<{ id: number; patch: TaskPatch }>): void;
  counts(runId: number): TaskCounts;
  /** Runs `fn` in one transaction (a result and its cell's state are written together). */
  transaction<T>(fn: () => T): T;
  saveResult(r: SaveResult): StoredEsgResult;
  latest(companyId: string): CompanyEsgLatest;
  history(companyId: string, module: EsgModule, limit?: number): StoredEsgResult[];
  summaries(companyIds: readonly string[]): EsgSummary[];
  eachLatest(companyIds: readonly string[], module: EsgModule): IterableIterator<StoredEsgResult>;
}

interface RunRow {
  id: number;
  profile_id: string;
  label: string;
  list_id: number | null;
  modules_json: string;
  status: RunStatus;
  created_at: number;
  finished_at: number | null;
}
interface TaskRow {
  id: number;
  run_id: number;
  seq: number;
  company_id: string;
  company_name: string | null;
  module: EsgModule;
  state: TaskState;
  session_id: string | null;
  progress_count: number | null;
  progress_unit: string;
  error_json: string | null;
  attempts: number;
  resubmitted: number;
  created_at: number;
  started_at: number | null;
  updated_at: number;
  finished_at: number | null;
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

const MODULE_ORDER = `CASE module WHEN 'news' THEN 0 WHEN 'commitments' THEN 1 ELSE 2 END`;
const TASK_COLS = 'id, run_id, seq, company_id, company_name, module, state, session_id, progress_count, progress_unit, error_json, attempts, resubmitted, created_at, started_at, updated_at, finished_at';

/** A stable key for an item, to tell new ones from old across refreshes. */
export function itemKey(item: Record<string, unknown>): string {
  for (const k of ['article_id', 'commitment_id', 'score_id', 'id']) {
    const v = item[k];
    if (typeof v === 'string' || typeof v === 'number') return String(v);
  }
  return JSON.stringify(item);
}

const emptyCounts = (): TaskCounts => Object.fromEntries(TASK_STATES.map((s) => [s, 0])) as TaskCounts;
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const str = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);

export class EsgRunStore implements EsgRunStoreApi {
  private readonly sql: Sql;
  /** Estimates the end of a run from its pace; set by the engine (null = none). */
  etaOf: (runId: number) => number | null = () => null;

  constructor(db: WorkspaceDb) {
    this.sql = db.sql;
  }

  createRun(r: NewRun): RunInfo {
    const id = this.sql.tx(() => {
      const { lastInsertRowid } = this.sql.run(
        'INSERT INTO esg_runs (profile_id, label, list_id, modules_json, status, created_at) VALUES (?, ?, ?, ?, ?, ?)',
        [r.profileId, r.label, r.listId, JSON.stringify(r.modules), 'running', r.now],
      );
      const seen = new Set<string>();
      let seq = 0;
      for (const c of r.companies) {
        if (seen.has(c.companyId)) continue; // a company twice in a selection is one row on the board
        seen.add(c.companyId);
        for (const m of ESG_MODULES) {
          if (!r.modules.includes(m)) continue;
          this.sql.run(
            'INSERT INTO esg_run_tasks (run_id, seq, company_id, company_name, module, state, progress_unit, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
            [lastInsertRowid, seq, c.companyId, c.companyName ?? null, m, 'queued', COUNT_SEMANTICS[m].unit, r.now, r.now],
          );
        }
        seq++;
      }
      return lastInsertRowid;
    });
    return this.getRun(id)!;
  }

  getRun(id: number): RunInfo | null {
    const row = this.sql.get<RunRow>('SELECT * FROM esg_runs WHERE id = ?', [id]);
    return row ? this.runInfo(row) : null;
  }

  listRuns(profileId: string, limit = 50): RunInfo[] {
    return this.sql.all<RunRow>('SELECT * FROM esg_runs WHERE profile_id = ? ORDER BY created_at DESC, id DESC LIMIT ?', [profileId, limit]).map((r) => this.runInfo(r));
  }

  openRuns(profileId: string): RunInfo[] {
    return this.sql.all<RunRow>("SELECT * FROM esg_runs WHERE profile_id = ? AND status IN ('running', 'paused') ORDER BY id", [profileId]).map((r) => this.runInfo(r));
  }

  setRunStatus(id: number, status: RunStatus, finishedAt: number | null = null): void {
    this.sql.run('UPDATE esg_runs SET status = ?, finished_at = ? WHERE id = ?', [status, finishedAt, id]);
  }

  tasks(runId: number): TaskView[] {
    return this.sql.all<TaskRow>(`SELECT ${TASK_COLS} FROM esg_run_tasks WHERE run_id = ? ORDER BY seq, ${MODULE_ORDER}`, [runId]).map(taskView);
  }

  task(id: number): TaskView | null {
    const row = this.sql.get<TaskRow>(`SELECT ${TASK_COLS} FROM esg_run_tasks WHERE id = ?`, [id]);
    return row ? taskView(row) : null;
  }

  tasksIn(runId: number, states: readonly TaskState[], limit = -1): TaskView[] {
    if (states.length === 0) return [];
    const marks = states.map(() => '?').join(', ');
    return this.sql
      .all<TaskRow>(`SELECT ${TASK_COLS} FROM esg_run_tasks WHERE run_id = ? AND state IN (${marks}) ORDER BY seq, ${MODULE_ORDER} LIMIT ?`, [runId, ...states, limit])
      .map(taskView);
  }

  updateTask(id: number, p: TaskPatch): void {
    const sets: string[] = ['updated_at = @updatedAt'];
    const params: Record<string, unknown> = { id, updatedAt: p.updatedAt };
    const set = (col: string, key: string, value: unknown) => {
      sets.push(`${col} = @${key}`);
      params[key] = value;
    };
    if (p.state !== undefined) set('state', 'state', p.state);
    if (p.sessionId !== undefined) set('session_id', 'sessionId', p.sessionId);
    if (p.progressCount !== undefined) set('progress_count', 'progressCount', p.progressCount);
    if (p.error !== undefined) set('error_json', 'error', p.error ? JSON.stringify(p.error) : null);
    if (p.attempts !== undefined) set('attempts', 'attempts', p.attempts);
    if (p.resubmitted !== undefined) set('resubmitted', 'resubmitted', p.resubmitted ? 1 : 0);
    if (p.startedAt !== undefined) set('started_at', 'startedAt', p.startedAt);
    if (p.finishedAt !== undefined) set('finished_at', 'finishedAt', p.finishedAt);
    this.sql.run(`UPDATE esg_run_tasks SET ${sets.join(', ')} WHERE id = @id`, params);
  }

  updateTasks(changes: Array<{ id: number; patch: TaskPatch }>): void {
    if (changes.length === 0) return;
    this.sql.tx(() => {
      for (const c of changes) this.updateTask(c.id, c.patch);
    });
  }

  counts(runId: number): TaskCounts {
    const counts = emptyCounts();
    for (const r of this.sql.all<{ state: TaskState; n: number }>('SELECT state, COUNT(*) AS n FROM esg_run_tasks WHERE run_id = ? GROUP BY state', [runId])) counts[r.state] = r.n;
    return counts;
  }

  transaction<T>(fn: () => T): T {
    return this.sql.tx(fn);
  }

  saveResult(r: SaveResult): StoredEsgResult {
    return this.sql.tx(() => {
      const { lastInsertRowid } = this.sql.run(
        'INSERT INTO esg_results (company_id, company_name, module, fetched_at, run_id, item_count, data_json) VALUES (?, ?, ?, ?, ?, ?, ?)',
        [r.companyId, r.companyName, r.module, r.fetchedAt, r.runId, r.items.length, JSON.stringify(r.items)],
      );
      this.refreshSummary(r.companyId);
      return { id: lastInsertRowid, companyId: r.companyId, companyName: r.companyName, module: r.module, fetchedAt: r.fetchedAt, runId: r.runId, itemCount: r.items.length, items: r.items };
    });
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

  summaries(companyIds: readonly string[]): EsgSummary[] {
    const out: EsgSummary[] = [];
    // In chunks: SQLite caps bound parameters per statement.
    for (let i = 0; i < companyIds.length; i += 500) {
      const chunk = companyIds.slice(i, i + 500);
      const rows = this.sql.all<SummaryRow>(`SELECT * FROM esg_company_summary WHERE company_id IN (${chunk.map(() => '?').join(', ')})`, chunk);
      for (const r of rows) out.push(summaryView(r));
    }
    return out;
  }

  *eachLatest(companyIds: readonly string[], module: EsgModule): IterableIterator<StoredEsgResult> {
    for (const id of companyIds) {
      const [latest] = this.history(id, module, 1);
      if (latest) yield latest;
    }
  }

  /** Recomputes the list-view columns of one company from its two newest results per module. */
  private refreshSummary(companyId: string): void {
    const [scores, prevScores] = this.history(companyId, 'scores', 2);
    const score = scores?.items[0] ?? null;
    const prev = prevScores?.items[0] ?? null;
    const [news] = this.history(companyId, 'news', 1);
    const [commitments] = this.history(companyId, 'commitments', 1);
    const last = this.sql.get<{ t: number | null }>('SELECT MAX(fetched_at) AS t FROM esg_results WHERE company_id = ?', [companyId])?.t ?? null;
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

  private runInfo(row: RunRow): RunInfo {
    const counts = this.counts(row.id);
    const total = Object.values(counts).reduce((a, b) => a + b, 0);
    const companies = this.sql.get<{ n: number }>('SELECT COUNT(DISTINCT company_id) AS n FROM esg_run_tasks WHERE run_id = ?', [row.id])?.n ?? 0;
    return {
      id: row.id,
      profileId: row.profile_id,
      label: row.label,
      listId: row.list_id,
      modules: JSON.parse(row.modules_json) as EsgModule[],
      status: row.status,
      createdAt: row.created_at,
      finishedAt: row.finished_at,
      counts,
      total,
      companies,
      etaAt: row.status === 'running' ? this.etaOf(row.id) : null,
    };
  }
}

function taskView(r: TaskRow): TaskView {
  return {
    id: r.id,
    runId: r.run_id,
    seq: r.seq,
    companyId: r.company_id,
    companyName: r.company_name,
    module: r.module,
    state: r.state,
    sessionId: r.session_id,
    progressCount: r.progress_count,
    progressUnit: r.progress_unit,
    error: r.error_json ? (JSON.parse(r.error_json) as BridgeError) : null,
    attempts: r.attempts,
    resubmitted: r.resubmitted === 1,
    createdAt: r.created_at,
    startedAt: r.started_at,
    updatedAt: r.updated_at,
    finishedAt: r.finished_at,
  };
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
