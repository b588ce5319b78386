// Data that changes over time, seen through search (docs/sandbox.md): after an epoch boundary a
// search shows exactly the added, removed and edited companies of the change log; a walk started
// before the boundary stays in its epoch; the same seed gives the same log however it is reached.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/sandbox/clock';
import { generateCompanies, type SandboxCompany } from '../../src/sandbox/dataset';
import type { DataChange, SandboxHandle, SandboxOptions } from '../../src/sandbox/server';
import { apiPost, byCountry, getToken, searchPath, start } from './helpers';

const DAY = 86_400_000;
const RATES = { added: 5, removed: 5, field: 10 };
/** Stepping a day would expire the default one-hour tokens: the sandbox's tokens live on the same clock. */
const TTL = 365 * 86_400;
const ALL = { filters: { and: [{ attribute: 'founding_year', relation: 'greater_than', value: 0 }] } };

let sb: SandboxHandle;
let token: string;
beforeAll(async () => {
  sb = await start({ clock: new ManualClock(), tokenTtlSeconds: TTL, evolution: { rates: RATES } });
  token = await getToken(sb);
});
afterAll(() => sb.close());

const search = (body: unknown, query: Record<string, string | number> = {}) => apiPost(sb, token, searchPath(query), body);

/** Every record of a search, walking `next` to the end. */
async function walk(body: unknown, pageSize = 200, firstToken?: string): Promise<SandboxCompany[]> {
  const out: SandboxCompany[] = [];
  let next = firstToken;
  do {
    const res = await search(body, { page_size: pageSize, ...(next ? { pagination_token: next } : {}) });
    expect(res.status).toBe(200);
    out.push(...res.body.result);
    next = res.body.pagination.next ?? undefined;
  } while (next);
  return out;
}

const valueAt = (record: unknown, path: string): unknown => path.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown> | null)?.[k], record);

function withValue(record: SandboxCompany, path: string, value: unknown): SandboxCompany {
  const copy = structuredClone(record) as unknown as Record<string, Record<string, unknown>>;
  const keys = path.split('.');
  if (keys.length === 1) (copy as Record<string, unknown>)[keys[0]!] = value;
  else copy[keys[0]!]![keys[1]!] = value;
  return copy as unknown as SandboxCompany;
}

describe('search across an epoch boundary', () => {
  it('shows exactly the added and removed companies and the changed fields of the log', async () => {
    const before = await walk(ALL);
    expect(before).toHaveLength(2000);
    expect(sb.control.stepEpochs(1).epoch).toBe(1);
    const after = await walk(ALL);
    const log = sb.control.changes({ since: 0, until: 1 });
    const of = (kind: DataChange['kind']) => log.filter((c) => c.kind === kind);
    expect(of('added').length).toBeGreaterThan(0);
    expect(of('removed').length).toBeGreaterThan(0);
    expect(of('field').length).toBeGreaterThan(0);

    const beforeIds = new Set(before.map((c) => c.company_id));
    const afterIds = new Set(after.map((c) => c.company_id));
    expect(after.filter((c) => !beforeIds.has(c.company_id)).map((c) => c.company_id).sort()).toEqual(of('added').map((c) => c.company_id).sort());
    expect(before.filter((c) => !afterIds.has(c.company_id)).map((c) => c.company_id).sort()).toEqual(of('removed').map((c) => c.company_id).sort());

    // Each edited record is its old self with the logged fields set to their new values; every other record is unchanged.
    const beforeById = new Map(before.map((c) => [c.company_id, c]));
    const edits = new Map<string, DataChange[]>();
    for (const c of of('field')) edits.set(c.company_id, [...(edits.get(c.company_id) ?? []), c]);
    for (const c of after) {
      const old = beforeById.get(c.company_id);
      if (!old) continue;
      let expected = old;
      for (const e of edits.get(c.company_id) ?? []) {
        expect(valueAt(old, e.field!)).toEqual(e.old);
        expect(valueAt(c, e.field!)).toEqual(e.new);
        expected = withValue(expected, e.field!, e.new);
      }
      expect(c).toEqual(expected);
    }
    for (const added of of('added')) expect(after.find((c) => c.company_id === added.company_id)!.name).toBe(added.name);
  });

  it('a walk started before the boundary reads its own epoch to the end; a new search reads the new one', async () => {
    const epoch = sb.control.evolution().epoch;
    const de = (e: number) => sb.control.datasetAt(e).companies.filter((c) => c.country === 'DE');
    const expected = de(epoch);
    const first = await search(byCountry('DE'), { page_size: 20 });
    expect(first.body.count).toBe(expected.length);
    sb.control.stepEpochs(1);
    const inDE = (id: string) => (sb.control.datasetAt(epoch).byId.get(id) ?? sb.control.datasetAt(epoch + 1).byId.get(id))?.country === 'DE';
    const deChanges = sb.control.changes({ since: epoch, until: epoch + 1 }).filter((c) => ['added', 'removed', 'field'].includes(c.kind) && inDE(c.company_id));
    expect(deChanges.length).toBeGreaterThan(0); // so the two epochs' records differ

    const rest = await walk(byCountry('DE'), 20, first.body.pagination.next);
    expect([...first.body.result, ...rest]).toEqual(expected);

    const fresh = await walk(byCountry('DE'), 20);
    expect(fresh).toEqual(de(epoch + 1));
    expect(fresh).not.toEqual(expected);
  });
});

describe('the change log', () => {
  const opts: SandboxOptions = { seed: 7, companies: 2000, tokenTtlSeconds: TTL, evolution: { rates: RATES } };

  it('is the same for the same seed, whether epochs are reached one by one or at once', async () => {
    const [a, b, c] = await Promise.all([start({ ...opts, clock: new ManualClock() }), start({ ...opts, clock: new ManualClock() }), start({ ...opts, seed: 8, clock: new ManualClock() })]);
    try {
      const t = await getToken(a);
      for (let i = 0; i < 3; i++) {
        a.control.advanceClock(DAY);
        expect((await apiPost(a, t, searchPath(), byCountry('DE'))).status).toBe(200); // epochs computed as requests need them
      }
      b.control.stepEpochs(3);
      c.control.stepEpochs(3);
      const log = a.control.changes();
      expect(log.length).toBeGreaterThan(50);
      expect(new Set(log.map((x) => x.epoch))).toEqual(new Set([1, 2, 3]));
      expect(b.control.changes()).toEqual(log);
      expect(b.control.dataset.companies).toEqual(a.control.dataset.companies);
      expect(c.control.changes()).not.toEqual(log);
      // Epoch 0 is the generated dataset, untouched.
      expect(a.control.datasetAt(0).companies).toEqual(generateCompanies(7, 2000));
    } finally {
      await Promise.all([a.close(), b.close(), c.close()]);
    }
  });

  it('does not move when evolution is off, nor within an epoch', async () => {
    const clock = new ManualClock();
    const off = await start({ ...opts, clock, evolution: { enabled: false } });
    const on = await start({ ...opts, clock: new ManualClock() });
    try {
      clock.advance(3 * DAY);
      expect(off.control.evolution().epoch).toBe(0);
      expect(off.control.changes()).toEqual([]);
      on.control.advanceClock(DAY - 1);
      expect(on.control.evolution().epoch).toBe(0);
      expect(on.control.changes()).toEqual([]);
      on.control.advanceClock(1);
      expect(on.control.evolution().epoch).toBe(1);
    } finally {
      await Promise.all([off.close(), on.close()]);
    }
  });
});
