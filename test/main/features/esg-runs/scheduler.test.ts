// The run engine's scheduling on a manual clock against a scripted service: the concurrency
// bound, pause/resume/cancel, retry failed, a forgotten session requested again once, 403, and
// batched events.
import { afterEach, describe, expect, it } from 'vitest';
import { createEsgRunsFeature } from '../../../../src/main/features/esg-runs/feature';
import { createWorkspace, workspacePort, type Workspace } from '../../../../src/main/platform/workspace/workspace';
import { AppError } from '../../../../src/shared/errors';
import type { RunInfo, RunUpdate, StartRunInput } from '../../../../src/shared/esg-runs/schemas';
import type { Profile } from '../../../../src/shared/profile';
import { ctx, fakeDeps } from '../esg/helpers/fake-deps';
import { ManualTimers } from '../esg/helpers/manual-timers';
import { ClockedEsgApi } from './helpers/clocked-api';
import { tempDataDir } from './helpers/run-world';

const open: Workspace[] = [];
afterEach(() => {
  for (const w of open.splice(0)) w.close();
});

function world(o: { concurrency?: number; sessionMs?: number; dataDir?: string } = {}) {
  const timers = new ManualTimers();
  const api = new ClockedEsgApi(timers.now, o.sessionMs ?? 2000);
  const { deps, rec } = fakeDeps(async () => api, { now: timers.now });
  const profile = { id: 'sandbox', name: 'Sandbox', esgConcurrency: o.concurrency } as Profile;
  deps.activeProfile = () => profile;
  const workspace = createWorkspace({ dataDir: o.dataDir ?? tempDataDir(), notify: () => {} });
  open.push(workspace);
  deps.workspace = workspacePort(workspace, () => profile.id);
  // Fast cell-level retries so a failing cell ends within a few virtual seconds.
  const feature = createEsgRunsFeature(deps, { timers, retry: { maxAttempts: 2, baseDelayMs: 100, maxDelayMs: 100, budgetMs: 1000 } });
  const h = feature.handlers;
  const updates = () => rec.events.filter((e) => e.name === 'esgRunUpdate').map((e) => e.payload as RunUpdate);
  const board = async (runId: number) => h.board({ runId }, ctx());
  return { timers, api, deps, rec, feature, h, profile, updates, board };
}

const companies = (n: number) => Array.from({ length: n }, (_, i) => ({ companyId: `c${String(i).padStart(3, '0')}`, companyName: `Company ${i} AG` }));
const input = (n: number, modules: StartRunInput['modules'] = ['news', 'scores']): StartRunInput => ({ companies: companies(n), modules, label: 'Portfolio A' });

describe('run scheduling', () => {
  it('keeps at most `esgConcurrency` module requests in flight (default 4), and follows a changed setting', async () => {
    const w = world();
    w.api.hold = true;
    await w.h.start(input(20), ctx());
    await w.timers.advance(10);
    expect(w.api.inFlight).toBe(4);
    for (let i = 0; i < 5; i++) {
      w.api.release();
      await w.timers.advance(10);
      expect(w.api.inFlight).toBeLessThanOrEqual(4);
    }
    expect(w.api.maxInFlight).toBeLessThanOrEqual(4);
    w.profile.esgConcurrency = 2;
    w.api.release();
    await w.timers.advance(10);
    w.api.release();
    await w.timers.advance(10);
    expect(w.api.inFlight).toBeLessThanOrEqual(2);
    expect(w.api.inFlight).toBeGreaterThan(0);
    w.api.hold = false;
    w.api.release();
    await w.timers.advance(30_000);
    const b = await w.board(1);
    expect(b.run.status).toBe('finished');
    expect(b.run.counts.complete).toBe(40);
    expect(w.api.maxInFlight).toBeGreaterThanOrEqual(3);
    expect(w.api.maxInFlight).toBeLessThanOrEqual(4);
  });

  it('reads completed sessions from slots of their own: data reads never wait for slots held by new cells', async () => {
    const w = world({ concurrency: 2 });
    w.api.hold = true;
    await w.h.start(input(8, ['news']), ctx());
    await w.timers.advance(10);
    expect(w.api.inFlightBy).toEqual({ low: 2 });
    for (let i = 0; i < 2; i++) {
      w.api.release();
      await w.timers.advance(10);
    }
    // Four sessions open, two new module requests held. The sessions complete: two data reads go
    // although both module request slots are taken.
    await w.timers.advance(2_500);
    expect(w.api.inFlightBy).toEqual({ low: 2, high: 2 });
    w.api.hold = false;
    w.api.release();
    await w.timers.advance(30_000);
    expect((await w.board(1)).run).toMatchObject({ status: 'finished', counts: { complete: 8 } });
    expect(w.api.maxInFlightBy).toEqual({ low: 2, high: 2 });
  });

  it('starts no new cell while requests wait for the rate limiter; data reads of completed sessions still go', async () => {
    const w = world();
    let waiting = 0;
    w.deps.requestBudget = () => ({ waiting, granted: 0, requestsPerSecond: 50 });
    await w.h.start(input(10, ['news']), ctx());
    await w.timers.advance(10);
    const requested = w.api.moduleCalls.length;
    expect(requested).toBeGreaterThan(0);
    waiting = 3;
    await w.timers.advance(5_000);
    const b = await w.board(1);
    // The cells already out completed (their data read is not held back); the rest wait.
    expect(b.tasks.filter((t) => t.state === 'complete')).toHaveLength(requested);
    expect(b.tasks.filter((t) => t.state === 'queued')).toHaveLength(10 - requested);
    waiting = 0;
    w.feature.engineFor('sandbox').pump();
    await w.timers.advance(30_000);
    expect((await w.board(1)).run).toMatchObject({ status: 'finished', counts: { complete: 10 } });
  });

  it('asks the rate limiter for data reads in the high lane, status polls in the default lane, new module requests in the low lane', async () => {
    const w = world();
    await w.h.start(input(5, ['news']), ctx());
    await w.timers.advance(30_000);
    expect((await w.board(1)).run.counts.complete).toBe(5);
    const perCell = new Map<string, string[]>();
    for (const c of w.api.moduleCalls) perCell.set(c.companyId, [...(perCell.get(c.companyId) ?? []), c.priority ?? 'none']);
    // First the request that opens the session, then the read of its data once status said complete.
    expect([...perCell.values()]).toEqual(Array(5).fill(['low', 'high']));
    expect(w.api.statusCalls.length).toBeGreaterThan(0);
    expect(new Set(w.api.statusCalls.map((c) => c.priority ?? 'normal'))).toEqual(new Set(['normal']));
  });

  it('watches sessions without holding a slot, and stores each completed cell once', async () => {
    const w = world({ concurrency: 2 });
    await w.h.start(input(10, ['news']), ctx());
    for (let i = 0; i < 5; i++) await w.timers.advance(100);
    // All ten requested and processing although only two requests may be in flight.
    expect((await w.board(1)).tasks.every((t) => t.state === 'processing')).toBe(true);
    expect(w.feature.engineFor('sandbox').watchedSessions).toBe(10);
    await w.timers.advance(30_000);
    const b = await w.board(1);
    expect(b.tasks.map((t) => t.state)).toEqual(Array(10).fill('complete'));
    const hist = await w.h.history({ companyId: 'c003', module: 'news', limit: 10 }, ctx());
    expect(hist).toHaveLength(1);
    expect(hist[0]!.items).toEqual([{ article_id: 'c003-news', title: 'Item of c003' }]);
    // Completion only by status: no status call for a session after its terminal answer.
    const bySession = new Map<string, Array<{ status: string }>>();
    for (const c of w.api.statusCalls) bySession.set(c.sessionId, [...(bySession.get(c.sessionId) ?? []), c]);
    for (const calls of bySession.values()) expect(calls.findIndex((c) => c.status === 'complete')).toBe(calls.length - 1);
  });

  it('pause stops new requests (processing cells finish), resume carries on', async () => {
    const w = world({ concurrency: 1 });
    w.api.hold = true;
    await w.h.start(input(6, ['news']), ctx());
    await w.timers.advance(1);
    expect(w.api.heldCount).toBe(1);
    const paused = await w.h.pause({ runId: 1 }, ctx());
    expect(paused.status).toBe('paused');
    const callsAtPause = w.api.moduleCalls.length;
    w.api.hold = false;
    w.api.release();
    await w.timers.advance(20_000);
    const b = await w.board(1);
    // The cells requested before the pause completed (their data fetch is part of them); no new cell started.
    const started = b.tasks.filter((t) => t.state !== 'queued');
    expect(started.length).toBeGreaterThan(0);
    expect(started.every((t) => t.state === 'complete')).toBe(true);
    expect(b.tasks.filter((t) => t.state === 'queued').length).toBe(6 - started.length);
    expect(new Set(w.api.moduleCalls.slice(callsAtPause).map((c) => c.companyId)).size).toBeLessThanOrEqual(started.length);
    expect(b.run.status).toBe('paused');
    await w.h.resume({ runId: 1 }, ctx());
    await w.timers.advance(60_000);
    expect((await w.board(1)).run).toMatchObject({ status: 'finished', counts: { complete: 6 } });
  });

  it('cancel ends every open cell, aborts requests, stops watches, and sends no finish notification', async () => {
    const w = world({ concurrency: 2 });
    await w.h.start(input(8, ['news']), ctx());
    await w.timers.advance(50); // every cell processing
    w.api.hold = true;
    await w.timers.advance(2_500); // sessions complete; two data fetches held
    expect(w.api.heldCount).toBe(2);
    const cancelled = await w.h.cancel({ runId: 1 }, ctx());
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.counts.cancelled + cancelled.counts.complete).toBe(8);
    expect(cancelled.counts.cancelled).toBeGreaterThan(0);
    const statusCalls = w.api.statusCalls.length;
    const moduleCalls = w.api.moduleCalls.length;
    await w.timers.advance(60_000);
    expect(w.api.statusCalls.length).toBe(statusCalls);
    expect(w.api.moduleCalls.length).toBe(moduleCalls);
    expect(w.feature.engineFor('sandbox').watchedSessions).toBe(0);
    expect(w.feature.engineFor('sandbox').requestsInFlight).toBe(0);
    expect(w.rec.notifications).toEqual([]);
    expect((await w.board(1)).tasks.every((t) => t.state === 'cancelled' || t.state === 'complete')).toBe(true);
  });

  it('403 is no_access per cell; a failed cell is queued again by "Retry failed" and the run finishes again', async () => {
    const w = world();
    let broken = true;
    w.api.override = (companyId, module) => {
      if (companyId === 'c001') return new AppError('forbidden', 'Forbidden', { details: { status: 403 } });
      if (companyId === 'c002' && module === 'scores' && broken) return new AppError('bad_request', 'The service refused the request', { details: { status: 400 } });
      return null;
    };
    await w.h.start(input(4), ctx());
    await w.timers.advance(30_000);
    let b = await w.board(1);
    expect(b.run.status).toBe('finished');
    expect(b.run.counts).toMatchObject({ complete: 5, no_access: 2, failed: 1 });
    const failed = b.tasks.find((t) => t.state === 'failed')!;
    expect(failed).toMatchObject({ companyId: 'c002', module: 'scores', error: { code: 'bad_request' } });
    expect(b.tasks.find((t) => t.companyId === 'c001')!.error!.message).toMatch(/lacks access to the ESG API \(403\)/);
    expect(w.rec.notifications).toHaveLength(1);
    broken = false;
    const again = await w.h.retryFailed({ runId: 1 }, ctx());
    expect(again.status).toBe('running');
    await w.timers.advance(30_000);
    b = await w.board(1);
    expect(b.run).toMatchObject({ status: 'finished', counts: { complete: 6, no_access: 2, failed: 0 } });
    expect(b.tasks.find((t) => t.id === failed.id)).toMatchObject({ state: 'complete', attempts: 2, error: null });
    expect(w.rec.notifications).toHaveLength(2);
  });

  it('a session the service forgot (404) is requested again once; a second 404 fails the cell', async () => {
    const w = world();
    await w.h.start(input(2, ['news']), ctx());
    await w.timers.advance(10);
    const first0 = w.api.sessionOf('c000', 'news')!;
    const first1 = w.api.sessionOf('c001', 'news')!;
    w.api.forget(first0);
    w.api.forget(first1);
    await w.timers.advance(1_500); // both see 404 and are requested again
    const second1 = w.api.sessionOf('c001', 'news')!;
    expect(second1).not.toBe(first1);
    w.api.forget(second1);
    await w.timers.advance(30_000);
    const b = await w.board(1);
    expect(b.tasks[0]).toMatchObject({ companyId: 'c000', state: 'complete', resubmitted: true, attempts: 2 });
    expect(b.tasks[1]).toMatchObject({ companyId: 'c001', state: 'failed', resubmitted: true, attempts: 2, error: { code: 'not_found' } });
    expect(w.api.moduleCalls.filter((c) => c.companyId === 'c001')).toHaveLength(2);
  });

  it('batches cell changes into esgRunUpdate events at most every 100 ms, and the last event shows every final state', async () => {
    const w = world({ concurrency: 8 });
    await w.h.start(input(100, ['news', 'commitments', 'scores']), ctx());
    const t0 = w.timers.now();
    await w.timers.advance(60_000);
    const updates = w.updates();
    const at = w.rec.events.filter((e) => e.name === 'esgRunUpdate').map((e) => e.at);
    // Timer flushes only; the run's end flushes at once (the last cells with the finished status).
    for (let i = 1; i < at.length - 1; i++) expect(at[i]! - at[i - 1]!, `event ${i} of ${at.length}: ${at.slice(i - 3, i + 2).map((t) => t - t0)}`).toBeGreaterThanOrEqual(100);
    expect(updates.length).toBeLessThan((w.timers.now() - t0) / 100);
    const last = new Map<number, string>();
    for (const u of updates) for (const t of u.tasks) last.set(t.id, t.state);
    expect(last.size).toBe(300);
    expect([...last.values()].every((s) => s === 'complete')).toBe(true);
    expect(updates.at(-1)!.run).toMatchObject({ status: 'finished', counts: { complete: 300 } });
    expect(updates.filter((u) => u.run.status === 'finished')).toHaveLength(1);
  });

  it('notifies once with the run label and counts, never company ids', async () => {
    const w = world();
    await w.h.start({ ...input(3, ['scores']), label: 'DAX watchlist' }, ctx());
    await w.timers.advance(30_000);
    expect(w.rec.notifications).toEqual([{ title: 'ESG run finished: DAX watchlist', body: '3 companies (scores): 3 of 3 cells done (100 %).' }]);
    const finished = w.rec.events.filter((e) => e.name === 'runFinished').map((e) => e.payload as { run: RunInfo; title: string });
    expect(finished).toHaveLength(1);
    expect(finished[0]!.title).toBe('ESG run finished: DAX watchlist');
  });
});
