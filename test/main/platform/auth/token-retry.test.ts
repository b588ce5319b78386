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
      answers[Math.min(arrivals.length - 1, answers.length - 1)](req, res);
    });
  });
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  const authUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/auth`;
  return { authUrl, arrivals };
}

function manager(authUrl: string, extra: Partial<ConstructorParameters<typeof TokenManager>[0]> = {}) {
  const statuses: TokenStatus[] = [];
  const tokens: TokenManager = new TokenManager({
    authUrl,
    clientId: 'client',
    scope: 'api:use',
    useDiscovery: false,
    getSecret: async () => 'secret',
    transport: createTransport({ log: createRequestLog() }),
    retry: { maxAttempts: 3, baseDelayMs: 10, maxDelayMs: 20, budgetMs: 10_000 },
    onChange: () => statuses.push(tokens.status()),
    ...extra,
  });
  return { tokens, statuses };
}

describe('token manager retries', () => {
  it('waits until the HTTP date of a Retry-After before asking again, and says it is rate limited', async () => {
    // A whole second at least 1.2 s ahead: the date form has one-second resolution.
    let retryAt = 0;
    const ep = await tokenEndpoint([
      rateLimited(() => {
        retryAt = Math.ceil((Date.now() + 1200) / 1000) * 1000;
        return new Date(retryAt).toUTCString();
      }),
      ok,
    ]);
    const { tokens, statuses } = manager(ep.authUrl);
    await expect(tokens.getToken()).resolves.toBe('tok_abc');
    expect(ep.arrivals).toHaveLength(2);
    expect(ep.arrivals[1]).toBeGreaterThanOrEqual(retryAt);
    // While it waited, the status said why and until when (the connection header shows it).
    const waiting = statuses.find((s) => s.retrying);
    expect(waiting?.retrying?.error.code).toBe('rate_limited');
    expect(waiting?.retrying?.error.message).toContain('rate limited, retrying');
    expect(waiting?.retrying?.error.message).not.toMatch(/Auth URL/);
    expect(waiting?.retrying?.retryAt).toBeGreaterThanOrEqual(retryAt);
    expect(tokens.status()).toMatchObject({ signedIn: true, fetching: false });
    expect(tokens.status().retrying).toBeUndefined();
  });

  it('an abort stops the wait at once and no further token request is sent', async () => {
    const ep = await tokenEndpoint([rateLimited(() => '1'), ok]);
    const { tokens } = manager(ep.authUrl);
    const ac = new AbortController();
    const started = Date.now();
    const pending = tokens.getToken(ac.signal).catch((e: unknown) => e);
    setTimeout(() => ac.abort(), 150);
    const e = await pending;
    expect(e).toBeInstanceOf(AppError);
    expect((e as AppError).code).toBe('cancelled');
    expect(Date.now() - started).toBeLessThan(900);
    // Past the second the server asked for: the abandoned request did not try again.
    await new Promise((r) => setTimeout(r, 1300));
    expect(ep.arrivals).toHaveLength(1);
    expect(tokens.status()).toMatchObject({ signedIn: false, fetching: false });
  });

  it('one caller giving up does not cancel the request another caller still waits on', async () => {
    const ep = await tokenEndpoint([rateLimited(() => '1'), ok]);
    const { tokens } = manager(ep.authUrl);
    const ac = new AbortController();
    const quitter = tokens.getToken(ac.signal).catch((e: unknown) => e);
    const stayer = tokens.getToken();
    setTimeout(() => ac.abort(), 100);
    expect(await quitter).toMatchObject({ code: 'cancelled' });
    await expect(stayer).resolves.toBe('tok_abc');
    expect(ep.arrivals).toHaveLength(2);
  });

  it('the connection test (fetchFresh) is cancelled by its signal during a Retry-After wait', async () => {
    const ep = await tokenEndpoint([rateLimited(() => '1'), ok]);
    const { tokens } = manager(ep.authUrl);
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 100);
    await expect(tokens.fetchFresh(ac.signal)).rejects.toMatchObject({ code: 'cancelled' });
    await new Promise((r) => setTimeout(r, 1200));
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
