// From the esgRuns contract to the board: task views -> cell updates, and a run's first paint.
import { describe, expect, it } from 'vitest';
import { boardFromRun, toTaskUpdate } from '../../../src/renderer/data/esg-runs';
import type { RunBoard, TaskView } from '../../../src/shared/esg-runs/schemas';
import { TASK_STATES } from '../../../src/shared/esg-runs/schemas';
import { CELL_STATES } from '../../../src/renderer/data/esg-runs-board';

const task = (seq: number, module: TaskView['module'], state: TaskView['state'], extra: Partial<TaskView> = {}): TaskView => ({
  id: seq * 10 + module.length,
  runId: 1,
  seq,
  companyId: `c${seq}`,
  companyName: `Company ${seq}`,
  module,
  state,
  sessionId: null,
  progressCount: null,
  progressUnit: 'articles held',
  error: null,
  attempts: 0,
  resubmitted: false,
  createdAt: 1,
  startedAt: null,
  updatedAt: 5,
  finishedAt: null,
  ...extra,
});

describe('run board from the esgRuns contract', () => {
  it('knows every task state of the engine', () => {
    expect([...CELL_STATES].sort()).toEqual([...TASK_STATES].sort());
  });

  it('maps a task view to a cell update (live count, reason from the error)', () => {
    expect(toTaskUpdate(task(3, 'news', 'processing', { progressCount: 41, updatedAt: 99 }))).toEqual({ companyId: 'c3', companyName: 'Company 3', module: 'news', state: 'processing', count: 41, reason: null, updatedAt: 99 });
    const failed = toTaskUpdate(task(3, 'scores', 'failed', { error: { code: 'server_error', message: 'The service is unavailable (503).', retryable: true } }));
    expect(failed.reason).toBe('The service is unavailable (503).');
  });

  it('paints companies in seq order with the cells already known', () => {
    const board: RunBoard = {
      run: { id: 1, profileId: 'p', label: 'Portfolio', listId: 7, modules: ['news', 'scores'], status: 'running', createdAt: 1, finishedAt: null, counts: {} as RunBoard['run']['counts'], total: 4, companies: 2, etaAt: null },
      tasks: [task(2, 'news', 'queued'), task(1, 'news', 'complete', { progressCount: 12 }), task(1, 'scores', 'processing', { progressCount: 0 }), task(2, 'scores', 'queued')],
    };
    const model = boardFromRun(board, 10);
    expect(model.rows.map((r) => r.companyName)).toEqual(['Company 1', 'Company 2']);
    expect(model.rows[0]!.cells.news).toMatchObject({ state: 'complete', count: 12 });
    expect(model.counts).toMatchObject({ complete: 1, processing: 1, queued: 2 });
    expect(model.modules).toEqual(['news', 'scores']);
  });
});
