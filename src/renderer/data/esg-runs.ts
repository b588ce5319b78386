// ESG runs in the renderer: the run list (react-query, fed by esgRunUpdate), one run's live board
// (its reads of esgRuns.board a query, then batched updates applied once per frame).
import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { RunBoard, RunCompany, RunInfo, RunUpdate, StartRunInput, TaskView } from '../../shared/esg-runs/schemas';
import { firmscope, unwrap, groupCalls } from './bridge';
import { useBridgeEvent } from './useBridgeEvent';
import { applyUpdates, createBoard, type BoardModel, type TaskUpdate } from './esg-runs-board';

/** The esgRuns bridge group's calls, each resolving to its value or rejecting with the shared AppError. */
export const esgRunsCalls = groupCalls('esgRuns');

export const runKeys = {
  list: ['esgRuns', 'list'] as const,
  board: (runId: number) => ['esgRuns', 'board', runId] as const,
};

export function toTaskUpdate(t: TaskView): TaskUpdate {
  return { companyId: t.companyId, companyName: t.companyName, module: t.module, state: t.state, count: t.progressCount, reason: t.error?.message ?? null, updatedAt: t.updatedAt };
}

/** The board model of a run's first paint: companies in board order, every known cell applied. */
export function boardFromRun(board: RunBoard, now = Date.now()): BoardModel {
  const seen = new Set<string>();
  const companies: { companyId: string; companyName: string | null }[] = [];
  for (const t of [...board.tasks].sort((a, b) => a.seq - b.seq)) {
    if (seen.has(t.companyId)) continue;
    seen.add(t.companyId);
    companies.push({ companyId: t.companyId, companyName: t.companyName });
  }
  return createBoard(board.run.modules, companies, board.tasks.map(toTaskUpdate), now);
}

/** Keeps the newer of two snapshots of a run (updates can race the first paint). */
const newerRun = (a: RunInfo, b: RunInfo): RunInfo => (b.counts && a.status === b.status && endedOf(b) < endedOf(a) ? a : b);
/** Cells in a terminal state: only grows while the status stays, so it orders two snapshots. */
const endedOf = (r: RunInfo) => r.counts.complete + r.counts.not_found + r.counts.failed + r.counts.no_access + r.counts.cancelled;

export function useRunList() {
  const qc = useQueryClient();
  useBridgeEvent('esgRuns', 'esgRunUpdate', (u: RunUpdate) => {
    qc.setQueryData<RunInfo[]>(runKeys.list, (old) => {
      if (!old) return old;
      const i = old.findIndex((r) => r.id === u.run.id);
      if (i === -1) return [u.run, ...old];
      const next = old.slice();
      next[i] = u.run;
      return next;
    });
  });
  return useQuery({ queryKey: runKeys.list, queryFn: () => unwrap(firmscope().esgRuns.list({ limit: 50 })), staleTime: 0, refetchOnWindowFocus: false });
}

export interface LiveRun {
  run: RunInfo;
  model: BoardModel;
}

/**
 * One run's live board. Its first paint is a query (esgRuns.board), so whatever re-reads the page's
 * queries (the link to the core back after a host restart, bridge-health-context.tsx) re-reads the
 * board too: events missed while the link was down cannot leave it behind the run list. Events
 * that arrive before a read lands are kept and applied after it (stale cells are ignored by time);
 * later ones are collected and applied once per animation frame.
 */
export function useLiveRun(runId: number | null): { live: LiveRun | null; error: unknown; setRun(run: RunInfo): void } {
  const [live, setLive] = useState<LiveRun | null>(null);
  const pending = useRef<RunUpdate[]>([]);
  const loaded = useRef(false);
  const frame = useRef<number | null>(null);
  const board = useQuery({
    queryKey: runKeys.board(runId ?? 0),
    queryFn: () => unwrap(firmscope().esgRuns.board({ runId: runId! })),
    enabled: runId !== null,
    // Kept live by events; read again only when asked (a reconnect), never on focus or mount.
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    retry: false,
  });

  const flush = useCallback(() => {
    frame.current = null;
    const batch = pending.current;
    pending.current = [];
    if (batch.length === 0) return;
    setLive((s) => {
      if (!s) return s;
      let run = s.run;
      const tasks: TaskUpdate[] = [];
      for (const u of batch) {
        run = newerRun(run, u.run);
        for (const t of u.tasks) tasks.push(toTaskUpdate(t));
      }
      return { run, model: applyUpdates(s.model, tasks) };
    });
  }, []);

  useBridgeEvent('esgRuns', 'esgRunUpdate', (u: RunUpdate) => {
    if (u.run.id !== runId) return;
    pending.current.push(u);
    if (loaded.current && frame.current === null) frame.current = requestAnimationFrame(flush);
  });

  // Another run: nothing of the last one is shown or applied.
  useEffect(() => {
    setLive(null);
    pending.current = [];
    loaded.current = false;
  }, [runId]);

  // Each read of the board (the first, and any after a reconnect) is the truth; events apply on top.
  useEffect(() => {
    if (!board.data || board.data.run.id !== runId) return undefined;
    setLive({ run: board.data.run, model: boardFromRun(board.data) });
    loaded.current = true;
    frame.current = requestAnimationFrame(flush);
    return () => {
      if (frame.current !== null) cancelAnimationFrame(frame.current);
      frame.current = null;
    };
  }, [board.data, runId, flush]);

  const setRun = useCallback((run: RunInfo) => setLive((s) => (s && s.run.id === run.id ? { ...s, run } : s)), []);
  return { live, error: board.error, setRun };
}

export async function startRun(input: StartRunInput): Promise<RunInfo> {
  return unwrap(firmscope().esgRuns.start(input));
}

export type RunControl = 'pause' | 'resume' | 'cancel' | 'retryFailed';
export async function controlRun(action: RunControl, runId: number): Promise<RunInfo> {
  return unwrap(firmscope().esgRuns[action]({ runId }));
}

/** Every member of a list with its name, for a run (pages of 1,000). */
export async function listCompanies(listId: number): Promise<RunCompany[]> {
  const out: RunCompany[] = [];
  for (let offset = 0; ; offset += 1000) {
    const page = await unwrap(firmscope().lists.members({ id: listId, view: {}, offset, limit: 1000 }));
    for (const m of page.rows) out.push({ companyId: m.companyId, companyName: m.name });
    if (page.rows.length === 0 || out.length >= page.total) return out;
  }
}
