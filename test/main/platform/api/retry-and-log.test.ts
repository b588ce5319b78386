// Backoff, Retry-After parsing and request-log redaction (pure units).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { backoffDelay, DEFAULT_RETRY, isTransientStatus, parseRetryAfter } from '../../../../src/main/platform/api/retry';
import { createRequestLog, redactUrl } from '../../../../src/main/platform/api/request-log';

describe('backoff with full jitter', () => {
  it('stays within [0, min(cap, base * 2^(n-1))] and spans that range', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 30 }), fc.double({ min: 0, max: 0.999999, noNaN: true }), (n, r) => {
        const d = backoffDelay(n, DEFAULT_RETRY, () => r);
        const ceiling = Math.min(DEFAULT_RETRY.maxDelayMs, DEFAULT_RETRY.baseDelayMs * 2 ** (n - 1));
        return d >= 0 && d <= ceiling;
      }),
    );
    // One formula for every caller (api/retry.ts): the draw takes its share away from the nominal delay.
    expect(backoffDelay(3, DEFAULT_RETRY, () => 0)).toBe(1200);
    expect(backoffDelay(3, DEFAULT_RETRY, () => 0.999999)).toBe(0);
  });

  it('reads Retry-After as seconds or an HTTP date', () => {
    const now = Date.UTC(2026, 0, 1, 12, 0, 0);
    expect(parseRetryAfter('2', now)).toBe(2000);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
    expect(parseRetryAfter('Thu, 01 Jan 2026 12:00:05 GMT', now)).toBe(5000);
    expect(parseRetryAfter('Thu, 01 Jan 2026 11:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter('-3', now)).toBeUndefined();
  });

  it('treats network-ish statuses as transient and nothing else', () => {
    expect([408, 429, 500, 502, 503, 504].every(isTransientStatus)).toBe(true);
    expect([200, 400, 401, 403, 404, 409].some(isTransientStatus)).toBe(false);
  });
});

describe('request log', () => {
  it('keeps host and path, hides query values except page_size, never holds credentials', () => {
    expect(redactUrl('https://user:pw@api.example.com/search/v1/companies?page_size=200&pagination_token=abc.def')).toEqual({
      host: 'api.example.com',
      path: '/search/v1/companies?page_size=200&pagination_token=…',
    });
    const log = createRequestLog(3);
    for (let i = 0; i < 5; i++) log.add({ at: i, method: 'GET', url: `http://h/x?token=secret${i}`, status: 200, durationMs: 1.4, attempt: 1 });
    const entries = log.list();
    expect(entries.map((e) => e.id)).toEqual([3, 4, 5]);
    expect(entries[0]).toEqual({ id: 3, at: 2, method: 'GET', host: 'h', path: '/x?token=…', status: 200, durationMs: 1, attempt: 1, curl: `curl -X GET "http://h/x?token=$TOKEN"` });
    expect(JSON.stringify(entries)).not.toContain('secret');
  });
});

describe('http layer', () => {
  it('refuses redirects with a message that says what to fix', async () => {
    const { createServer } = await import('node:http');
    const { httpSend, TransportError } = await import('../../../../src/main/platform/api/http');
    const server = createServer((_q, r) => r.writeHead(307, { location: 'http://127.0.0.1:9/elsewhere' }).end()).listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    const port = (server.address() as { port: number }).port;
    const e = await httpSend({ method: 'POST', url: `http://127.0.0.1:${port}/t`, headers: { authorization: 'Bearer x' }, body: '{}', timeoutMs: 2000 }).catch((x: unknown) => x);
    server.close();
    expect(e).toBeInstanceOf(TransportError);
    expect(e).toMatchObject({ kind: 'network', message: expect.stringMatching(/redirect/) });
  });
});
