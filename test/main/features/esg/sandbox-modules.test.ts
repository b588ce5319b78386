// Each module against the real sandbox over HTTP, on a virtual clock 10x faster than the wall clock.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxHandle } from '../../../../src/sandbox/server';
import type { EsgModule } from '../../../../src/shared/service/schemas';
import { ctx } from './helpers/fake-deps';
import { featureOn, sandboxWithClock, until } from './helpers/sandbox-world';
import type { ScaledClock } from './helpers/scaled-clock';

let sandbox: SandboxHandle;
let clock: ScaledClock;
const SESSION_MS = 20_000;

beforeAll(async () => {
  ({ sandbox, clock } = await sandboxWithClock(10, { sessionMs: SESSION_MS, itemsPerSession: 12 }));
});
afterAll(async () => {
  await sandbox?.close();
});

/** Requests a module, follows its session to the end, returns counts seen and the completed data. */
async function runSession(w: ReturnType<typeof featureOn>, companyId: string, module: EsgModule) {
  const first = await w.feature.handlers.request({ companyId, module, pageSize: 50 }, ctx());
  expect(first).toMatchObject({ status: 'processing', items: [] });
  const sid = first.sessionId!;
  await until(() => w.completed(sid) !== undefined, 20_000, `${module} completion`);
  const counts = w.progress(sid).filter((p) => p.polls > 0).map((p) => p.resultCount);
  return { sid, counts, done: w.completed(sid)! };
}

const nonDecreasing = (xs: number[]) => xs.every((x, i) => i === 0 || x >= xs[i - 1]!);

describe('ESG modules against the sandbox', () => {
  it('news: processing → complete, count rises and includes earlier articles', async () => {
    const w = featureOn(sandbox, clock);
    const [company] = sandbox.control.esgCompanies('known', 1);
    const run1 = await runSession(w, company!.company_id, 'news');
    expect(run1.done.watch.state).toBe('complete');
    expect(nonDecreasing(run1.counts)).toBe(true);
    expect(run1.done.view).toMatchObject({ status: 'complete', sessionId: null, count: run1.done.watch.resultCount });
    const held = run1.done.watch.resultCount;

    sandbox.control.invalidateEsg(company!.company_id, 'news');
    const run2 = await runSession(w, company!.company_id, 'news');
    // The count starts from everything already held and only grows.
    expect(Math.min(...run2.counts)).toBeGreaterThanOrEqual(held);
    expect(nonDecreasing(run2.counts)).toBe(true);
    // Seen live: the count moved while the session ran (items arrive over its 20 s).
    expect(new Set(run2.counts).size).toBeGreaterThan(1);
    expect(run2.done.watch.resultCount).toBeGreaterThan(held);
    expect(run2.done.view!.count).toBe(run2.done.watch.resultCount);
    const ids = (v: typeof run1.done.view) => v!.items.map((i) => i.article_id);
    expect(ids(run2.done.view)).toEqual(expect.arrayContaining(ids(run1.done.view)));
    await w.feature.dispose!();
  });

  it('commitments: the count is this run only and a run replaces the previous set', async () => {
    const w = featureOn(sandbox, clock);
    const [, company] = sandbox.control.esgCompanies('known', 2);
    const run1 = await runSession(w, company!.company_id, 'commitments');
    expect(run1.done.view).toMatchObject({ status: 'complete', sessionId: null });
    expect(run1.done.view!.count).toBe(run1.done.watch.resultCount);

    sandbox.control.invalidateEsg(company!.company_id, 'commitments');
    const run2 = await runSession(w, company!.company_id, 'commitments');
    expect(nonDecreasing(run2.counts)).toBe(true);
    expect(run2.counts[0]).toBeLessThanOrEqual(run2.done.watch.resultCount);
    expect(run2.done.view!.count).toBe(run2.done.watch.resultCount);
    const first = new Set(run1.done.view!.items.map((i) => i.commitment_id));
    expect(run2.done.view!.items.some((i) => first.has(i.commitment_id))).toBe(false);
    await w.feature.dispose!();
  });

  it('scores: the count goes 0 to 1 in one step and the score arrives whole', async () => {
    const w = featureOn(sandbox, clock);
    const [, , company] = sandbox.control.esgCompanies('known', 3);
    const run = await runSession(w, company!.company_id, 'scores');
    expect(run.counts.every((c) => c === 0 || c === 1)).toBe(true);
    expect(run.counts[0]).toBe(0);
    expect(nonDecreasing(run.counts)).toBe(true);
    expect(run.done.watch.resultCount).toBe(1);
    expect(run.done.view).toMatchObject({ status: 'complete', sessionId: null, count: 1 });
    expect(run.done.view!.items).toHaveLength(1);
    await w.feature.dispose!();
  });

  it('a company unknown to the ESG sources answers not_found without any session to watch', async () => {
    const w = featureOn(sandbox, clock);
    const [company] = sandbox.control.esgCompanies('unknown', 1);
    const v = await w.feature.handlers.request({ companyId: company!.company_id, module: 'news', pageSize: 10 }, ctx());
    expect(v).toMatchObject({ status: 'not_found', sessionId: null, items: [] });
    expect(await w.feature.handlers.listWatches(undefined, ctx())).toEqual([]);
  });

  it('pages completed news through esg.page', async () => {
    const w = featureOn(sandbox, clock);
    const [company] = sandbox.control.esgCompanies('known', 1);
    const p1 = await w.feature.handlers.request({ companyId: company!.company_id, module: 'news', pageSize: 2 }, ctx());
    expect(p1.status).toBe('complete');
    expect(p1.count).toBeGreaterThan(2);
    const p2 = await w.feature.handlers.page({ viewId: p1.viewId, direction: 'next' }, ctx());
    expect(p2).toMatchObject({ pageNumber: 2, hasPrevious: true });
    expect(p2.items[0]).not.toEqual(p1.items[0]);
    const back = await w.feature.handlers.page({ viewId: p1.viewId, direction: 'previous' }, ctx());
    expect(back.items).toEqual(p1.items);
  });
});
