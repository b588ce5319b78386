// Token lifecycle against the sandbox over real HTTP.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SandboxHandle } from '../../../../src/sandbox/server';
import { SANDBOX_CLIENTS } from '../../../../src/sandbox/clients';
import { AppError } from '../../../../src/shared/errors';
import { basicAuthHeader, renewalMargin, TokenManager } from '../../../../src/main/platform/auth/token-manager';
import { ANALYST, SIMPLE_SEARCH, startSmallSandbox, tokenRequestCount, wire } from '../../../helpers/core-helpers';
import { createRequestLog } from '../../../../src/main/platform/api/request-log';
import { createTransport } from '../../../../src/main/platform/api/transport';

let sbx: SandboxHandle;
beforeAll(async () => {
  sbx = await startSmallSandbox();
});
afterAll(() => sbx.close());
beforeEach(() => {
  sbx.control.clearFaults();
  sbx.control.resetStats();
  sbx.control.setTokenTtl(3600);
});

async function tokenError(o: Parameters<typeof wire>[1]): Promise<AppError> {
  const { tokens } = wire(sbx, o);
  const e = await tokens.getToken().catch((x: unknown) => x);
  expect(e).toBeInstanceOf(AppError);
  return e as AppError;
}

describe('token manager (real HTTP)', () => {
  it('tells its listener the outcome of a fetch, not a fetch still running', async () => {
    const seen: Array<{ signedIn: boolean; fetching: boolean }> = [];
    const make = (secret: string) => {
      const tokens: TokenManager = new TokenManager({
        authUrl: sbx.authUrl,
        clientId: ANALYST.id,
        scope: 'api:use',
        useDiscovery: false,
        getSecret: async () => secret,
        transport: createTransport({ log: createRequestLog() }),
        onChange: () => seen.push({ signedIn: tokens.status().signedIn, fetching: tokens.status().fetching }),
      });
      return tokens;
    };
    await make(ANALYST.secret).getToken();
    expect(seen).toEqual([{ signedIn: false, fetching: true }, { signedIn: true, fetching: false }]);
    seen.length = 0;
    await expect(make('wrong').getToken()).rejects.toMatchObject({ code: 'auth_invalid_client' });
    expect(seen).toEqual([{ signedIn: false, fetching: true }, { signedIn: false, fetching: false }]);
  });

  it('100 concurrent calls on an empty cache cause exactly 1 token request', async () => {
    const { api, tokens } = wire(sbx);
    const pages = await Promise.all(Array.from({ length: 100 }, () => api.search({ body: SIMPLE_SEARCH, pageSize: 1 })));
    expect(pages).toHaveLength(100);
    expect(tokenRequestCount(sbx)).toBe(1);
    expect(tokens.requests).toBe(1);
    expect(sbx.control.stats().searches).toBe(100);
  });

  it('a revoked token causes 1 refetch and 1 replay', async () => {
    const { api, log } = wire(sbx);
    await api.search({ body: SIMPLE_SEARCH, pageSize: 1 });
    sbx.control.resetStats();
    log.clear();
    sbx.control.revokeAllTokens();
    const page = await api.search({ body: SIMPLE_SEARCH, pageSize: 2 });
    expect(page.result).toHaveLength(2);
    expect(tokenRequestCount(sbx)).toBe(1);
    const calls = log.list().filter((e) => e.path.startsWith('/api/'));
    expect(calls.map((e) => e.status)).toEqual([401, 200]);
    expect(sbx.control.stats().apiResponses[401]).toBe(1);
  });

  it('a second 401 right after the refetch is final: no loop', async () => {
    const { api } = wire(sbx);
    await api.search({ body: SIMPLE_SEARCH, pageSize: 1 });
    sbx.control.resetStats();
    sbx.control.setTokenTtl(0); // tokens issued from now on are dead on arrival (0.001 s left them alive for the rest of that millisecond)
    sbx.control.revokeAllTokens();
    const e = await api.search({ body: SIMPLE_SEARCH, pageSize: 1 }).catch((x: unknown) => x);
    expect(e).toMatchObject({ code: 'unauthorized' });
    expect(tokenRequestCount(sbx)).toBe(1);
    expect(sbx.control.stats().apiResponses[401]).toBe(2);
  });

  it('invalid_client causes 0 retries and a message about the secret', async () => {
    const e = await tokenError({ secret: 'not-the-secret' });
    expect(e.code).toBe('auth_invalid_client');
    expect(e.message).toMatch(/secret/);
    expect(e.retryable).toBe(false);
    expect(tokenRequestCount(sbx)).toBe(1);
  });

  it('maps every token error of the spec to a typed, actionable error', async () => {
    expect((await tokenError({ scope: 'api:admin' })).code).toBe('auth_invalid_scope');
    expect((await tokenError({ scope: 'api:admin' })).message).toMatch(/api:use/);
    const pending = await tokenError({ clientId: SANDBOX_CLIENTS.pending.id, secret: SANDBOX_CLIENTS.pending.secret });
    expect(pending.code).toBe('auth_not_setup');
    expect(pending.message).toMatch(/service operator/);
    const disabled = await tokenError({ clientId: SANDBOX_CLIENTS.disabled.id, secret: SANDBOX_CLIENTS.disabled.secret });
    expect(disabled.code).toBe('auth_disabled');
    expect(disabled.message).toMatch(/disabled/);
    expect((await tokenError({ secret: null })).code).toBe('not_configured');
    // Each OAuth error is answered once: none of them is retried.
    expect(tokenRequestCount(sbx)).toBe(4);
  });

  it('an unreachable auth server and a non-JSON auth answer have their own errors', async () => {
    const closed = await startSmallSandbox();
    const deadUrl = closed.authUrl;
    await closed.close();
    const unreachable = (await wire({ authUrl: deadUrl, baseUrl: sbx.baseUrl }).tokens.getToken().catch((x: unknown) => x)) as AppError;
    expect(unreachable).toMatchObject({ code: 'auth_unreachable', retryable: true });
    expect(unreachable.message).toMatch(/could not be reached/);
    // The API host's HTML 404 page / JSON error is not a token endpoint.
    const wrongHost = (await wire({ authUrl: sbx.baseUrl.replace('/api', ''), baseUrl: sbx.baseUrl }).tokens.getToken().catch((x: unknown) => x)) as AppError;
    expect(wrongHost.code).toBe('auth_bad_response');
    expect(wrongHost.message).toMatch(/Auth URL/);
  });

  it('retries a transient token-endpoint failure (503) but not an OAuth error', async () => {
    sbx.control.injectFault({ kind: 'error', status: 503 }, 1, 'token');
    const { tokens } = wire(sbx);
    await expect(tokens.getToken()).resolves.toMatch(/.+/);
    expect(tokenRequestCount(sbx)).toBe(1); // the 503 never reached the token route
    expect(tokens.requests).toBe(2);
  });

  it('uses the discovery document token_endpoint when the profile says so', async () => {
    const { tokens, log } = wire(sbx, { useDiscovery: true });
    await tokens.getToken();
    expect(log.list().map((e) => e.path)).toEqual(['/auth/.well-known/openid-configuration', '/auth/oauth2/token']);
  });

  it('renews early: 5 minutes before expiry, or 10% of a short lifetime', async () => {
    expect(renewalMargin(3600_000)).toBe(300_000);
    expect(renewalMargin(60_000)).toBe(6_000);
    let clock = Date.now();
    const { tokens } = wire(sbx, { now: () => clock });
    const first = await tokens.getToken();
    const st = tokens.status();
    expect(st.signedIn).toBe(true);
    expect(st.scope).toBe('api:use');
    expect(st.expiresAt! - st.renewsAt!).toBe(300_000);
    clock = st.renewsAt! - 1;
    expect(await tokens.getToken()).toBe(first);
    clock = st.renewsAt! + 1;
    const second = await tokens.getToken();
    expect(second).not.toBe(first);
    expect(tokenRequestCount(sbx)).toBe(2);
  });

  it('a token that expires during a long export is renewed with no failed call', async () => {
    sbx.control.setTokenTtl(2); // expires_in 1 s: renewed 10% before expiry, or replayed after a 401
    // The manager on the sandbox's clock, moved on 700 ms after each page: the token expires every few pages.
    const { api, tokens } = wire(sbx, { now: () => sbx.control.clock.now() });
    let pageToken: string | undefined;
    let rows = 0;
    const failures: unknown[] = [];
    for (let page = 0; page < 30; page++) {
      const res = await api.search({ body: SIMPLE_SEARCH, pageSize: 20, paginationToken: pageToken }).catch((e: unknown) => {
        failures.push(e);
        return null;
      });
      if (!res) break;
      rows += res.result.length;
      pageToken = res.pagination.next ?? undefined;
      if (!pageToken) break;
      sbx.control.advanceClock(700);
    }
    expect(failures).toEqual([]);
    expect(rows).toBeGreaterThan(100);
    expect(tokens.requests).toBeGreaterThan(3);
  });

  it('sends HTTP Basic with form-urlencoded id and secret', () => {
    const h = basicAuthHeader('id with space', 'p:ss&word');
    expect(Buffer.from(h.slice(6), 'base64').toString()).toBe('id+with+space:p%3Ass%26word');
    expect(basicAuthHeader(ANALYST.id, ANALYST.secret)).toBe(`Basic ${Buffer.from(`${ANALYST.id}:${ANALYST.secret}`).toString('base64')}`);
  });
});
