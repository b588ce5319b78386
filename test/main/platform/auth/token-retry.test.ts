// The token manager's retries go through the one retry helper: Retry-After in both forms, abortable
// waits, 429 read as rate limiting, and a token an HTTP header cannot carry refused as a bad answer.
// Real HTTP against a scripted token endpoint on 127.0.0.1.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createRequestLog } from '../../../../src/main/platform/api/request-log';
import { createTransport } from '../../../../src/main/platform/api/transport';
import { TokenManager, type TokenStatus } from '../../../../src/main/platform/auth/token-manager';
import { AppError } from '../../../../src/shared/errors';
import { RETRY_AFTER_MARGIN_MS } from '../../../../src/main/platform/api/retry';

type Answer = (req: IncomingMessage, res: ServerResponse) => void;

const TOKEN = { access_token: 'tok_abc', token_type: 'Bearer', scope: 'api:use', expires_in: 3600 };
const ok: Answer = (_req, res) => json(res, 200, TOKEN);
const rateLimited =
  (retryAfter: () => string): Answer =>
  (_req, res) =>
    json(res, 429, { error: 'temporarily_unavailable' }, { 'retry-after': retryAfter() });

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

let server: Server | undefined;
afterEach(() => new Promise<void>((r) => (server ? server.close(() => r()) : r())));

/** A token endpoint answering with `answers` in turn (the last one repeats); records arrival times. */
async function tokenEndpoint(answers: Answer[]) {
  const arrivals: number[] = [];
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      arrivals.push(Date.now());
      answers[Math.min(arrivals.length - 1, answers.length - 1)]!(req, res);
    });
  });
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  const authUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/auth`;
  return { authUrl, arrivals };
}

function manager(authUrl: string, extra: Partial<ConstructorParameters<typeof TokenManager>[0]> = {}) {
  const statuses: TokenStatus[] = [];
  const watchers = new Set<() => void>();
  /** Resolves with the status once it satisfies `test` (now, or at a later onChange). */
  const until = (test: (s: TokenStatus) => boolean) =>
    new Promise<TokenStatus>((resolve) => {
      const check = () => {
        if (!test(tokens.status())) return;
        watchers.delete(check);
        resolve(tokens.status());
      };
      watchers.add(check);
      check();
    });
  const tokens: TokenManager = new TokenManager({
    authUrl,
    clientId: 'client',
    scope: 'api:use',
    useDiscovery: false,
    getSecret: async () => 'secret',
    transport: createTransport({ log: createRequestLog() }),
    retry: { maxAttempts: 3, baseDelayMs: 10, maxDelayMs: 20, budgetMs: 10_000 },
    onChange: () => {
      statuses.push(tokens.status());
      for (const w of [...watchers]) w();
    },
    ...extra,
  });
  return { tokens, statuses, until };
}

/**
 * The manager's waits between attempts, recorded instead of slept. `hold`: a wait ends only when its
 * signal aborts (`ended` then says so); `onWait` runs as each wait begins.
 */
function waits(o: { hold?: boolean; onWait?: () => void | Promise<unknown> } = {}) {
  const asked: number[] = [];
  const ended: string[] = [];
  const sleep = (ms: number, signal?: AbortSignal) =>
    new Promise<void>((resolve, reject) => {
      asked.push(ms);
      signal?.addEventListener(
        'abort',
        () => {
          ended.push('aborted');
          reject(new DOMException('The operation was aborted', 'AbortError'));
        },
        { once: true },
      );
      void Promise.resolve(o.onWait?.()).then(() => {
        if (o.hold || signal?.aborted) return;
        ended.push('elapsed');
        resolve();
      });
    });
  return { asked, ended, sleep };
}

describe('token manager retries', () => {
  it('waits until the HTTP date of a Retry-After before asking again, and says it is rate limited', async () => {
    // On a clock of its own: the server asks for a date 2 s ahead (the date form has one-second resolution).
    const NOW = Date.UTC(2030, 0, 1, 12, 0, 0);
    const retryAt = NOW + 2000;
    const ep = await tokenEndpoint([rateLimited(() => new Date(retryAt).toUTCString()), ok]);
    const slept = waits();
    const { tokens, statuses } = manager(ep.authUrl, { now: () => NOW, sleep: slept.sleep });
    await expect(tokens.getToken()).resolves.toBe('tok_abc');
    expect(ep.arrivals).toHaveLength(2);
    // One wait, up to that date (plus the margin), not the policy's 10 ms backoff.
    expect(slept.asked).toEqual([retryAt - NOW + RETRY_AFTER_MARGIN_MS]);
    // While it waited, the status said why and until when (the connection header shows it).
    const waiting = statuses.find((s) => s.retrying);
    expect(waiting?.retrying?.error.code).toBe('rate_limited');
    expect(waiting?.retrying?.error.message).toContain('rate limited, retrying');
    expect(waiting?.retrying?.error.message).not.toMatch(/Auth URL/);
    expect(waiting?.retrying?.retryAt).toBe(retryAt + RETRY_AFTER_MARGIN_MS);
    expect(tokens.status()).toMatchObject({ signedIn: true, fetching: false });
    expect(tokens.status().retrying).toBeUndefined();
  });

  it('an abort stops the wait at once and no further token request is sent', async () => {
    const ep = await tokenEndpoint([rateLimited(() => '1'), ok]);
    const ac = new AbortController();
    // The wait for the server's second ends only by an abort: aborted as it begins.
    const slept = waits({ hold: true, onWait: () => ac.abort() });
    const { tokens, until } = manager(ep.authUrl, { sleep: slept.sleep });
    const e = await tokens.getToken(ac.signal).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(AppError);
    expect((e as AppError).code).toBe('cancelled');
    // The wait was ended by the abort (not left running), and the abandoned request did not try again.
    expect(slept.asked).toEqual([1000 + RETRY_AFTER_MARGIN_MS]);
    expect(slept.ended).toEqual(['aborted']);
    // The request it gave up ends (the manager says so), and nothing more was sent.
    expect(await until((s) => !s.fetching)).toMatchObject({ signedIn: false, fetching: false });
    expect(ep.arrivals).toHaveLength(1);
  });

  it('one caller giving up does not cancel the request another caller still waits on', async () => {
    const ep = await tokenEndpoint([rateLimited(() => '1'), ok]);
    const ac = new AbortController();
    let quitter: Promise<unknown> = Promise.resolve();
    // The quitter gives up during the Retry-After wait; the wait ends once it has been told it is cancelled.
    const slept = waits({ onWait: () => (ac.abort(), quitter) });
    const { tokens } = manager(ep.authUrl, { sleep: slept.sleep });
    quitter = tokens.getToken(ac.signal).catch((e: unknown) => e);
    const stayer = tokens.getToken();
    expect(await quitter).toMatchObject({ code: 'cancelled' });
    await expect(stayer).resolves.toBe('tok_abc');
    expect(slept.ended).toEqual(['elapsed']);
    expect(ep.arrivals).toHaveLength(2);
  });

  it('the connection test (fetchFresh) is cancelled by its signal during a Retry-After wait', async () => {
    const ep = await tokenEndpoint([rateLimited(() => '1'), ok]);
    const ac = new AbortController();
    const slept = waits({ hold: true, onWait: () => ac.abort() });
    const { tokens } = manager(ep.authUrl, { sleep: slept.sleep });
    await expect(tokens.fetchFresh(ac.signal)).rejects.toMatchObject({ code: 'cancelled' });
    expect(slept.ended).toEqual(['aborted']);
    expect(ep.arrivals).toHaveLength(1);
  });

  it('a 429 that outlasts the retries is rate_limited, not a profile problem', async () => {
    const ep = await tokenEndpoint([rateLimited(() => '0')]);
    const { tokens } = manager(ep.authUrl);
    const e = (await tokens.getToken().catch((x: unknown) => x)) as AppError;
    expect(e.code).toBe('rate_limited');
    expect(e.message).toMatch(/HTTP 429/);
    expect(e.message).not.toMatch(/Auth URL/);
    expect(ep.arrivals).toHaveLength(3);
  });

  it('a Retry-After longer than the budget fails at once, saying how long the server asked to wait', async () => {
    const ep = await tokenEndpoint([rateLimited(() => '120')]);
    const { tokens } = manager(ep.authUrl);
    const e = (await tokens.getToken().catch((x: unknown) => x)) as AppError;
    expect(e.code).toBe('rate_limited');
    expect(e.message).toContain('wait 120 s');
    expect(ep.arrivals).toHaveLength(1);
  });

  it('an access token with CR/LF in it is a bad token response, not a network error', async () => {
    const ep = await tokenEndpoint([(_req, res) => json(res, 200, { ...TOKEN, access_token: 'tok\r\nX-Injected: 1' })]);
    const { tokens } = manager(ep.authUrl);
    const e = (await tokens.getToken().catch((x: unknown) => x)) as AppError;
    expect(e).toBeInstanceOf(AppError);
    expect(e.code).toBe('auth_bad_response');
    expect(e.message).toMatch(/line breaks/);
    expect(e.retryable).toBe(false);
    expect(ep.arrivals).toHaveLength(1);
  });
});
