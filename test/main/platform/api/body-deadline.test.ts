// A server that trickles its answer cannot hang a call: every body read races the exchange's own
// deadline and cancels the reader, for API and token calls alike, even when fetch loses the abort.
// Real HTTP against a slow-drip server on 127.0.0.1; fetch is Node's own, with the defect of
// nodejs/undici#4089 reproduced deterministically (an abort after the headers never reaches the body).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../../src/main/platform/api/api-client';
import { httpSend, TransportError, type FetchLike } from '../../../../src/main/platform/api/http';
import { createRequestLog } from '../../../../src/main/platform/api/request-log';
import { createTransport } from '../../../../src/main/platform/api/transport';
import { TokenManager } from '../../../../src/main/platform/auth/token-manager';
import { AppError } from '../../../../src/shared/errors';
import { DEFAULT_PATHS } from '../../../../src/shared/profile';

// A call that hangs never settles: the test then fails by its own timeout (far below the 65 s the
// audit saw calls hang for). What ended each call is read from its error, not from a stopwatch.
const DEADLINE_MS = 800;

let server: Server | undefined;
afterEach(() => new Promise<void>((r) => (server ? (server.closeAllConnections(), server.close(() => r())) : r())));

/** Answers 200 at once, then one byte every 50 ms, forever (until the client goes away). */
async function slowDrip(opts: { tokenPath?: boolean } = {}) {
  let closed = 0;
  let closedOnce!: () => void;
  /** Settles when the server sees the first trickled answer's connection closed. */
  const firstClosed = new Promise<void>((r) => (closedOnce = r));
  server = createServer((req, res) => {
    req.resume();
    if (req.url === '/warm') return void res.end('{}');
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write(opts.tokenPath && req.url?.includes('/oauth2/token') ? '{"access_token":' : '{"count":');
    const drip = setInterval(() => res.write(' '), 50);
    res.on('close', () => {
      clearInterval(drip);
      closed++;
      closedOnce();
    });
  });
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, closed: () => closed, firstClosed };
}

/** Node's fetch, except that an abort arriving after the headers is lost, as in nodejs/undici#4089. */
const fetchLosingLateAborts: FetchLike = async (url, init) => {
  const early = new AbortController();
  let headersIn = false;
  init.signal?.addEventListener('abort', () => {
    if (!headersIn) early.abort();
  });
  const res = await fetch(url, { ...init, signal: early.signal });
  headersIn = true;
  return res;
};

/** The call's outcome: its value or its error. */
const outcomeOf = <T>(call: () => Promise<T>): Promise<unknown> => call().then((v) => v, (e: unknown) => e);

describe('body read deadline (slow-drip server)', () => {
  it('httpSend gives up at its deadline with a timeout and cancels the reader', async () => {
    const s = await slowDrip();
    // Load fetch and open the connection first, so the deadline falls inside the trickle even on a busy machine.
    await httpSend({ method: 'GET', url: `${s.base}/warm`, headers: {}, timeoutMs: 10_000 });
    const outcome = await outcomeOf(() => httpSend({ method: 'GET', url: `${s.base}/x`, headers: {}, timeoutMs: DEADLINE_MS }, fetchLosingLateAborts));
    // Ended by its deadline (only the deadline's timer makes a timeout), after the headers had come.
    expect(outcome).toBeInstanceOf(TransportError);
    expect(outcome).toMatchObject({ kind: 'timeout', message: 'The answer did not arrive in full within 800 ms' });
    // The reader was cancelled: the connection is closed and the server stops dripping.
    await s.firstClosed;
    expect(s.closed()).toBe(1);
  });

  it('a caller abort during a trickling body ends the call at once', async () => {
    const s = await slowDrip();
    const ac = new AbortController();
    // Aborted once the headers are in and the body trickles (the abort fetch loses); the deadline is a
    // minute away, past the test's timeout, so only the abort can end the call.
    const abortAfterHeaders: FetchLike = async (url, init) => {
      const res = await fetchLosingLateAborts(url, init);
      queueMicrotask(() => ac.abort());
      return res;
    };
    const outcome = await outcomeOf(() => httpSend({ method: 'GET', url: `${s.base}/x`, headers: {}, timeoutMs: 60_000, signal: ac.signal }, abortAfterHeaders));
    expect(outcome).toMatchObject({ kind: 'cancelled' });
    await s.firstClosed;
  });

  it('an API call against a trickling server ends with a clear timeout error', async () => {
    const s = await slowDrip();
    const transport = createTransport({ log: createRequestLog(), fetchImpl: fetchLosingLateAborts });
    const api = createApiClient({
      profile: { baseUrl: `${s.base}/api`, ...DEFAULT_PATHS },
      tokens: { getToken: async () => 'tok', invalidate: () => undefined },
      transport,
      retry: { maxAttempts: 1, baseDelayMs: 0, maxDelayMs: 0, budgetMs: 0 },
    });
    const outcome = await outcomeOf(() => api.processingStatus('6f1c2a44-8d7e-4b1f-9a55-3f2f0c9d1e22', { timeoutMs: DEADLINE_MS }));
    expect(outcome).toBeInstanceOf(AppError);
    expect(outcome).toMatchObject({ code: 'timeout' });
    expect((outcome as AppError).message).toMatch(/did not answer in time/);
  });

  it('a token request against a trickling server ends with a clear timeout error', async () => {
    const s = await slowDrip({ tokenPath: true });
    const tokens = new TokenManager({
      authUrl: `${s.base}/auth`,
      clientId: 'client',
      scope: 'api:use',
      useDiscovery: false,
      getSecret: async () => 'secret',
      transport: createTransport({ log: createRequestLog(), fetchImpl: fetchLosingLateAborts }),
      timeoutMs: DEADLINE_MS,
      retry: { maxAttempts: 1, baseDelayMs: 0, maxDelayMs: 0, budgetMs: 0 },
    });
    const outcome = await outcomeOf(() => tokens.getToken());
    expect(outcome).toBeInstanceOf(AppError);
    expect(outcome).toMatchObject({ code: 'auth_unreachable' });
    expect((outcome as AppError).message).toMatch(/did not answer in time/);
  });
});
