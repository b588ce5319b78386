// A watched list against the sandbox whose ESG data moves one epoch at a time: the first check
// refreshes the list's companies through an ESG run and is the baseline; after one epoch the second
// check sees exactly the log's score moves (at or above the threshold), rating moves, new news and
// new or changed commitments of the list's companies. The run is the watch's own (no "ESG run
// finished" notification of its own; the watch tells it in its words).
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ManualClock } from '../../../../src/sandbox/clock';
import type { SandboxHandle } from '../../../../src/sandbox/server';
import { expectEsgChangesEqualLog } from './helpers/esg-truth';
import { sandboxOnManualClock, sandboxWorld, tempDataDir } from './helpers/world';

let sandbox: SandboxHandle;
let clock: ManualClock;
beforeAll(async () => {
  ({ sandbox, clock } = await sandboxOnManualClock({ rates: { added: 0, removed: 0, field: 0, score: 150, rating: 150, news: 150, commitment: 150 } }));
});
afterAll(() => sandbox?.close());

it('a list watch sees the score and rating moves, new news and commitments of the change log', async () => {
  const w = sandboxWorld(sandbox, clock, { dataDir: tempDataDir() });
  try {
    const members = sandbox.control.esgCompanies('known', 60);
    const { list } = w.lists.store('sandbox').createList({ name: 'Portfolio A', companies: members.map((c) => ({ companyId: c.company_id, name: c.name })) });
    const watch = await w.call.create({ name: 'Portfolio A', target: { kind: 'list', listId: list.id, modules: ['scores', 'news', 'commitments'] }, scoreThreshold: 1 });
    expect(watch.cost).toMatchObject({ requestsPerCheck: 60 * 3 * 4, requestsPerDay: null });

    await w.call.checkNow(watch.id);
    const baseline = await w.settled(watch.id);
    expect(baseline).toMatchObject({ status: 'done', baseline: true, changes: 0 });
    expect(baseline.requests).toBeGreaterThanOrEqual(60 * 3);

    const epoch = sandbox.control.stepEpochs(1).epoch;
    await w.call.checkNow(watch.id);
    const second = await w.settled(watch.id);
    expect(second).toMatchObject({ status: 'done', baseline: false });

    const ids = new Set(members.map((c) => c.company_id));
    const log = sandbox.control.changes({ since: epoch - 1, until: epoch }).filter((c) => ids.has(c.company_id));
    const { rows } = await w.call.changes({ watchId: watch.id });
    expect(rows).toHaveLength(second.changes);
    expectEsgChangesEqualLog(rows, log, new Map(members.map((m) => [m.company_id, m.name])));

    // The watch's words, not the run's.
    const [note] = w.finished();
    expect(note!.title).toMatch(/rating (up|down)grades? in ‘Portfolio A’$/);
    expect(note!.body).toMatch(/new news item/);
    expect(w.rec.notifications).toEqual([{ title: note!.title, body: note!.body }]);
    expect(w.rec.events.filter((e) => e.name === 'runFinished')).toEqual([]);
  } finally {
    await w.close();
  }
});

it('deleting a watch while its check waits for the ESG run cancels the run', async () => {
  const w = sandboxWorld(sandbox, clock, { dataDir: tempDataDir() });
  sandbox.control.setEsgPace({ sessionMs: 3_600_000 }); // sessions that never complete on the manual clock
  try {
    const members = sandbox.control.esgCompanies('known', 5);
    const { list } = w.lists.store('sandbox').createList({ name: 'Slow', companies: members.map((c) => ({ companyId: c.company_id, name: c.name })) });
    const watch = await w.call.create({ name: 'Slow', target: { kind: 'list', listId: list.id, modules: ['news'] } });
    await w.call.checkNow(watch.id);
    const engine = w.esgRuns.engineFor('sandbox');
    const runOf = () => engine.store.listRuns('sandbox', 10).find((r) => r.label === 'Watch ‘Slow’');
    await w.until(() => runOf() !== undefined);
    expect(runOf()!.status).toBe('running');
    await w.call.delete(watch.id);
    expect(runOf()!.status).toBe('cancelled');
    expect(await w.call.all()).toEqual([]);
  } finally {
    sandbox.control.setEsgPace({ sessionMs: 0 });
    await w.close();
  }
});

it('a list check the app was closed in the middle of goes on with its ESG run at the next start', async () => {
  const dataDir = tempDataDir();
  const first = sandboxWorld(sandbox, clock, { dataDir });
  sandbox.control.setEsgPace({ sessionMs: 3_600_000 });
  const members = sandbox.control.esgCompanies('known', 4);
  let watchId: number;
  let runId: number;
  try {
    const { list } = first.lists.store('sandbox').createList({ name: 'Closed', companies: members.map((c) => ({ companyId: c.company_id, name: c.name })) });
    watchId = (await first.call.create({ name: 'Closed', target: { kind: 'list', listId: list.id, modules: ['scores'] } })).id;
    await first.call.checkNow(watchId);
    await first.until(async () => !!(await first.call.checks(watchId))[0]?.id && first.esgRuns.engineFor('sandbox').store.listRuns('sandbox', 10).some((r) => r.label === 'Watch ‘Closed’'));
    runId = first.esgRuns.engineFor('sandbox').store.listRuns('sandbox', 10).find((r) => r.label === 'Watch ‘Closed’')!.id;
  } finally {
    await first.close();
    sandbox.control.setEsgPace({ sessionMs: 0 });
  }
  const second = sandboxWorld(sandbox, clock, { dataDir, settings: first.settings });
  try {
    expect((await second.call.checks(watchId))[0]).toMatchObject({ status: 'running', trigger: 'manual' });
    clock.advance(3_600_000); // the sessions started before the restart complete
    await second.start();
    const resumed = await second.settled(watchId);
    expect(resumed).toMatchObject({ trigger: 'resume', status: 'done', baseline: true });
    const runs = second.esgRuns.engineFor('sandbox').store.listRuns('sandbox', 20).filter((r) => r.label === 'Watch ‘Closed’');
    expect(runs.map((r) => [r.id, r.status])).toEqual([[runId, 'finished']]);
    expect((await second.call.checks(watchId))[1]).toMatchObject({ status: 'interrupted' });
  } finally {
    await second.close();
  }
});
