// Resilience of the API client against the sandbox over real HTTP: retries, Retry-After, the
// search-POST retry rule, 403/400/404 mapping, cancellation and timeouts.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SandboxHandle } from '../../../../src/sandbox/server';
import { SANDBOX_CLIENTS } from '../../../../src/sandbox/clients';
import { RETRY_AFTER_MARGIN_MS, type RetryPolicy } from '../../../../src/main/platform/api/retry';
import type { FetchLike } from '../../../../src/main/platform/api/http';
import { SIMPLE_SEARCH, startSmallSandbox, wire } from '../../../helpers/core-helpers';

let sbx: SandboxHandle;
beforeAll(async () => {
  sbx = await startSmallSandbox({ esg: { sessionMs: 200 } });
});
afterAll(() => sbx.close());
beforeEach(() => {
  sbx.control.clearFaults();
  sbx.control.resetStats();
  sbx.control.setTokenTtl(3600);
});

const FAST: RetryPolicy = { maxAttempts: 4, baseDelayMs: 20, maxDelayMs: 100, budgetMs: 10_000 };
const apiCalls = (w: ReturnType<typeof wire>) => w.log.list().filter((e) => e.path.startsWith('/api/'));
/**
 * The client's waits between attempts, recorded instead of slept (the retry schedule is the
 * behaviour, not how long a machine takes). `hold`: a wait ends only when the call's signal aborts.
 */
function waits(o: { hold?: boolean; onWait?: (ms: number) => void } = {}) {
  const asked: number[] = [];
  const sleep = (ms: number, signal?: AbortSignal) =>
    new Promise<void>((resolve, reject) => {
      asked.push(ms);
      o.onWait?.(ms);
      const abort = () => reject(new DOMException('The operation was aborted', 'AbortError'));
      if (signal?.aborted) return abort();
      signal?.addEventListener('abort', abort, { once: true });
      if (!o.hold) resolve();
    });
  return { asked, sleep };
}

describe('API client (real HTTP)', () => {
  it('429 with Retry-After: 2 waits at least 2 s, then succeeds', async () => {
    const slept = waits();
    const w = wire(sbx, { retry: FAST, sleep: slept.sleep });
    await w.tokens.getToken();
    sbx.control.injectFault({ kind: 'rate_limit', retryAfterSeconds: 2 }, 1, 'search');
    const page = await w.api.search({ body: SIMPLE_SEARCH, pageSize: 5 });
    expect(page.result).toHaveLength(5);
    // The server's 2 s (plus the margin), not the policy's 20 ms backoff.
    expect(slept.asked).toEqual([2000 + RETRY_AFTER_MARGIN_MS]);
    expect(apiCalls(w).map((e) => [e.status, e.attempt])).toEqual([
      [429, 1],
      [200, 2],
    ]);
  });

  it('a Retry-After longer than the retry budget gives up at once with rate_limited', async () => {
    const slept = waits();
    const w = wire(sbx, { retry: { ...FAST, budgetMs: 1000 }, sleep: slept.sleep });
    sbx.control.injectFault({ kind: 'rate_limit', retryAfterSeconds: 30 }, 1, 'search');
    const e = await w.api.search({ body: SIMPLE_SEARCH, pageSize: 5 }).catch((x: unknown) => x);
    // At once: no wait begun, one request sent.
    expect(slept.asked).toEqual([]);
    expect(apiCalls(w).map((x) => x.status)).toEqual([429]);
    expect(e).toMatchObject({ code: 'rate_limited', retryable: true, details: { retryAfterMs: 30_000 } });
    expect((e as Error).message).toMatch(/wait 30 s/);
  });

  it('retries 5xx and dropped connections on idempotent calls, bounded in count', async () => {
    const w = wire(sbx, { retry: FAST });
    await w.tokens.getToken();
    sbx.control.injectFault({ kind: 'error', status: 503 }, 1, 'search');
    sbx.control.injectFault({ kind: 'drop' }, 1, 'search');
    const page = await w.api.search({ body: SIMPLE_SEARCH, pageSize: 3 });
    expect(page.result).toHaveLength(3);
    expect(apiCalls(w).map((e) => e.status ?? e.errorClass)).toEqual([503, 'network', 200]);

    w.log.clear();
    sbx.control.injectFault({ kind: 'error', status: 500 }, 10, 'search');
    const e = await w.api.search({ body: SIMPLE_SEARCH, pageSize: 3 }).catch((x: unknown) => x);
    expect(e).toMatchObject({ code: 'server_error', retryable: true });
    expect(apiCalls(w)).toHaveLength(FAST.maxAttempts);
  });

  it('search with a pagination token is never repeated after a transient failure', async () => {
    const w = wire(sbx, { retry: FAST });
    const first = await w.api.search({ body: SIMPLE_SEARCH, pageSize: 3 });
    w.log.clear();
    sbx.control.injectFault({ kind: 'error', status: 503 }, 1, 'search');
    const e = await w.api.search({ body: SIMPLE_SEARCH, pageSize: 3, paginationToken: first.pagination.next! }).catch((x: unknown) => x);
    expect(e).toMatchObject({ code: 'server_error' });
    expect(apiCalls(w)).toHaveLength(1);
    // The caller restarts; the page itself is still there.
    const again = await w.api.search({ body: SIMPLE_SEARCH, pageSize: 3, paginationToken: first.pagination.next! });
    expect(again.result).toHaveLength(3);
  });

  it('a 401 mid-pagination (expired token) is replayed once with the same page token: no failed call', async () => {
    const w = wire(sbx);
    const first = await w.api.search({ body: SIMPLE_SEARCH, pageSize: 4 });
    sbx.control.expireAllTokens();
    const second = await w.api.search({ body: SIMPLE_SEARCH, pageSize: 4, paginationToken: first.pagination.next! });
    expect(second.result.map((r) => r.company_id)).not.toEqual(first.result.map((r) => r.company_id));
    expect(w.tokens.requests).toBe(2);
  });

  it('a changed request during pagination is pagination_expired; a malformed body is bad_request naming the field', async () => {
    const w = wire(sbx);
    const first = await w.api.search({ body: SIMPLE_SEARCH, pageSize: 4 });
    const changed = await w.api.search({ body: SIMPLE_SEARCH, pageSize: 5, paginationToken: first.pagination.next! }).catch((x: unknown) => x);
    expect(changed).toMatchObject({ code: 'pagination_expired' });
    expect((changed as Error).message).toMatch(/page 1/);
    const bad = await w.api
      .search({ body: { filters: { and: [{ attribute: 'nope', relation: 'equals', value: 1 }] } } as never, pageSize: 4 })
      .catch((x: unknown) => x);
    expect(bad).toMatchObject({ code: 'bad_request', details: { status: 400, field: 'filters.and[0].attribute' } });
    expect((bad as Error).message).toMatch(/Unknown attribute/);
  });

  it('403 is never retried and never triggers a token refetch', async () => {
    const w = wire(sbx, { clientId: SANDBOX_CLIENTS.searchOnly.id, secret: SANDBOX_CLIENTS.searchOnly.secret, retry: FAST });
    const company = sbx.control.esgCompanies('known', 1)[0]!;
    const e = await w.api.esgModule({ companyId: company.company_id, module: 'news' }).catch((x: unknown) => x);
    expect(e).toMatchObject({ code: 'forbidden', retryable: false });
    expect(apiCalls(w)).toHaveLength(1);
    expect(w.tokens.requests).toBe(1);
  });

  it('ESG module, processing status and match parse with the shared schemas; 404/400 are typed', async () => {
    const w = wire(sbx);
    const company = sbx.control.esgCompanies('known', 1)[0]!;
    const mod = await w.api.esgModule({ companyId: company.company_id, module: 'scores' });
    expect(mod.company_id).toBe(company.company_id);
    if (mod.active_processing_session) {
      const st = await w.api.processingStatus(mod.active_processing_session);
      expect(st.module).toBe('scores');
    }
    await expect(w.api.processingStatus('11111111-1111-4111-8111-111111111111')).rejects.toMatchObject({ code: 'not_found' });
    await expect(w.api.processingStatus('not-a-uuid')).rejects.toMatchObject({ code: 'bad_request' });
    const m = await w.api.match({ name: company.name as string, country: company.country as string });
    expect(m.count).toBeGreaterThanOrEqual(1);
    expect(m.result.map((c) => c.company.company_id)).toContain(company.company_id);
  });

  it('a server 400 for a session id that is not a UUID is bad_request (client-side check bypassed)', async () => {
    const w = wire(sbx);
    const { createApiClient } = await import('../../../../src/main/platform/api/api-client');
    const client = createApiClient({
      profile: { baseUrl: sbx.baseUrl, searchPath: '/s', esgModulePathTemplate: '/e', matchPath: '/m', esgStatusPathTemplate: '/esg/v1/processing/x{session_id}' },
      tokens: w.tokens,
      transport: w.transport,
    });
    const e = await client.processingStatus('11111111-1111-4111-8111-111111111111').catch((x: unknown) => x);
    expect(e).toMatchObject({ code: 'bad_request', details: { status: 400 } });
  });

  it('cancellation by AbortSignal stops a call and a pending retry wait', async () => {
    // Aborted once the request is on its way (the service holds its answer for 60 s).
    const first = new AbortController();
    let abortSent: AbortController | null = first;
    const fetchImpl: FetchLike = (url, init) => {
      const sent = fetch(url, init);
      const ctrl = abortSent;
      if (ctrl && url.includes('/api/')) queueMicrotask(() => ctrl.abort());
      return sent;
    };
    const second = new AbortController();
    const held = waits({ hold: true, onWait: () => second.abort() });
    const w = wire(sbx, { fetchImpl, sleep: held.sleep });
    await w.tokens.getToken();
    sbx.control.injectFault({ kind: 'latency', ms: 60_000 }, 1, 'search');
    await expect(w.api.search({ body: SIMPLE_SEARCH, pageSize: 1 }, { signal: first.signal })).rejects.toMatchObject({ code: 'cancelled' });
    // The request itself was cut short (not answered, then dropped), and not tried again.
    expect(apiCalls(w).map((e) => [e.status, e.errorClass])).toEqual([[undefined, 'cancelled']]);
    expect(held.asked).toEqual([]);
    sbx.control.clearFaults();

    // A retry wait of 5 s that only an abort can end: aborted as it begins, the call ends cancelled.
    w.log.clear();
    abortSent = null;
    sbx.control.injectFault({ kind: 'rate_limit', retryAfterSeconds: 5 }, 1, 'search');
    await expect(w.api.search({ body: SIMPLE_SEARCH, pageSize: 1 }, { signal: second.signal })).rejects.toMatchObject({ code: 'cancelled' });
    expect(held.asked).toEqual([5000 + RETRY_AFTER_MARGIN_MS]);
    expect(apiCalls(w).map((e) => e.status)).toEqual([429]);
  });

  it('a per-attempt timeout is a typed, retried timeout', async () => {
    const w = wire(sbx, { retry: { ...FAST, maxAttempts: 2 } });
    await w.tokens.getToken();
    sbx.control.injectFault({ kind: 'latency', ms: 1500 }, 2, 'search');
    const e = await w.api.search({ body: SIMPLE_SEARCH, pageSize: 1 }, { timeoutMs: 200 }).catch((x: unknown) => x);
    expect(e).toMatchObject({ code: 'timeout', retryable: true });
    expect(apiCalls(w).map((x) => x.errorClass)).toEqual(['timeout', 'timeout']);
  });

  it('a cut-short JSON answer is retried on a first page and reported as bad_response otherwise', async () => {
    const w = wire(sbx, { retry: FAST });
    const first = await w.api.search({ body: SIMPLE_SEARCH, pageSize: 3 });
    sbx.control.injectFault({ kind: 'malformed' }, 1, 'search');
    await expect(w.api.search({ body: SIMPLE_SEARCH, pageSize: 3 })).resolves.toMatchObject({ count: first.count });
    sbx.control.injectFault({ kind: 'malformed' }, 1, 'search');
    await expect(w.api.search({ body: SIMPLE_SEARCH, pageSize: 3, paginationToken: first.pagination.next! })).rejects.toMatchObject({
      code: 'bad_response',
    });
  });
});
