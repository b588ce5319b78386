// Authentication failures are never retried by the app on its own and name their real cause and
// place (issue 36 #11). Behind a real squid with Basic auth a wrong proxy password was sent 12 times
// by one search (the token layer's 3 tries x the API layer's 4), again by every live count and every
// Retry: a directory behind the proxy locks the account after a few. Here each action of the analyst
// sends it once, counted in squid's own access log; the live count sends nothing; a certificate the
// profile does not trust is tried once per action, counted at the TLS server. Every call goes through
// the bridge dispatcher, as the shells make it. And a request made through the proxy copies as a
// cURL line that names it (issue 39 #8): run by the real curl, it goes through squid again.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RequestLogEntry } from '../../../../src/shared/bridge/groups/diagnostics';
import { createDispatcher } from '../../../../src/main/platform/bridge/dispatcher';
import { createNodeNetwork } from '../../../../src/main/platform/net/node-network';
import { PROXY_AUTH_REFUSED, UNKNOWN_AUTHORITY } from '../../../../src/main/platform/net/network-errors';
import { createMemoryVault } from '../../../../src/main/platform/secrets/memory-vault';
import { createCore } from '../../../../src/main/shells/compose/create-core';
import { SANDBOX_CLIENTS } from '../../../../src/sandbox/clients';
import type { SandboxHandle } from '../../../../src/sandbox/server';
import { fnChannel } from '../../../../src/shared/bridge/define';
import { bridgeTable } from '../../../../src/shared/bridge/table';
import type { BridgeError, Result } from '../../../../src/shared/errors';
import type { NetworkSettings } from '../../../../src/shared/profile';
import { SIMPLE_SEARCH, startSmallSandbox, tempDir, testShell, tokenRequestCount } from '../../../helpers/core-helpers';
import { generateTestCa, startTlsFront, type TestCa } from '../../../helpers/net-helpers';
import { squidMissing, startSquid, type Squid } from '../../../helpers/squid';

const execFileAsync = promisify(execFile);
const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const PROXY_USER = { username: 'analyst', password: 'the-right-one' };
const noSquid = squidMissing();
let sandbox: SandboxHandle;
let ca: TestCa;
let tls: Awaited<ReturnType<typeof startTlsFront>>;
let squid: Squid | null = null;
beforeAll(async () => {
  sandbox = await startSmallSandbox();
  ca = generateTestCa();
  tls = await startTlsFront(sandbox.port, { key: ca.serverKey, cert: ca.serverCert });
  if (!noSquid) squid = await startSquid(PROXY_USER);
});
afterAll(async () => {
  await squid?.close();
  await tls.close();
  ca.cleanup();
  await sandbox.close();
});

/** A core with its own network (environment `env`), called through the dispatcher like a shell does. */
async function boot(env: NodeJS.ProcessEnv = {}) {
  const d = tempDir();
  const core = await createCore({ dataDir: d.dir, shell: testShell(), vault: createMemoryVault(), sandbox: false, network: createNodeNetwork(env) });
  cleanups.push(d.cleanup, () => core.close());
  const dispatch = createDispatcher(bridgeTable, core.handlers);
  const ctx = { signal: new AbortController().signal };
  const call = async <T = unknown>(group: string, name: string, input?: unknown) => (await dispatch.call(fnChannel(group, name), input, ctx)) as Result<T>;
  const value = async <T>(group: string, name: string, input?: unknown): Promise<T> => {
    const r = await call<T>(group, name, input);
    if (!r.ok) throw new Error(`${group}.${name} failed: ${r.error.message}`);
    return r.value;
  };
  const failure = async (group: string, name: string, input?: unknown): Promise<BridgeError> => {
    const r = await call(group, name, input);
    if (r.ok) throw new Error(`${group}.${name} succeeded`);
    return r.error;
  };
  return { value, failure };
}

function profile(network: Partial<NetworkSettings>, urls = { authUrl: sandbox.authUrl, baseUrl: sandbox.baseUrl }) {
  return {
    name: 'Company',
    ...urls,
    clientId: SANDBOX_CLIENTS.analyst.id,
    scope: 'api:use',
    useDiscovery: false,
    searchPath: '/search/v1/companies',
    esgModulePathTemplate: '/esg/v1/companies/{company_id}/{module}',
    esgStatusPathTemplate: '/esg/v1/processing/{session_id}',
    matchPath: '/match/v5/companies',
    matchPayloadTemplate: null,
    network: { proxy: 'system' as const, proxyUrl: '', proxyUsername: '', caFile: '', ...network },
  };
}

const httpsUrls = () => ({ authUrl: `https://127.0.0.1:${tls.port}/auth`, baseUrl: `https://127.0.0.1:${tls.port}/api` });
const search = { body: SIMPLE_SEARCH, pageSize: 10 };

describe.skipIf(noSquid)('a proxy that refuses the password (real squid, Basic auth)', () => {
  /** The 407s squid gave the analyst's user name so far. */
  const refusals = async () => (await squid!.requests()).filter((l) => l.status === 407 && l.user === PROXY_USER.username).length;

  it('from Settings → Network: once per action of the analyst, never by the live count; the error names the proxy and that place', async () => {
    const { value, failure } = await boot();
    const proxied = profile({ proxy: 'url', proxyUrl: squid!.url, proxyUsername: PROXY_USER.username });
    const before = await refusals();
    const saved = await value<{ id: string }>('profiles', 'saveProfile', { profile: proxied, secret: SANDBOX_CLIENTS.analyst.secret, proxyPassword: 'not-the-one' });
    const status = await value<{ state: string; error?: BridgeError }>('profiles', 'activate', { id: saved.id });
    expect(await refusals()).toBe(before + 1);
    expect(status).toMatchObject({ state: 'error', error: { code: 'auth_proxy', retryable: false } });

    const e = await failure('search', 'start', search);
    expect(await refusals()).toBe(before + 2);
    expect(e).toMatchObject({ code: 'auth_proxy', retryable: false });
    expect(e.message).toContain(PROXY_AUTH_REFUSED);
    expect(e.message).not.toMatch(/could not be reached|Auth URL/);

    // The live count while filters are edited: the refused password is not sent.
    for (let i = 0; i < 3; i++) expect(await failure('search', 'countMatches', { body: SIMPLE_SEARCH })).toMatchObject({ code: 'auth_proxy' });
    expect(await refusals()).toBe(before + 2);

    // Retry and Test connection are the analyst asking: one more send each.
    await failure('search', 'start', search);
    expect(await refusals()).toBe(before + 3);
    const report = await value<{ ok: boolean; steps: Array<{ ok: boolean; message: string }> }>('profiles', 'testConnection', { id: saved.id });
    expect(report.ok).toBe(false);
    expect(report.steps.find((s) => !s.ok)?.message).toContain(PROXY_AUTH_REFUSED);
    expect(await refusals()).toBe(before + 4);

    // The right password is another credential: it goes at once, and the live count works again.
    await value('profiles', 'saveProfile', { profile: { ...proxied, id: saved.id }, proxyPassword: PROXY_USER.password });
    await value('profiles', 'activate', { id: saved.id });
    expect((await value<{ count: number }>('search', 'start', search)).count).toBeGreaterThan(0);
    expect((await value<{ count: number }>('search', 'countMatches', { body: SIMPLE_SEARCH })).count).toBeGreaterThan(0);
    expect(await refusals()).toBe(before + 4);
  });

  it('from the HTTPS_PROXY environment variable: sent once, and blamed on that variable, not on Settings → Network', async () => {
    const wrong = new URL(squid!.url);
    wrong.username = PROXY_USER.username;
    wrong.password = 'not-the-one';
    const { value, failure } = await boot({ HTTPS_PROXY: wrong.toString() });
    const before = await refusals();
    const saved = await value<{ id: string }>('profiles', 'saveProfile', { profile: profile({ proxy: 'system', caFile: ca.caFile }, httpsUrls()), secret: SANDBOX_CLIENTS.analyst.secret });
    await value('profiles', 'activate', { id: saved.id });
    const e = await failure('search', 'start', search);
    expect(e.code).toBe('auth_proxy');
    expect(e.message).toContain('the proxy refused the user name and password in the HTTPS_PROXY environment variable');
    expect(e.message).not.toContain(PROXY_AUTH_REFUSED);
    await failure('search', 'countMatches', { body: SIMPLE_SEARCH });
    expect(await refusals()).toBe(before + 2);
  });
});

describe.skipIf(noSquid)('Copy as cURL through the proxy (real squid, real curl)', () => {
  it('names the proxy with placeholders for its credentials; the lines, run by curl, go through it and get the same answer', async () => {
    const { value } = await boot();
    const proxied = profile({ proxy: 'url', proxyUrl: squid!.url, proxyUsername: PROXY_USER.username });
    const saved = await value<{ id: string }>('profiles', 'saveProfile', { profile: proxied, secret: SANDBOX_CLIENTS.analyst.secret, proxyPassword: PROXY_USER.password });
    await value('profiles', 'activate', { id: saved.id });
    const found = await value<{ count: number }>('search', 'start', search);
    const log = await value<RequestLogEntry[]>('diagnostics', 'requestLog');
    const token = log.find((e) => e.curl.includes('$CLIENT_ID:$CLIENT_SECRET'))!;
    const searched = log.findLast((e) => e.method === 'POST' && e.path.startsWith('/api/search/'))!;
    const via = `--proxy '${new URL(squid!.url).origin}' --proxy-user "$PROXY_USER:$PROXY_PASSWORD"`;
    for (const e of [token, searched]) {
      expect(e.proxy).toBe(new URL(squid!.url).origin);
      expect(e.curl).toContain(via);
    }
    expect(JSON.stringify(log)).not.toContain(PROXY_USER.password);

    // The lines as copied, run by curl with the placeholders set: through squid, signed in, same answer.
    const before = (await squid!.requests()).length;
    const env = { PATH: process.env.PATH, PROXY_USER: PROXY_USER.username, PROXY_PASSWORD: PROXY_USER.password, CLIENT_ID: SANDBOX_CLIENTS.analyst.id, CLIENT_SECRET: SANDBOX_CLIENTS.analyst.secret };
    // Asynchronously: the sandbox answering curl runs in this process.
    const run = async (line: string, extra: Record<string, string> = {}) => JSON.parse((await execFileAsync('bash', ['-c', `${line} --silent --show-error`], { env: { ...env, ...extra }, encoding: 'utf8', timeout: 30_000 })).stdout) as Record<string, unknown>;
    const { access_token } = (await run(token.curl)) as { access_token: string };
    expect(await run(searched.curl, { TOKEN: access_token })).toMatchObject({ count: found.count });
    const lines = (await squid!.requests()).slice(before);
    expect(lines.map((l) => [l.method, l.status, l.user])).toEqual([['POST', 200, PROXY_USER.username], ['POST', 200, PROXY_USER.username]]);
  });
});

describe('a certificate the profile does not trust', () => {
  it('is tried once per action (counted at the server) and named as a certificate problem, not an unreachable server', async () => {
    const { value, failure } = await boot();
    const saved = await value<{ id: string }>('profiles', 'saveProfile', { profile: profile({}, httpsUrls()), secret: SANDBOX_CLIENTS.analyst.secret });
    const before = tls.connections;
    const status = await value<{ state: string; error?: BridgeError }>('profiles', 'activate', { id: saved.id });
    expect(tls.connections).toBe(before + 1);
    expect(status.error).toMatchObject({ code: 'auth_certificate', retryable: false });
    const e = await failure('search', 'start', search);
    expect(tls.connections).toBe(before + 2);
    expect(e.code).toBe('auth_certificate');
    expect(e.message).toContain(UNKNOWN_AUTHORITY);
    expect(e.message).toContain('authorization server');
    expect(e.message).not.toMatch(/could not be reached|Auth URL/);
  });
});

describe('a client secret the authorization server refuses (invalid_client)', () => {
  it('is sent once per action, never again by the live count, and names the client credentials; a new secret goes at once', async () => {
    const { value, failure } = await boot();
    const saved = await value<{ id: string }>('profiles', 'saveProfile', { profile: profile({ proxy: 'none' }), secret: 'not-the-secret' });
    await value('profiles', 'activate', { id: saved.id });
    const before = tokenRequestCount(sandbox);
    const e = await failure('search', 'start', search);
    expect(tokenRequestCount(sandbox)).toBe(before + 1);
    expect(e).toMatchObject({ code: 'auth_invalid_client', retryable: false });
    expect(e.message).toContain(`The client ID "${SANDBOX_CLIENTS.analyst.id}" or its secret was not accepted`);
    // The live count at every edit is the app's own doing: the refused secret stays home, with the same message.
    for (let i = 0; i < 3; i++) expect(await failure('search', 'countMatches', { body: SIMPLE_SEARCH })).toMatchObject({ code: 'auth_invalid_client' });
    expect(tokenRequestCount(sandbox)).toBe(before + 1);
    // Search again is the analyst asking: one more send.
    await failure('search', 'start', search);
    expect(tokenRequestCount(sandbox)).toBe(before + 2);
    // The right secret is another credential: it goes at once, the live count included.
    await value('profiles', 'saveProfile', { profile: { ...profile({ proxy: 'none' }), id: saved.id }, secret: SANDBOX_CLIENTS.analyst.secret });
    expect((await value<{ count: number }>('search', 'countMatches', { body: SIMPLE_SEARCH })).count).toBeGreaterThan(0);
  });
});
