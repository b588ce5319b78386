// Token endpoint, discovery and API authentication rules, over real HTTP.
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiscoveryDocumentSchema, OAuthErrorSchema, TokenResponseSchema } from '../../src/shared/service/schemas';
import { SANDBOX_CLIENTS } from '../../src/sandbox/clients';
import { ManualClock } from '../../src/sandbox/clock';
import type { SandboxHandle } from '../../src/sandbox/server';
import { apiPost, basic, byCountry, getToken, searchPath, start, tokenRequest } from './helpers';

let sb: SandboxHandle;
const clock = new ManualClock();
beforeAll(async () => {
  sb = await start({ clock, tokenTtlSeconds: 3600 });
});
afterAll(() => sb.close());

describe('discovery and token grant', () => {
  it('binds loopback and serves a discovery document pointing at the token endpoint', async () => {
    expect(sb.authUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/auth$/);
    expect(sb.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api$/);
    const res = await fetch(`${sb.authUrl}/.well-known/openid-configuration`);
    expect(res.status).toBe(200);
    const doc = DiscoveryDocumentSchema.parse(await res.json());
    expect(doc.token_endpoint).toBe(`${sb.authUrl}/oauth2/token`);
    expect(doc.issuer).toBe(sb.authUrl);
  });

  it('grants a Bearer token with scope api:use and expires_in slightly under the lifetime', async () => {
    const res = await tokenRequest(sb, SANDBOX_CLIENTS.analyst);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = TokenResponseSchema.parse(await res.json());
    expect(body.token_type).toBe('Bearer');
    expect(body.scope).toBe('api:use');
    expect(body.expires_in).toBeLessThan(3600);
    expect(body.expires_in).toBeGreaterThan(3500);
    expect(body.access_token.length).toBeGreaterThanOrEqual(40);
    const again = TokenResponseSchema.parse(await (await tokenRequest(sb, SANDBOX_CLIENTS.analyst)).json());
    expect(again.access_token).not.toBe(body.access_token);
  });

  it('decodes form-urlencoded Basic credentials (RFC 6749 §2.3.1)', async () => {
    // "sandbox%2Danalyst" is the form-encoding of "sandbox-analyst".
    const auth = `Basic ${Buffer.from('sandbox%2Danalyst:sandbox%2Danalyst%2Dsecret').toString('base64')}`;
    const res = await tokenRequest(sb, null, undefined, { authorization: auth });
    expect(res.status).toBe(200);
  });

  it('works with openid-client v6 client credentials driven from discovery', async () => {
    const config = await oidc.discovery(
      new URL(sb.authUrl),
      SANDBOX_CLIENTS.analyst.id,
      undefined,
      oidc.ClientSecretBasic(SANDBOX_CLIENTS.analyst.secret),
      { execute: [oidc.allowInsecureRequests] },
    );
    expect(config.serverMetadata().token_endpoint).toBe(`${sb.authUrl}/oauth2/token`);
    const tokens = await oidc.clientCredentialsGrant(config, { scope: 'api:use' });
    expect(tokens.token_type.toLowerCase()).toBe('bearer');
    expect(tokens.expiresIn()).toBeGreaterThan(3500);
    const search = await apiPost(sb, tokens.access_token, searchPath(), byCountry('DE'));
    expect(search.status).toBe(200);
  });
});

describe('token endpoint errors (spec table, RFC 6749 §5.2 bodies)', () => {
  const cases: [string, () => Promise<Response>, number, string, string?][] = [
    ['missing credentials', () => tokenRequest(sb, null), 400, 'invalid_scope'],
    ['missing scope', () => tokenRequest(sb, SANDBOX_CLIENTS.analyst, { grant_type: 'client_credentials' }), 400, 'invalid_scope'],
    ['unknown scope', () => tokenRequest(sb, SANDBOX_CLIENTS.analyst, { grant_type: 'client_credentials', scope: 'admin' }), 400, 'invalid_scope'],
    ['missing grant_type', () => tokenRequest(sb, SANDBOX_CLIENTS.analyst, { scope: 'api:use' }), 400, 'invalid_scope'],
    ['unsupported grant', () => tokenRequest(sb, SANDBOX_CLIENTS.analyst, { grant_type: 'password', scope: 'api:use' }), 400, 'invalid_scope'],
    ['JSON body', () => fetch(`${sb.authUrl}/oauth2/token`, { method: 'POST', headers: { authorization: basic('sandbox-analyst', 'sandbox-analyst-secret'), 'content-type': 'application/json' }, body: '{"grant_type":"client_credentials","scope":"api:use"}' }), 400, 'invalid_scope'],
    ['wrong secret', () => tokenRequest(sb, { id: 'sandbox-analyst', secret: 'nope' }), 401, 'invalid_client'],
    ['unknown client', () => tokenRequest(sb, { id: 'who', secret: 'x' }), 401, 'invalid_client'],
    ['pending account', () => tokenRequest(sb, SANDBOX_CLIENTS.pending), 403, 'access_denied', 'account has not been setup.'],
    ['disabled account', () => tokenRequest(sb, SANDBOX_CLIENTS.disabled), 403, 'access_denied', 'account has been disabled'],
  ];
  for (const [name, send, status, error, description] of cases) {
    it(`${name} → ${status} ${error}`, async () => {
      const res = await send();
      expect(res.status).toBe(status);
      const body = OAuthErrorSchema.parse(await res.json());
      expect(body.error).toBe(error);
      if (description) expect(body.error_description).toBe(description);
      if (status === 401) expect(res.headers.get('www-authenticate')).toMatch(/^Basic realm=/);
    });
  }
});

describe('bearer tokens on the API', () => {
  it('answers 401 for a missing, unknown or malformed token', async () => {
    for (const token of [null, 'sbx_unknown']) {
      const res = await apiPost(sb, token, searchPath(), byCountry('DE'));
      expect(res.status).toBe(401);
      expect(res.body.error).toBe('invalid_token');
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer /);
    }
    const res = await fetch(`${sb.baseUrl}${searchPath()}`, { method: 'POST', headers: { authorization: 'Basic abc', 'content-type': 'application/json' }, body: '{}' });
    expect(res.status).toBe(401);
  });

  it('checks the token before parsing the body', async () => {
    const res = await apiPost(sb, null, searchPath(), '{not json', true);
    expect(res.status).toBe(401);
  });

  it('expires tokens after the lifetime on the sandbox clock', async () => {
    const token = await getToken(sb);
    clock.advance(3599_000);
    expect((await apiPost(sb, token, searchPath(), byCountry('DE'))).status).toBe(200);
    clock.advance(1_000);
    const res = await apiPost(sb, token, searchPath(), byCountry('DE'));
    expect(res.status).toBe(401);
    expect(res.body.message).toMatch(/expired/);
  });

  it('control can revoke or expire every token', async () => {
    const a = await getToken(sb);
    sb.control.revokeAllTokens();
    expect((await apiPost(sb, a, searchPath(), byCountry('DE'))).status).toBe(401);
    const b = await getToken(sb);
    sb.control.expireAllTokens();
    expect((await apiPost(sb, b, searchPath(), byCountry('DE'))).status).toBe(401);
    const c = await getToken(sb);
    expect((await apiPost(sb, c, searchPath(), byCountry('DE'))).status).toBe(200);
  });

  it('counts token requests in stats', async () => {
    sb.control.resetStats();
    await getToken(sb);
    await tokenRequest(sb, SANDBOX_CLIENTS.disabled);
    const stats = sb.control.stats();
    expect(stats.tokensIssued).toBe(1);
    expect(stats.tokenRequests.map((r) => r.status)).toEqual([200, 403]);
  });
});
