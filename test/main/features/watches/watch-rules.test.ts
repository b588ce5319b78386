// Alert rules applied at check time (issue 38), against the sandbox whose data moves one epoch: a
// search watch with "Employees: 10 % or more" and "Website: ignored" keeps exactly the employee
// changes of 10 % or more and no website change; every other field change and every company that
// entered or left still alerts. The check's requests are the same as without rules.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ManualClock } from '../../../../src/sandbox/clock';
import type { SandboxHandle } from '../../../../src/sandbox/server';
import { sandboxOnManualClock, sandboxWorld, tempDataDir } from './helpers/world';

const DE = { filters: { and: [{ attribute: 'country', relation: 'equals', value: 'DE' }] } };
let sandbox: SandboxHandle;
let clock: ManualClock;
beforeAll(async () => {
  ({ sandbox, clock } = await sandboxOnManualClock({ rates: { added: 5, removed: 5, field: 200 } }));
});
afterAll(() => sandbox?.close());

it('keeps exactly the changes the rules let through, stored and shown with the watch', async () => {
  const w = sandboxWorld(sandbox, clock, { dataDir: tempDataDir() });
  try {
    const saved = w.saveSearch('DE companies', DE);
    const rules = { fields: [{ kind: 'percent' as const, field: 'employee_count', min: 10 }, { kind: 'ignore' as const, field: 'website' }] };
    const watch = await w.call.create({ name: 'DE, big moves', target: { kind: 'search', savedSearchId: saved.id }, rules });
    expect(watch.rules).toEqual(rules);
    const plain = await w.call.create({ name: 'DE, everything', target: { kind: 'search', savedSearchId: saved.id } });
    for (const id of [watch.id, plain.id]) {
      await w.call.checkNow(id);
      await w.settled(id);
    }
    const epoch = sandbox.control.stepEpochs(1).epoch;
    const before = sandbox.control.datasetAt(epoch - 1).byId;
    const after = sandbox.control.datasetAt(epoch).byId;
    const inSearch = (id: string) => before.get(id)?.country === 'DE' && after.get(id)?.country === 'DE';
    const log = sandbox.control.changes({ since: epoch - 1, until: epoch }).filter((c) => c.kind === 'field' && inSearch(c.company_id));
    const employees = log.filter((c) => c.field === 'employee_count' && typeof c.old === 'number' && typeof c.new === 'number');
    // Independent truth: the rule as the analyst reads it.
    const big = employees.filter((c) => ((c.old as number) === 0 ? c.new !== 0 : Math.abs((c.new as number) - (c.old as number)) / Math.abs(c.old as number) >= 0.1 - 1e-12));
    expect(big.length).toBeGreaterThan(0);
    expect(big.length).toBeLessThan(employees.length);

    await w.call.checkNow(watch.id);
    const ruled = await w.settled(watch.id);
    await w.call.checkNow(plain.id);
    const all = await w.settled(plain.id);
    expect(ruled.requests).toBe(all.requests);

    const rows = (await w.call.changes({ watchId: watch.id })).rows;
    const everything = (await w.call.changes({ watchId: plain.id })).rows;
    const key = (c: { companyId: string; field: string | null }) => `${c.companyId} ${c.field}`;
    expect(rows.filter((c) => c.field === 'employee_count').map(key).sort()).toEqual(big.map((c) => `${c.company_id} employee_count`).sort());
    expect(rows.filter((c) => c.field === 'website')).toEqual([]);
    const others = (list: typeof rows) => list.filter((c) => c.field !== 'employee_count' && c.field !== 'website').map((c) => `${c.kind} ${key(c)}`).sort();
    expect(others(rows)).toEqual(others(everything));
    expect(ruled.changes).toBe(rows.length);
  } finally {
    await w.close();
  }
});
