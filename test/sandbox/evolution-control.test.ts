// The HTTP control routes of the data that changes over time (docs/sandbox.md): settings, stepping
// epochs, the change log by epoch range, and 400 with a clear message on bad input.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/sandbox/clock';
import { DEFAULT_RATES } from '../../src/sandbox/evolution/settings';
import type { SandboxHandle } from '../../src/sandbox/server';
import { start } from './helpers';

const DAY = 86_400_000;
const clock = new ManualClock();
let sb: SandboxHandle;
beforeAll(async () => {
  sb = await start({ clock, enableControl: true });
});
afterAll(() => sb.close());

async function ctl(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const res = await fetch(`${sb.baseUrl}/__control${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

describe('evolution control routes', () => {
  it('GET /evolution: on, 24 h epochs, the default rates, epoch 0 from the start', async () => {
    const start = clock.now();
    const { status, body } = await ctl('GET', '/evolution');
    expect(status).toBe(200);
    expect(body).toEqual({ enabled: true, epochMs: DAY, rates: DEFAULT_RATES, epoch: 0, startedAt: start, epochStartedAt: start, nextEpochAt: start + DAY });
  });

  it('POST /evolution/step lands on the epoch start; GET /changes answers by epoch range', async () => {
    const stepped = await ctl('POST', '/evolution/step', { epochs: 2 });
    expect(stepped.status).toBe(200);
    expect(stepped.body).toMatchObject({ epoch: 2, now: stepped.body.epochStartedAt, epochStartedAt: clock.now() });
    const all = await ctl('GET', '/changes');
    expect(all.body).toMatchObject({ epoch: 2, epochMs: DAY, since: 0, until: 2 });
    expect(new Set(all.body.changes.map((c: { epoch: number }) => c.epoch))).toEqual(new Set([1, 2]));
    const second = await ctl('GET', '/changes?since=1&until=2');
    expect(second.body.changes.length).toBeGreaterThan(0);
    expect(second.body.changes).toEqual(all.body.changes.filter((c: { epoch: number }) => c.epoch === 2));
    for (const c of second.body.changes) expect(c.at).toBe(stepped.body.epochStartedAt);
    // `until` past the current epoch is capped: the log never tells the future.
    expect((await ctl('GET', '/changes?since=2&until=9')).body).toMatchObject({ until: 2, changes: [] });
  });

  it('PUT /evolution: a new epochMs keeps the epoch; rates apply from the next epoch; off holds the epoch', async () => {
    const set = await ctl('PUT', '/evolution', { epochMs: 60_000, rates: { added: 0, removed: 0, field: 0, score: 0, rating: 0, news: 0, commitment: 0 } });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ epoch: 2, epochMs: 60_000, nextEpochAt: clock.now() + 60_000 });
    clock.advance(60_000);
    expect(sb.control.evolution().epoch).toBe(3);
    expect(sb.control.changes({ since: 2 })).toEqual([]);

    expect((await ctl('PUT', '/evolution', { enabled: false })).body).toMatchObject({ enabled: false, epoch: 3, nextEpochAt: null });
    clock.advance(10 * 60_000);
    expect(sb.control.evolution().epoch).toBe(3);
    const refused = await ctl('POST', '/evolution/step', { epochs: 1 });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/evolution is off/);
    const resumed = await ctl('PUT', '/evolution', { enabled: true, rates: DEFAULT_RATES });
    expect(resumed.body).toMatchObject({ enabled: true, epoch: 3, nextEpochAt: clock.now() + 60_000 });
    expect((await ctl('POST', '/evolution/step', {})).body.epoch).toBe(4);
    expect(sb.control.changes({ since: 3 }).length).toBeGreaterThan(0);
  });

  const bad: [string, string, string, unknown, RegExp][] = [
    ['epochMs under a second', 'PUT', '/evolution', { epochMs: 10 }, /epochMs must be at least 1000/],
    ['epochMs not a number', 'PUT', '/evolution', { epochMs: '1d' }, /epochMs/],
    ['a negative rate', 'PUT', '/evolution', { rates: { added: -1 } }, /rates\.added/],
    ['an unknown rate', 'PUT', '/evolution', { rates: { mergers: 1 } }, /mergers/],
    ['an unknown setting', 'PUT', '/evolution', { speed: 2 }, /speed/],
    ['enabled not a boolean', 'PUT', '/evolution', { enabled: 'yes' }, /enabled/],
    ['zero epochs', 'POST', '/evolution/step', { epochs: 0 }, /epochs/],
    ['too many epochs', 'POST', '/evolution/step', { epochs: 10_000 }, /epochs/],
    ['since not a number', 'GET', '/changes?since=yesterday', undefined, /since/],
    ['since after until', 'GET', '/changes?since=3&until=1', undefined, /since must not be after until/],
    ['an unknown query parameter', 'GET', '/changes?from=1', undefined, /from/],
  ];
  for (const [name, method, path, body, message] of bad) {
    it(`answers 400 for ${name}`, async () => {
      const before = sb.control.evolution();
      const res = await ctl(method, path, body);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('invalid_request');
      expect(res.body.message).toMatch(message);
      expect(sb.control.evolution()).toEqual(before);
    });
  }

  it('in process: datasetAt refuses an epoch not reached yet, naming the current one', () => {
    const now = sb.control.evolution().epoch;
    expect(sb.control.datasetAt(now)).toBe(sb.control.dataset);
    expect(() => sb.control.datasetAt(now + 1)).toThrow(`the current epoch is ${now}`);
  });
});
