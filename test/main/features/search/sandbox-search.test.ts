// Search feature through the production ApiClient against a real sandbox over HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSearchFeature } from '../../../../src/main/features/search/feature';
import type { ApiClient } from '../../../../src/main/platform/api/types';
import { searchGroup, type SearchPageView } from '../../../../src/shared/bridge/groups/search';
import { startSandbox, type SandboxHandle } from '../../../../src/sandbox/server';
import { fetchAll, realClient } from '../export/helpers/real-client';
import { ctx, fakeDeps } from './fake-deps';

const body = {
  filters: {
    and: [
      { attribute: 'country', relation: 'in', value: ['DE', 'FR'] },
      { attribute: 'employee_count', relation: 'greater_than', value: 200 },
    ],
  },
};

let a: SandboxHandle;
let b: SandboxHandle;
let clientA: ApiClient;
let current: ApiClient;

beforeAll(async () => {
  [a, b] = await Promise.all([startSandbox({ companies: 3000 }), startSandbox({ companies: 3000 })]);
  clientA = realClient(a);
  current = clientA;
});
afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
});

function feature() {
  const f = fakeDeps(async () => current);
  const h = createSearchFeature(f.deps).handlers;
  return {
    start: (input: unknown) => h.start(searchGroup.fns.start.input.parse(input), ctx()),
    page: (input: unknown) => h.page(searchGroup.fns.page.input.parse(input), ctx()),
    cancel: (requestId: string) => h.cancel({ requestId }, ctx()),
  };
}

describe('search against the sandbox', () => {
  it('walks every page forward and back with the same rows as a plain token loop', async () => {
    current = clientA;
    const { start, page } = feature();
    const reference = await fetchAll(clientA, body, 25);
    expect(reference.count).toBeGreaterThan(50);
    const first = await start({ body, pageSize: 25 });
    expect(first).toMatchObject({ pageNumber: 1, count: reference.count, firstRow: 1, hasPrevious: false, hasNext: true });
    const pages: SearchPageView[] = [first];
    while (pages.at(-1)!.hasNext) pages.push(await page({ sessionId: first.sessionId, direction: 'next' }));
    expect(pages.flatMap((p) => p.rows)).toEqual(reference.records);
    expect(pages.at(-1)!.pageNumber).toBe(Math.ceil(reference.count / 25));
    let back = pages.at(-1)!;
    while (back.hasPrevious) {
      back = await page({ sessionId: first.sessionId, direction: 'previous' });
      expect(back.rows).toEqual(pages[back.pageNumber - 1]!.rows);
    }
    expect(back.pageNumber).toBe(1);
  });

  it('a new page size starts a new session with no 400', async () => {
    current = clientA;
    const { start, page } = feature();
    const s10 = await start({ body, pageSize: 10 });
    await page({ sessionId: s10.sessionId, direction: 'next' });
    const s7 = await start({ body, pageSize: 7 });
    const p2 = await page({ sessionId: s7.sessionId, direction: 'next' });
    expect(p2).toMatchObject({ pageNumber: 2, firstRow: 8, pageSize: 7 });
    expect(p2.rows).toHaveLength(7);
  });

  it('shows the server message for a body the service rejects', async () => {
    current = clientA;
    const { start } = feature();
    await expect(start({ body: { filters: { and: [{ attribute: 'colour', relation: 'equals', value: 'red' }] } } })).rejects.toMatchObject({
      code: 'bad_request',
      message: expect.stringMatching(/colour/),
    });
    await expect(start({ body: { filters: { and: [{ attribute: 'employee_count', relation: 'greater_than', value: 'many' }] } } })).rejects.toMatchObject({
      code: 'bad_request',
    });
  });

  it('restarts from page 1 with a reason when the server no longer accepts the session tokens', async () => {
    current = clientA;
    const { start, page } = feature();
    const first = await start({ body, pageSize: 10 });
    await page({ sessionId: first.sessionId, direction: 'next' });
    current = realClient(b); // same data, different signing key: the old tokens are now foreign
    const v = await page({ sessionId: first.sessionId, direction: 'next' });
    expect(v.pageNumber).toBe(1);
    expect(v.restarted?.reason).toMatch(/pagination session of these results.*page 1/);
    expect(v.rows).toEqual(first.rows);
    const next = await page({ sessionId: v.sessionId, direction: 'next' });
    expect(next.pageNumber).toBe(2);
  });

  it('cancels a slow page by requestId', async () => {
    // The page's request is told when it is on its way; the service holds its answer for a minute,
    // past the test's timeout, so only the cancel can end the call.
    current = clientA;
    const { start, page, cancel } = feature();
    const first = await start({ body, pageSize: 10 });
    let sent!: () => void;
    const onItsWay = new Promise<void>((r) => (sent = r));
    current = { ...clientA, search: (req, o) => (sent(), clientA.search(req, o)) };
    a.control.injectFault({ kind: 'latency', ms: 60_000 }, 1, 'search');
    const pending = page({ sessionId: first.sessionId, direction: 'next', requestId: 'slow-1' });
    await onItsWay;
    await cancel('slow-1');
    await expect(pending).rejects.toMatchObject({ code: 'cancelled' });
    a.control.clearFaults();
    current = clientA;
    expect((await page({ sessionId: first.sessionId, direction: 'next' })).pageNumber).toBe(2);
  });

  it('a dropped connection on a page is an error the analyst can retry, the session intact', async () => {
    current = clientA;
    const { start, page } = feature();
    const first = await start({ body, pageSize: 10 });
    a.control.injectFault({ kind: 'drop' }, 1, 'search');
    await expect(page({ sessionId: first.sessionId, direction: 'next' })).rejects.toMatchObject({ retryable: true });
    const retry = await page({ sessionId: first.sessionId, direction: 'next' });
    expect(retry).toMatchObject({ pageNumber: 2, firstRow: 11 });
  });
});
