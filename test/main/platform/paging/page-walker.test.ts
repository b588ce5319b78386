import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../../src/shared/errors';
import { READ_AHEAD_PAGES, walkPages, type WalkedPage } from '../../../../src/main/platform/paging/page-walker';
import { BODY, fakeApi, makeRecords } from '../../features/export/fake-api';

const fastRetry = { attempts: 4, baseDelayMs: 1, maxDelayMs: 2 };

async function collect(it: AsyncIterable<WalkedPage>) {
  const pages: WalkedPage[] = [];
  for await (const p of it) pages.push(p);
  return pages;
}

describe('walkPages', () => {
  it('walks every page from the start in one fresh session, in order', async () => {
    const records = makeRecords(1_050);
    const { api, requests } = fakeApi(records);
    const pages = await collect(walkPages(api, { body: BODY, pageSize: 200, signal: new AbortController().signal }));
    expect(pages.map((p) => p.number)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(pages.flatMap((p) => p.records.map((r) => r.company_id))).toEqual(records.map((r) => r.company_id));
    expect(requests[0]!.token).toBeUndefined();
    expect(requests.slice(1).every((r) => r.token && r.pageSize === 200)).toBe(true);
  });

  it('stops at the row limit, trimming the last page and fetching no further', async () => {
    const { api, requests } = fakeApi(makeRecords(1_000));
    const pages = await collect(walkPages(api, { body: BODY, pageSize: 200, rowLimit: 450, signal: new AbortController().signal }));
    expect(pages.reduce((n, p) => n + p.records.length, 0)).toBe(450);
    expect(requests).toHaveLength(3);
  });

  it('repeats a failed page request with the same token and loses no row', async () => {
    const records = makeRecords(1_000);
    const failCalls = new Map([
      [3, new AppError('server_error', 'Service error 503', { retryable: true })],
      [4, new AppError('network', 'Connection reset', { retryable: true })],
    ]);
    const { api, requests } = fakeApi(records, { failCalls });
    const pages = await collect(walkPages(api, { body: BODY, pageSize: 200, signal: new AbortController().signal, retry: fastRetry }));
    expect(pages.flatMap((p) => p.records.map((r) => r.company_id))).toEqual(records.map((r) => r.company_id));
    expect(requests[2]!.token).toBe('p400');
    expect(requests[3]!.token).toBe('p400');
    expect(requests[4]!.token).toBe('p400');
  });

  it('reports the page that failed once retries are spent', async () => {
    const err = new AppError('server_error', 'Service error 503', { retryable: true });
    const { api } = fakeApi(makeRecords(1_000), { failCalls: new Map([[3, err], [4, err], [5, err], [6, err]]) });
    const run = collect(walkPages(api, { body: BODY, pageSize: 200, signal: new AbortController().signal, retry: fastRetry }));
    await expect(run).rejects.toMatchObject({ code: 'server_error', details: { page: 3 }, message: expect.stringMatching(/^Page 3 .*4 attempts/) });
  });

  it('does not retry an error that will not go away', async () => {
    const { api, requests } = fakeApi(makeRecords(1_000), { failCalls: new Map([[2, new AppError('forbidden', 'No access')]]) });
    const run = collect(walkPages(api, { body: BODY, pageSize: 200, signal: new AbortController().signal, retry: fastRetry }));
    await expect(run).rejects.toMatchObject({ code: 'forbidden', details: { page: 2 } });
    expect(requests).toHaveLength(2);
  });

  it('stops within one request when cancelled and abandons the prefetch', async () => {
    const { api, requests } = fakeApi(makeRecords(10_000), { delayMs: 5 });
    const controller = new AbortController();
    const seen: number[] = [];
    const run = (async () => {
      for await (const p of walkPages(api, { body: BODY, pageSize: 100, signal: controller.signal })) {
        seen.push(p.number);
        if (p.number === 3) controller.abort();
      }
    })();
    await expect(run).rejects.toMatchObject({ code: 'cancelled' });
    expect(seen).toEqual([1, 2, 3]);
    expect(requests.length).toBeLessThanOrEqual(4);
  });

  it('keeps fetching while the consumer writes, never more than READ_AHEAD_PAGES ahead', async () => {
    const { api: base, requests } = fakeApi(makeRecords(2_000), { delayMs: 1 });
    // Told as each page request is answered.
    const asked = new EventEmitter();
    const api = { ...base, search: (...a: Parameters<typeof base.search>) => base.search(...a).finally(() => asked.emit('request')) };
    const requested = (n: number) =>
      new Promise<void>((resolve) => {
        const check = () => void (requests.length >= n && (asked.off('request', check), resolve()));
        asked.on('request', check);
        check();
      });
    const aheadSeen: number[] = [];
    let taken = 0;
    for await (const p of walkPages(api, { body: BODY, pageSize: 100, signal: new AbortController().signal })) {
      taken = p.number;
      // A writer still busy with this page: the chain runs on meanwhile (it fetches the pages ahead).
      await requested(Math.min(taken + 2, 20));
      aheadSeen.push(requests.length - taken);
    }
    expect(taken).toBe(20);
    expect(Math.max(...aheadSeen)).toBeGreaterThanOrEqual(2);
    // Pages held + the one in flight.
    expect(Math.max(...aheadSeen)).toBeLessThanOrEqual(READ_AHEAD_PAGES + 1);
  });
});
