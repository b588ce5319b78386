// The live board's view model: a pure reducer from batched task-state updates to rows, cells, counts
// and an ETA. Rows that an update does not touch keep their identity, so memoised rows (keyed by
// company) skip re-rendering; one batch costs O(updates), not O(companies).
import type { EsgModule } from '../../shared/service/schemas';
import { outcomeParts, runProgress, type RunProgress } from '../../shared/esg-runs/progress';
import { formatCount } from '../ui/format';

export const CELL_STATES = ['queued', 'requesting', 'processing', 'complete', 'not_found', 'failed', 'no_access', 'cancelled'] as const;
export type CellState = (typeof CELL_STATES)[number];

/** States a cell does not leave by itself (only "Retry failed" or a new run moves it again). */
export const TERMINAL: ReadonlySet<CellState> = new Set<CellState>(['complete', 'not_found', 'failed', 'no_access', 'cancelled']);

export const CELL_STATE_LABELS: Record<CellState, string> = {
  queued: 'Queued',
  requesting: 'Requesting',
  processing: 'Processing',
  complete: 'Complete',
  not_found: 'Not found',
  failed: 'Failed',
  no_access: 'No access',
  cancelled: 'Cancelled',
};

/** One task (company x module) as the run engine reports it. */
export interface TaskUpdate {
  companyId: string;
  companyName?: string | null;
  module: EsgModule;
  state: CellState;
  /** Live `result_count` while processing; the stored count once complete. */
  count?: number | null;
  /** Why it failed (a sentence for the analyst). */
  reason?: string | null;
  /** Epoch ms of this state; an update older than the cell's current one is ignored. */
  updatedAt: number;
}

export interface BoardCell {
  state: CellState;
  count: number | null;
  reason: string | null;
  updatedAt: number;
}

export interface BoardRow {
  companyId: string;
  companyName: string | null;
  cells: Partial<Record<EsgModule, BoardCell>>;
}

export interface Failure {
  companyId: string;
  companyName: string | null;
  module: EsgModule;
  reason: string | null;
}

export interface BoardModel {
  modules: readonly EsgModule[];
  /** One row per company, in the run's order. A new array per batch; untouched rows are the same objects. */
  rows: readonly BoardRow[];
  counts: Record<CellState, number>;
  total: number;
  /** Cells in a terminal state, with data or without (the ETA's pace). Not "done": see progress.ts. */
  ended: number;
  /** Failed cells (retryable), keyed `companyId\u0000module`, in the order they failed. */
  failures: ReadonlyMap<string, Failure>;
  /** (time, ended) samples for the ETA, oldest first, at most one per batch. */
  samples: readonly { t: number; ended: number }[];
  index: ReadonlyMap<string, number>;
}

const key = (companyId: string, module: EsgModule) => `${companyId}\u0000${module}`;
const emptyCounts = (): Record<CellState, number> => Object.fromEntries(CELL_STATES.map((s) => [s, 0])) as Record<CellState, number>;
/** ETA window: the rate over the last minute follows pauses, rate-limit waits and slow sessions. */
export const ETA_WINDOW_MS = 60_000;
const MAX_SAMPLES = 240;

/** The board of a run, from its companies and the tasks known so far (missing tasks start queued). */
export function createBoard(modules: readonly EsgModule[], companies: readonly { companyId: string; companyName?: string | null }[], tasks: readonly TaskUpdate[] = [], now = Date.now()): BoardModel {
  const index = new Map<string, number>();
  const rows: BoardRow[] = [];
  for (const c of companies) {
    if (index.has(c.companyId)) continue;
    index.set(c.companyId, rows.length);
    const cells: Partial<Record<EsgModule, BoardCell>> = {};
    for (const m of modules) cells[m] = { state: 'queued', count: null, reason: null, updatedAt: 0 };
    rows.push({ companyId: c.companyId, companyName: c.companyName ?? null, cells });
  }
  const counts = emptyCounts();
  counts.queued = rows.length * modules.length;
  const base: BoardModel = { modules, rows, counts, total: rows.length * modules.length, ended: 0, failures: new Map(), samples: [], index };
  const loaded = applyUpdates(base, tasks, now);
  // The first sample is the starting point of the ETA, not progress made while watching.
  return { ...loaded, samples: [{ t: now, ended: loaded.ended }] };
}

/** Applies one batch. Unknown companies or modules and stale updates are ignored. */
export function applyUpdates(model: BoardModel, updates: readonly TaskUpdate[], now = Date.now()): BoardModel {
  if (updates.length === 0) return model;
  let rows: BoardRow[] | null = null;
  const changedRows = new Map<number, BoardRow>();
  const counts = { ...model.counts };
  let failures: Map<string, Failure> | null = null;
  let ended = model.ended;
  for (const u of updates) {
    const i = model.index.get(u.companyId);
    if (i === undefined || !model.modules.includes(u.module)) continue;
    const row = changedRows.get(i) ?? model.rows[i];
    if (!row) continue;
    const prev = row.cells[u.module]!;
    if (u.updatedAt < prev.updatedAt) continue;
    const cell: BoardCell = { state: u.state, count: u.count ?? (u.state === prev.state ? prev.count : null), reason: u.reason ?? null, updatedAt: u.updatedAt };
    if (cell.state === prev.state && cell.count === prev.count && cell.reason === prev.reason && (u.companyName ?? row.companyName) === row.companyName) continue;
    counts[prev.state]--;
    counts[cell.state]++;
    ended += (TERMINAL.has(cell.state) ? 1 : 0) - (TERMINAL.has(prev.state) ? 1 : 0);
    if (prev.state === 'failed' || cell.state === 'failed') {
      failures ??= new Map(model.failures);
      const k = key(u.companyId, u.module);
      failures.delete(k);
      if (cell.state === 'failed') failures.set(k, { companyId: u.companyId, companyName: u.companyName ?? row.companyName, module: u.module, reason: cell.reason });
    }
    rows ??= model.rows.slice();
    const next: BoardRow = { companyId: row.companyId, companyName: u.companyName ?? row.companyName, cells: { ...row.cells, [u.module]: cell } };
    changedRows.set(i, next);
    rows[i] = next;
  }
  if (!rows) return model;
  const samples = model.samples.length >= MAX_SAMPLES ? model.samples.slice(-MAX_SAMPLES + 1) : model.samples.slice();
  samples.push({ t: now, ended });
  return { ...model, rows, counts, ended, failures: failures ?? model.failures, samples };
}

/**
 * Milliseconds until every cell is terminal, from the rate over the last ETA_WINDOW_MS; null until
 * there is a rate to speak of (fewer than 2 cells finished in the window) or when nothing is left.
 */
export function estimateRemainingMs(model: BoardModel, now = Date.now()): number | null {
  const left = model.total - model.ended;
  if (left <= 0) return null;
  const from = model.samples.find((s) => s.t >= now - ETA_WINDOW_MS) ?? model.samples[model.samples.length - 1];
  if (!from) return null;
  const finished = model.ended - from.ended;
  const elapsed = now - from.t;
  if (finished < 2 || elapsed <= 0) return null;
  return Math.round((left * elapsed) / finished);
}

export function formatEta(ms: number | null): string {
  if (ms === null) return 'estimating…';
  const s = Math.max(1, Math.round(ms / 1000));
  if (s < 60) return `about ${s} s left`;
  const m = Math.round(s / 60);
  if (m < 60) return `about ${m} min left`;
  return `about ${Math.floor(m / 60)} h ${m % 60} min left`;
}

/** The run's progress in words and numbers (done = complete; the other ends apart). */
export function boardProgress(model: BoardModel): RunProgress {
  return runProgress(model.counts, model.total);
}

/**
 * The live region's sentence: coarse (10 % steps of cells done) so a screen reader is not flooded,
 * with every way cells ended without data ("Cancelled: 60 % of 2,751 cells done, 852 cancelled.").
 */
export function runSummary(model: BoardModel, runState: string): string {
  const p = boardProgress(model);
  const step = p.done === p.total ? 'all' : `${Math.floor(p.percent / 10) * 10} %`;
  return `${[`${runState}: ${step} of ${formatCount(p.total)} cells done`, ...outcomeParts(p)].join(', ')}.`;
}
