// ESG runs and their cells in the workspace database (tables esg_runs and esg_run_tasks): creating
// a run with one task per company x module, reading runs and tasks for the board and the engine,
// and the engine's task writes. Reached through the EsgRunStore facade (store.ts).
import type { BridgeError } from '../../../shared/errors';
import { COUNT_SEMANTICS } from '../../../shared/esg/count-semantics';
import {
  TASK_STATES,
  type RunCompany,
  type RunInfo,
  type RunStatus,
  type TaskCounts,
  type TaskState,
  type TaskView,
} from '../../../shared/esg-runs/schemas';
import { ESG_MODULES, type EsgModule } from '../../../shared/service/schemas';
import type { Sql } from '../../platform/workspace/sql';

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

const MODULE_ORDER = `CASE module WHEN 'news' THEN 0 WHEN 'commitments' THEN 1 ELSE 2 END`;
const TASK_COLS = 'id, run_id, seq, company_id, company_name, module, state, session_id, progress_count, progress_unit, error_json, attempts, resubmitted, created_at, started_at, updated_at, finished_at';

const emptyCounts = (): TaskCounts => Object.fromEntries(TASK_STATES.map((s) => [s, 0])) as TaskCounts;

export class RunTables {
  constructor(
    private readonly sql: Sql,
    /** Estimates the end of a running run from its pace (null = none). */
    private readonly etaOf: (runId: number) => number | null,
  ) {}

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
