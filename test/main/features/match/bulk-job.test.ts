import { describe, expect, it } from 'vitest';
import { AppError } from '../../../../src/shared/errors';
import type { BulkJobView } from '../../../../src/shared/bridge/groups/match';
import { BulkJob } from '../../../../src/main/features/match/bulk-job';
import { FakeMatchApi, hit, miss } from './fake-api';

function makeJob(text: string, api: FakeMatchApi, opts: { concurrency?: number; template?: string | null } = {}) {
  const events: BulkJobView[] = [];
  const job = new BulkJob({
    id: 'job-1',
    source: { text },
    fileName: 'companies.csv',
    mapping: { name: 'Company', country: 'Country' },
    concurrency: opts.concurrency ?? 4,
    template: opts.template ?? null,
    api: async () => api,
    now: () => Date.now(),
    onProgress: (v) => events.push(v),
    progressEveryMs: 0,
  });
  return { job, events };
}

const csv = (rows: string[]) => ['Company,Country', ...rows].join('\n');

describe('BulkJob', () => {
  it('matches every row once with bounded concurrency and a status per row', async () => {
    const rows = Array.from({ length: 200 }, (_, i) => (i % 50 === 7 ? `,DE` : i % 50 === 9 ? `Bad,row,x` : `Co ${i},DE`));
    const api = new FakeMatchApi((b) => (String(b.name).endsWith('3') ? miss : hit(String(b.name))), 2);
    const { job, events } = makeJob(csv(rows), api, { concurrency: 5 });
    await job.start();
    const v = job.view();
    expect(v).toMatchObject({ state: 'done', reading: false, total: 200, done: 200, invalid: 8, errors: 0 });
    expect(v.matched + v.noMatch).toBe(192);
    expect(api.calls).toHaveLength(192);
    expect(new Set(api.calls.map((c) => c.name)).size).toBe(192);
    expect(api.maxInFlight).toBeLessThanOrEqual(5);
    expect(api.maxInFlight).toBeGreaterThan(1);
    // file order kept, lines are file lines (header = 1)
    expect(job.rows.map((r) => r.line)).toEqual(rows.map((_, i) => i + 2));
    const noName = job.rows.find((r) => r.line === 9)!;
    expect(noName).toMatchObject({ state: 'invalid', error: { message: 'Line 9: Company name is required.', details: { line: 9, field: 'name' } } });
    expect(job.rows.find((r) => r.line === 11)).toMatchObject({ state: 'invalid', error: { message: expect.stringContaining('Line 11: wrong number of columns') } });
    // best candidate is the highest confidence, not the first returned
    expect(job.rows[0]).toMatchObject({ state: 'matched', best: { confidence: 0.9, company: { company_id: 'id-Co 0' } }, candidates: 2 });
    expect(events.at(-1)).toEqual(v);
    expect(events.length).toBeGreaterThan(10);
  });

  it('reads the CSV no faster than rows are matched (streaming backpressure)', async () => {
    const rows = Array.from({ length: 100 }, (_, i) => `Co ${i},FR`);
    let job!: BulkJob;
    let maxAhead = 0;
    const api = new FakeMatchApi(() => {
      const ahead = job.rows.length - job.view().done;
      maxAhead = Math.max(maxAhead, ahead);
      return hit('x');
    });
    job = makeJob(csv(rows), api, { concurrency: 3 }).job;
    await job.start();
    expect(maxAhead).toBeLessThanOrEqual(3);
  });

  it('retries only the failures and counts each row once', async () => {
    const rows = Array.from({ length: 30 }, (_, i) => `Co ${i},DE`);
    let failing = true;
    const api = new FakeMatchApi((b) => (failing && Number(String(b.name).slice(3)) % 4 === 0 ? new AppError('server_error', 'The service failed (HTTP 503).', { retryable: true }) : hit(String(b.name))));
    const { job } = makeJob(csv(rows), api);
    await job.start();
    expect(job.view()).toMatchObject({ state: 'done', matched: 22, errors: 8 });
    const errRow = job.rows.find((r) => r.state === 'error')!;
    expect(errRow.error).toMatchObject({ code: 'server_error', message: `Line ${errRow.line}: The service failed (HTTP 503).`, details: { line: errRow.line } });
    failing = false;
    api.calls = [];
    await job.retryFailures();
    expect(api.calls.map((c) => c.name).sort()).toEqual(['Co 0', 'Co 12', 'Co 16', 'Co 20', 'Co 24', 'Co 28', 'Co 4', 'Co 8']);
    expect(job.view()).toMatchObject({ state: 'done', total: 30, done: 30, matched: 30, errors: 0 });
    expect(() => job.retryFailures()).toThrow(/no failed rows/);
  });

  it('stops sending after a connection-level error and fails fast with one clear message', async () => {
    const rows = Array.from({ length: 50 }, (_, i) => `Co ${i},DE`);
    const api = new FakeMatchApi(() => new AppError('auth_invalid_client', 'The client ID or secret was rejected. Check them in Settings.'));
    const { job } = makeJob(csv(rows), api, { concurrency: 2 });
    await job.start();
    expect(job.view()).toMatchObject({ state: 'failed', errors: 50, error: { code: 'auth_invalid_client' } });
    expect(api.calls.length).toBeLessThanOrEqual(2);
    expect(job.rows[49]!.error?.message).toMatch(/^Line 51: not sent\. The client ID/);
  });

  it('cancels: in-flight rows stay pending and can be retried', async () => {
    const rows = Array.from({ length: 40 }, (_, i) => `Co ${i},DE`);
    const api = new FakeMatchApi(() => hit('x'), 20);
    const { job } = makeJob(csv(rows), api, { concurrency: 2 });
    const run = job.start();
    await api.answeredAtLeast(4); // under way: some rows answered, two in flight
    job.cancel();
    await run;
    const v = job.view();
    expect(v.state).toBe('cancelled');
    expect(v.done).toBeLessThan(40);
    expect(job.rows.filter((r) => r.state === 'pending').length).toBeGreaterThan(0);
    await job.retryFailures();
    expect(job.rows.every((r) => r.state === 'matched')).toBe(true);
  });

  it('uses the profile template for every row', async () => {
    const api = new FakeMatchApi(() => hit('x'));
    const { job } = makeJob(csv(['Acme,DE']), api, { template: '{"q":{"n":"{{name}}","c":"{{country}}"}}' });
    await job.start();
    expect(api.calls).toEqual([{ q: { n: 'Acme', c: 'DE' } }]);
  });
});

describe('compactCandidate', () => {
  it('keeps the id and top-level scalar fields only, and never a __proto__ key', async () => {
    const { compactCandidate } = await import('../../../../src/main/features/match/bulk-job');
    const company = JSON.parse('{"company_id":"c1","name":"Acme","employees":5,"listed":false,"ceo":null,"address":{"city":"Paris"},"tags":["a"],"__proto__":{"x":1}}');
    const c = compactCandidate({ confidence: 0.7, company });
    expect(c).toEqual({ confidence: 0.7, company: { company_id: 'c1', name: 'Acme', employees: 5, listed: false, ceo: null } });
    expect(Object.getPrototypeOf(c.company)).toBe(Object.prototype);
  });
});
