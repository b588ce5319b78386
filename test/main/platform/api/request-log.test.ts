// The request log as support reads it: a failed call shows the service's `error` and `message`
// (401 and 403 included), every entry has a cURL line with `$TOKEN` for the credential, and a
// planted canary token and secret never appear anywhere in it, even when the service echoes them.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createRequestLog, MAX_KEPT_BODY } from '../../../../src/main/platform/api/request-log';
import { realClient } from '../../../helpers/real-client';

const CANARY_TOKEN = 'CANARYTOKEN0123456789abcdef';
const CANARY_SECRET = 'CANARY-SECRET-9f8e7d';
const CLIENT_ID = 'canary-client';

let server: Server | undefined;
afterEach(() => server?.close());

/** A service that hands out the canary token, then refuses it on search (echoing it) and denies ESG. */
async function hostileService(): Promise<string> {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const json = (status: number, value: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
      if (req.url === '/auth/oauth2/token') return json(200, { access_token: CANARY_TOKEN, token_type: 'Bearer', expires_in: 3600, scope: 'api:use' });
      if (req.url?.startsWith('/api/search/')) {
        return json(401, { error: 'invalid_token', message: `token ${CANARY_TOKEN} was not accepted (${req.headers.authorization})` });
      }
      if (req.url?.startsWith('/api/esg/')) return json(403, { error: 'forbidden', message: 'This client has no access to the ESG API' });
      if (req.url?.startsWith('/api/match/')) return res.writeHead(500, { 'content-type': 'text/plain' }).end(`upstream broke; client secret was ${CANARY_SECRET}`);
      return json(404, {});
    });
  });
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', () => r()));
  return `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
}

describe('request log', () => {
  it('keeps error and message of failed calls, offers cURL with $TOKEN, and never holds the token or the secret', async () => {
    const origin = await hostileService();
    const log = createRequestLog();
    const api = realClient({ authUrl: `${origin}/auth`, baseUrl: `${origin}/api` }, { id: CLIENT_ID, secret: CANARY_SECRET }, Date.now, log);
    await api.search({ body: { filters: { and: [{ attribute: 'country', relation: 'equals', value: 'DE' }] } }, pageSize: 10, paginationToken: 'opaque.token' }).catch(() => undefined);
    await api.esgModule({ companyId: '00000000-0000-4000-8000-000000000001', module: 'news' }).catch(() => undefined);
    await api.match({ name: 'x' }, { timeoutMs: 2000 }).catch(() => undefined);

    const entries = log.list();
    const everything = JSON.stringify(entries);
    expect(everything).not.toContain(CANARY_TOKEN);
    expect(everything).not.toContain(CANARY_SECRET);
    expect(everything).not.toContain(Buffer.from(`${CLIENT_ID}:${CANARY_SECRET}`).toString('base64'));
    expect(everything).not.toContain('opaque.token');

    const token = entries.find((e) => e.path === '/auth/oauth2/token')!;
    expect(token.curl).toBe(
      `curl -X POST '${origin}/auth/oauth2/token' -u "$CLIENT_ID:$CLIENT_SECRET" -H 'Content-Type: application/x-www-form-urlencoded' --data-raw 'grant_type=client_credentials&scope=api%3Ause'`,
    );
    const unauthorized = entries.find((e) => e.status === 401)!;
    expect(unauthorized).toMatchObject({ error: 'invalid_token', message: expect.stringContaining('was not accepted') });
    expect(unauthorized.message).toContain('[redacted]');
    expect(unauthorized.path).toBe('/api/search/v1/companies?page_size=10&pagination_token=…');
    expect(unauthorized.curl).toContain(`-H "Authorization: Bearer $TOKEN"`);
    expect(unauthorized.curl).toContain(`"${origin}/api/search/v1/companies?page_size=10&pagination_token=$PAGINATION_TOKEN"`);
    expect(unauthorized.curl).toContain(`--data-raw '{"filters":{"and":[{"attribute":"country","relation":"equals","value":"DE"}]}}'`);
    const forbidden = entries.find((e) => e.status === 403)!;
    expect(forbidden).toMatchObject({ error: 'forbidden', message: 'This client has no access to the ESG API' });
    const broken = entries.find((e) => e.status === 500)!;
    expect(broken.message).toBe('upstream broke; client secret was [redacted]');
    // Successful calls carry no error text.
    expect(token.error).toBeUndefined();
    expect(token.message).toBeUndefined();
  });

  it('says why the transport failed, and cuts huge bodies', () => {
    const log = createRequestLog();
    log.add({ at: 1, method: 'GET', url: 'http://127.0.0.1:9/x', durationMs: 3, attempt: 1, errorClass: 'network', failureText: 'Connection refused by 127.0.0.1:9' });
    log.add({
      at: 2,
      method: 'POST',
      url: 'http://h/api',
      status: 200,
      durationMs: 3,
      attempt: 1,
      headers: { 'content-type': 'application/json', authorization: 'Bearer zzz.yyy.xxx' },
      body: JSON.stringify({ v: 'a'.repeat(MAX_KEPT_BODY * 2) }),
    });
    const [refused, big] = log.list();
    expect(refused).toMatchObject({ errorClass: 'network', message: 'Connection refused by 127.0.0.1:9' });
    expect(big!.curl.length).toBeLessThan(MAX_KEPT_BODY + 300);
    expect(big!.curl).toContain(`# body cut at ${MAX_KEPT_BODY} characters`);
    expect(big!.curl).not.toContain('zzz.yyy.xxx');
  });

  it('names the proxy a request went through; its credentials only as placeholders', () => {
    const log = createRequestLog();
    const base = { at: 1, method: 'GET', url: 'https://api.example.com/x', status: 200, durationMs: 5, attempt: 1, headers: { authorization: 'Bearer t0k3n-canary' } };
    log.add({ ...base, proxy: { url: 'http://proxy.corp:3128', authenticated: true } });
    log.add({ ...base, proxy: { url: 'http://open-proxy.corp:8080', authenticated: false } });
    log.add(base);
    const [auth, open, direct] = log.list();
    expect(auth).toMatchObject({ proxy: 'http://proxy.corp:3128' });
    expect(auth!.curl).toBe(`curl -X GET 'https://api.example.com/x' -H "Authorization: Bearer $TOKEN" --proxy 'http://proxy.corp:3128' --proxy-user "$PROXY_USER:$PROXY_PASSWORD"`);
    expect(open!.curl).toBe(`curl -X GET 'https://api.example.com/x' -H "Authorization: Bearer $TOKEN" --proxy 'http://open-proxy.corp:8080'`);
    expect(direct!.curl).not.toContain('--proxy');
    expect(direct).not.toHaveProperty('proxy');
  });

  it('quotes for the shell: a quote in the body cannot end the argument', () => {
    const log = createRequestLog();
    log.add({ at: 1, method: 'POST', url: 'http://h/api', status: 400, durationMs: 1, attempt: 1, headers: { 'Content-Type': 'application/json' }, body: `{"v":"it's $(rm -rf)"}` });
    expect(log.list()[0]!.curl).toContain(`--data-raw '{"v":"it'\\''s $(rm -rf)"}'`);
  });
});
