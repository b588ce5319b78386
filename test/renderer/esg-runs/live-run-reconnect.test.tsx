// @vitest-environment jsdom
// A run's live board after the link to the core comes back (issue 39 #4): the events sent while the
// host restarted are lost, so the board is read again with everything else the page shows (the
// recovery's invalidateQueries), and the board and the run list agree again without leaving the screen.
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { beforeEach, expect, it } from 'vitest';
import type { RunBoard, RunInfo, TaskCounts, TaskView } from '../../../src/shared/esg-runs/schemas';
import { useLiveRun } from '../../../src/renderer/data/esg-runs';

const counts = (c: Partial<TaskCounts>): TaskCounts => ({ queued: 0, requesting: 0, processing: 0, complete: 0, not_found: 0, failed: 0, no_access: 0, cancelled: 0, ...c });
const run = (status: RunInfo['status'], c: Partial<TaskCounts>): RunInfo => ({
  id: 7, profileId: 'sandbox', label: 'Portfolio A', listId: 1, modules: ['news'], status, createdAt: 1, finishedAt: status === 'finished' ? 2 : null, counts: counts(c), total: 3, companies: 3, etaAt: null,
});
const task = (seq: number, state: TaskView['state'], updatedAt: number): TaskView =>
  ({ id: seq, runId: 7, seq, companyId: `c${seq}`, companyName: `Company ${seq}`, module: 'news', state, sessionId: null, progressCount: null, progressUnit: 'articles held', error: null, attempts: 1, resubmitted: false, createdAt: 1, startedAt: 1, finishedAt: null, updatedAt }) as unknown as TaskView;

let boards: RunBoard[];
let reads: number;
beforeEach(() => {
  reads = 0;
  boards = [
    { run: run('running', { complete: 1, processing: 2 }), tasks: [task(0, 'complete', 10), task(1, 'processing', 10), task(2, 'processing', 10)] },
    { run: run('finished', { complete: 3 }), tasks: [task(0, 'complete', 10), task(1, 'complete', 20), task(2, 'complete', 20)] },
  ];
  (window as unknown as { firmscope: unknown }).firmscope = {
    esgRuns: {
      board: async () => ({ ok: true, value: boards[Math.min(reads++, boards.length - 1)] }),
      onEsgRunUpdate: () => () => {},
    },
  };
});

it('reads the board again when the page re-reads its queries, and shows the run as it is now', async () => {
  const qc = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={qc}>{children}</QueryClientProvider>;
  const { result } = renderHook(() => useLiveRun(7), { wrapper });
  await waitFor(() => expect(result.current.live?.model.counts.processing).toBe(2));
  expect(result.current.live?.run.status).toBe('running');
  // The host restarted: its finishing events never reached this page. The link comes back.
  await act(async () => {
    await qc.invalidateQueries();
  });
  await waitFor(() => expect(result.current.live?.run.status).toBe('finished'));
  expect(result.current.live?.model.counts).toMatchObject({ complete: 3, processing: 0 });
  expect(reads).toBe(2);
});
