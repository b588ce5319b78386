// The ESG runs store: runs, their cells (tasks) and every stored module result, in a profile's
// workspace database (tables from the 'esg runs' migration). The engine writes through it; the
// board, the lists view (ESG columns) and the ESG export read through it. A facade over one module
// per table family: run-tables.ts (runs and tasks), stored-results.ts (results and history) and
// company-summary.ts (the list-view columns).
//
// For other features:
// - `summaries(ids)` gives the list-view ESG columns; SQL can also join `esg_company_summary`
//   (company_id PRIMARY KEY and one column per field of summary-fields.ts), kept current on every save.
// - `latest(companyId)` / `history(companyId, module)` give the stored data for a company
//   (export: `latest(...).modules.news.latest.items`).
// - `eachLatest(companyIds, module)` streams the latest result per company for large exports.
// - `resultTextsOfRun(runId)` gives what one run stored, as text (a watch diffs two refreshes of a list).
import type {
  CompanyEsgLatest,
  EsgSummary,
  StoredEsgCompany,
  RunInfo,
  RunStatus,
  StoredEsgResult,
  TaskCounts,
  TaskState,
  TaskView,
} from '../../../shared/esg-runs/schemas';
import type { EsgModule } from '../../../shared/service/schemas';
import type { WorkspaceDb } from '../../platform/workspace/db';
import type { Sql } from '../../platform/workspace/sql';
import { CompanySummaries } from './company-summary';
import { RunTables, type NewRun, type TaskPatch } from './run-tables';
import { StoredResults, type SaveResult, type StoredResultText } from './stored-results';

export type { NewRun, TaskPatch } from './run-tables';
export { itemKey, type SaveResult, type StoredResultText } from './stored-results';

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
  /** Companies with stored results, newest first, narrowed by name or id. */
  storedCompanies(text: string, limit: number): StoredEsgCompany[];
  eachLatest(companyIds: readonly string[], module: EsgModule): IterableIterator<StoredEsgResult>;
  /** Every result one run stored, its items as their JSON text. */
  resultTextsOfRun(runId: number): StoredResultText[];
}

export class EsgRunStore implements EsgRunStoreApi {
  private readonly sql: Sql;
  private readonly runs: RunTables;
  private readonly results: StoredResults;
  private readonly companySummaries: CompanySummaries;
  /** Estimates the end of a run from its pace; set by the engine (null = none). */
  etaOf: (runId: number) => number | null = () => null;

  constructor(db: WorkspaceDb) {
    this.sql = db.sql;
    this.runs = new RunTables(this.sql, (runId) => this.etaOf(runId));
    this.results = new StoredResults(this.sql);
    this.companySummaries = new CompanySummaries(this.sql, this.results);
  }

  createRun(r: NewRun): RunInfo {
    return this.runs.createRun(r);
  }
  getRun(id: number): RunInfo | null {
    return this.runs.getRun(id);
  }
  listRuns(profileId: string, limit?: number): RunInfo[] {
    return this.runs.listRuns(profileId, limit);
  }
  openRuns(profileId: string): RunInfo[] {
    return this.runs.openRuns(profileId);
  }
  setRunStatus(id: number, status: RunStatus, finishedAt?: number | null): void {
    this.runs.setRunStatus(id, status, finishedAt);
  }
  tasks(runId: number): TaskView[] {
    return this.runs.tasks(runId);
  }
  task(id: number): TaskView | null {
    return this.runs.task(id);
  }
  tasksIn(runId: number, states: readonly TaskState[], limit?: number): TaskView[] {
    return this.runs.tasksIn(runId, states, limit);
  }
  updateTask(id: number, patch: TaskPatch): void {
    this.runs.updateTask(id, patch);
  }
  updateTasks(changes: Array<{ id: number; patch: TaskPatch }>): void {
    this.runs.updateTasks(changes);
  }
  counts(runId: number): TaskCounts {
    return this.runs.counts(runId);
  }

  transaction<T>(fn: () => T): T {
    return this.sql.tx(fn);
  }

  saveResult(r: SaveResult): StoredEsgResult {
    return this.sql.tx(() => {
      const saved = this.results.insert(r);
      this.companySummaries.refresh(r.companyId);
      return saved;
    });
  }
  latest(companyId: string): CompanyEsgLatest {
    return this.results.latest(companyId);
  }
  history(companyId: string, module: EsgModule, limit?: number): StoredEsgResult[] {
    return this.results.history(companyId, module, limit);
  }
  eachLatest(companyIds: readonly string[], module: EsgModule): IterableIterator<StoredEsgResult> {
    return this.results.eachLatest(companyIds, module);
  }
  resultTextsOfRun(runId: number): StoredResultText[] {
    return this.results.textsOfRun(runId);
  }
  summaries(companyIds: readonly string[]): EsgSummary[] {
    return this.companySummaries.read(companyIds);
  }
  storedCompanies(text: string, limit: number): StoredEsgCompany[] {
    return this.companySummaries.find(text, limit);
  }
}
