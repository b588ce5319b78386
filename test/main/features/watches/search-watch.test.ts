// A watched saved search against the sandbox whose data moves one epoch at a time: the first check
// is the baseline; after one epoch the second check's entered, left and changed fields are exactly
// the sandbox's change log restricted to the search. The snapshots a watch keeps are its own (never
// listed or replaced by the workbench), and its notification says what it found in words.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ManualClock } from '../../../../src/sandbox/clock';
import type { SandboxHandle } from '../../../../src/sandbox/server';
import { sandboxOnManualClock, sandboxWorld, tempDataDir } from './helpers/world';
import { LEAVER_LOOKUPS_MAX } from '../../../../src/main/features/watches/leaver-reasons';

const DE = { filters: { and: [{ attribute: 'country', relation: 'equals', value: 'DE' }] } };
let sandbox: SandboxHandle;
let clock: ManualClock;
beforeAll(async () => {
  ({ sandbox, clock } = await sandboxOnManualClock({ rates: { added: 20, removed: 20, field: 40 } }));
});
afterAll(() => sandbox?.close());

const key = (c: { companyId: string; field?: string | null }) => `${c.companyId} ${c.field ?? ''}`;

it('first check is the baseline; after one epoch the changes equal the change log restricted to the search', async () => {
  const w = sandboxWorld(sandbox, clock, { dataDir: tempDataDir() });
  try {
    const saved = w.saveSearch('DE companies', DE);
    const watch = await w.call.create({ name: 'DE companies', target: { kind: 'search', savedSearchId: saved.id } });
    expect(watch.targetName).toBe('DE companies');
    expect(watch.lastCheck).toBeNull();

    const first = await w.call.checkNow(watch.id);
    expect(first).toMatchObject({ trigger: 'manual', status: 'running' });
    const baseline = await w.settled(watch.id);
    const rows = sandbox.control.datasetAt(0).companies.filter((c) => c.country === 'DE').length;
    expect(baseline).toMatchObject({ status: 'done', baseline: true, changes: 0, requests: Math.ceil(rows / 200) });
    expect((await w.call.changes()).total).toBe(0);
    expect(w.finished()).toEqual([]);

    const epoch = sandbox.control.stepEpochs(1).epoch;
    await w.call.checkNow(watch.id);
    const second = await w.settled(watch.id);
    expect(second).toMatchObject({ status: 'done', baseline: false });

    const before = sandbox.control.datasetAt(epoch - 1).byId;
    const after = sandbox.control.datasetAt(epoch).byId;
    const inSearch = (byId: typeof before, id: string) => byId.get(id)?.country === 'DE';
    const log = sandbox.control.changes({ since: epoch - 1, until: epoch });
    const enteredIds = [...after.keys()].filter((id) => inSearch(after, id) && !inSearch(before, id)).sort();
    const leftIds = [...before.keys()].filter((id) => inSearch(before, id) && !inSearch(after, id)).sort();
    // The log says the same: added companies of the search entered it, removed ones left it.
    expect(log.filter((c) => c.kind === 'added' && inSearch(after, c.company_id)).map((c) => c.company_id).sort()).toEqual(enteredIds.filter((id) => !before.has(id)));
    expect(log.filter((c) => c.kind === 'removed' && inSearch(before, c.company_id)).map((c) => c.company_id).sort()).toEqual(leftIds.filter((id) => !after.has(id)));
    const logFields = log
      .filter((c) => c.kind === 'field' && inSearch(before, c.company_id) && inSearch(after, c.company_id))
      .map((c) => ({ companyId: c.company_id, field: c.field!, oldValue: c.old, newValue: c.new }));
    for (const n of [enteredIds.length, leftIds.length, logFields.length]) expect(n).toBeGreaterThan(0);

    const { rows: changes, total, unread } = await w.call.changes({ watchId: watch.id });
    expect(total).toBe(second.changes);
    expect(unread).toBe(total);
    expect(changes.filter((c) => c.kind === 'entered').map((c) => c.companyId).sort()).toEqual(enteredIds);
    expect(changes.filter((c) => c.kind === 'left').map((c) => c.companyId).sort()).toEqual(leftIds);
    const fields = changes.filter((c) => c.kind === 'field').map((c) => ({ companyId: c.companyId, field: c.field!, oldValue: c.oldValue, newValue: c.newValue }));
    expect(fields.sort((a, b) => key(a).localeCompare(key(b)))).toEqual(logFields.sort((a, b) => key(a).localeCompare(key(b))));
    // Each company that left says why, as the sandbox's data has it now: removed, or no longer in DE.
    const reasons = changes.filter((c) => c.kind === 'left').map((c) => {
      const now = after.get(c.companyId);
      expect(c.detail).toBe(now ? `No longer matches: Country “${now.country}” (condition: Country equals “DE”).` : 'No longer in the service’s data.');
      return now ? 'moved' : 'removed';
    });
    expect(reasons).toContain('removed');
    // An entered company carries its record and its name; no id stands in for a name.
    const entered = changes.find((c) => c.kind === 'entered');
    if (entered) expect(entered.companyName).toBe(after.get(entered.companyId)!.name);

    // One notification, in words.
    const [note] = w.finished();
    expect(note).toMatchObject({ watchId: watch.id, checkId: second.id, changes: total });
    expect(`${note!.title} ${note!.body}`).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}/);
    expect(note!.title).toMatch(/‘DE companies’$/);
    expect(w.rec.notifications).toEqual([{ title: note!.title, body: note!.body }]);

    // The watch keeps one snapshot of its own, never shown or replaced by the workbench.
    expect(await w.snapshots.handlers.list(undefined, { signal: new AbortController().signal })).toEqual([]);
    expect(w.snapshots.storeFor('sandbox').ownedBy(`watch:${watch.id}`).map((s) => s.rowCount)).toEqual([after.size && [...after.values()].filter((c) => c.country === 'DE').length]);

    const [info] = await w.call.all();
    expect(info).toMatchObject({ id: watch.id, unread: total, lastCheck: { id: second.id, changes: total } });
    // The check's requests: its pages, and one lookup for each company that left (issue 38).
    expect(second.requests).toBe(info!.cost.requestsPerCheck! + Math.min(leftIds.length, LEAVER_LOOKUPS_MAX));

    // Read marks: one change, then the check.
    expect((await w.call.markRead({ ids: [changes[0]!.id] })).unread).toBe(total - 1);
    expect((await w.call.markRead({ checkId: second.id })).unread).toBe(0);
    expect((await w.call.changes({ unreadOnly: true })).total).toBe(0);

    // Deleting the watch removes its checks, changes and snapshots.
    await w.call.delete(watch.id);
    expect(await w.call.all()).toEqual([]);
    expect((await w.call.changes()).total).toBe(0);
    expect(w.snapshots.storeFor('sandbox').ownedBy(`watch:${watch.id}`)).toEqual([]);
  } finally {
    await w.close();
  }
});
