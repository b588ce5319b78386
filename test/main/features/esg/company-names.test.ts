// ESG names companies: a name the renderer gives is used as is; otherwise one search by company_id
// finds it, and watches, completions and notifications carry it. Against the real sandbox.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxHandle } from '../../../../src/sandbox/server';
import type { WatchView } from '../../../../src/shared/bridge/groups/esg';
import { ctx } from './helpers/fake-deps';
import { featureOn, sandboxWithClock, until, type Completed } from './helpers/sandbox-world';
import type { ScaledClock } from './helpers/scaled-clock';

let sandbox: SandboxHandle;
let clock: ScaledClock;
beforeAll(async () => {
  ({ sandbox, clock } = await sandboxWithClock(20, { sessionMs: 10_000, itemsPerSession: 12 }));
});
afterAll(() => sandbox?.close());

describe('company names in ESG', () => {
  it('looks a typed id up once and names it in watches, the completion and the notification', async () => {
    const w = featureOn(sandbox, clock);
    const [company] = sandbox.control.esgCompanies('known', 1);
    sandbox.control.resetStats();
    // The screen asks for the company of a typed id first, then requests a module.
    expect(await w.feature.handlers.company({ companyId: company!.company_id }, ctx())).toMatchObject({ name: company!.name, country: company!.country });
    const first = await w.feature.handlers.request({ companyId: company!.company_id, module: 'scores', pageSize: 10 }, ctx());
    const sid = first.sessionId!;
    await until(() => w.progress(sid).length > 0, 10_000, 'a progress event');
    expect(w.progress(sid).every((p) => p.companyName === company!.name)).toBe(true);
    expect(sandbox.control.stats().searches).toBe(1);
    await until(() => w.completed(sid) !== undefined, 20_000, 'completion');
    expect((w.completed(sid) as Completed).watch.companyName).toBe(company!.name);
    expect(w.rec.notifications).toEqual([{ title: 'ESG scores ready', body: `Scores for ${company!.name} finished (1 counted).` }]);
    expect((await w.feature.handlers.listWatches(undefined, ctx()))[0]!.companyName).toBe(company!.name);
    // Asked again by the screen: answered from what is known, no second search.
    expect(await w.feature.handlers.company({ companyId: company!.company_id }, ctx())).toMatchObject({ name: company!.name });
    expect(sandbox.control.stats().searches).toBe(1);
  });

  it('takes the name the renderer gives without searching', async () => {
    const w = featureOn(sandbox, clock);
    const [, company] = sandbox.control.esgCompanies('known', 2);
    sandbox.control.resetStats();
    const first = await w.feature.handlers.request({ companyId: company!.company_id, module: 'commitments', pageSize: 10, companyName: company!.name }, ctx());
    await until(() => w.completed(first.sessionId!) !== undefined, 20_000, 'completion');
    expect(w.progress(first.sessionId!).every((p: WatchView) => p.companyName === company!.name)).toBe(true);
    expect(sandbox.control.stats().searches).toBe(0);
  });

  it('answers null for an id the service does not know, and counts news per month over every page', async () => {
    const w = featureOn(sandbox, clock);
    expect(await w.feature.handlers.company({ companyId: '00000000-0000-4000-8000-000000000000' }, ctx())).toBeNull();
    const [, , company] = sandbox.control.esgCompanies('known', 3);
    expect(await w.feature.handlers.newsMonths({ companyId: company!.company_id }, ctx())).toBeNull(); // starts a session: not complete
    const first = await w.feature.handlers.request({ companyId: company!.company_id, module: 'news', pageSize: 5 }, ctx());
    await until(() => w.completed(first.sessionId!) !== undefined, 20_000, 'completion');
    const months = (await w.feature.handlers.newsMonths({ companyId: company!.company_id }, ctx()))!;
    const held = (w.completed(first.sessionId!) as Completed).view!.count;
    expect(months.total).toBe(held);
    expect(months.months.reduce((n, m) => n + m.count, 0)).toBe(held);
    expect(months.months.map((m) => m.month)).toEqual([...months.months.map((m) => m.month)].sort());
    expect(months.complete).toBe(true);
  });
});

describe('find by name', () => {
  it('finds companies whose name holds the text in one search, a few at a time, and knows their names after', async () => {
    const w = featureOn(sandbox, clock);
    const [company] = sandbox.control.esgCompanies('known', 5).slice(4);
    const part = company!.name.split(' ')[0]!;
    const all = sandbox.control.dataset.companies.filter((c) => c.name.toLowerCase().includes(part.toLowerCase()));
    sandbox.control.resetStats();
    const found = await w.feature.handlers.findByName({ text: part, limit: 3 }, ctx());
    expect(sandbox.control.stats().searches).toBe(1);
    expect(found.count).toBe(all.length);
    expect(found.companies.length).toBe(Math.min(3, all.length));
    for (const c of found.companies) {
      expect(c.name!.toLowerCase()).toContain(part.toLowerCase());
      expect(all.find((x) => x.company_id === c.companyId)).toMatchObject({ name: c.name, country: c.country });
    }
    // Picking one opens it by the name it was found under: no lookup.
    await w.feature.handlers.company({ companyId: found.companies[0]!.companyId }, ctx());
    expect(sandbox.control.stats().searches).toBe(1);
    expect(await w.feature.handlers.findByName({ text: 'zzqx-no-such-company', limit: 8 }, ctx())).toEqual({ companies: [], count: 0 });
  });
});

describe('resumed watches', () => {
  it('are named after a restart by one lookup each', async () => {
    const { MemorySettings } = await import('./helpers/fake-deps');
    const settings = new MemorySettings();
    const a = featureOn(sandbox, clock, { settings });
    const [, , , company] = sandbox.control.esgCompanies('known', 4);
    sandbox.control.invalidateEsg(company!.company_id, 'news');
    const first = await a.feature.handlers.request({ companyId: company!.company_id, module: 'news', pageSize: 10 }, ctx());
    await a.feature.dispose!();
    const b = featureOn(sandbox, clock, { settings });
    await b.feature.start!();
    await until(() => b.progress(first.sessionId!).some((p) => p.companyName === company!.name), 10_000, 'a named progress event after restart');
    await until(() => b.completed(first.sessionId!) !== undefined, 20_000, 'completion');
    expect(b.rec.notifications[0]!.body).toContain(company!.name);
    await b.feature.dispose!();
  });
});
