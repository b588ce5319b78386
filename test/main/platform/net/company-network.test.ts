// Browser mode inside a company network, end to end through the core: a forwarding CONNECT proxy in
// front of the sandbox (environment proxy, NO_PROXY, the profile's own proxy with credentials from the
// vault) and the sandbox over TLS with a certificate from a CA made at test time.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createCore } from '../../../../src/main/shells/compose/create-core';
import { createNodeNetwork } from '../../../../src/main/platform/net/node-network';
import { PROXY_AUTH_MISSING, PROXY_AUTH_REFUSED, PROXY_PASSWORD_MISSING, PROXY_REFUSED, UNKNOWN_AUTHORITY } from '../../../../src/main/platform/net/network-errors';
import { createMemoryVault } from '../../../../src/main/platform/secrets/memory-vault';
import { SETTINGS_NAME } from '../../../../src/main/platform/settings/settings-store';
import { SANDBOX_CLIENTS } from '../../../../src/sandbox/clients';
import type { SandboxHandle } from '../../../../src/sandbox/server';
import type { NetworkSettings } from '../../../../src/shared/profile';
import { startSmallSandbox, tempDir, testShell } from '../../../helpers/core-helpers';
import { generateTestCa, startConnectProxy, startTlsFront, type TestCa } from '../../../helpers/net-helpers';

const ctx = { signal: new AbortController().signal };
const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

let sandbox: SandboxHandle;
let sandboxHost: string;
let ca: TestCa;
let tls: { port: number; close(): Promise<void> };
beforeAll(async () => {
  sandbox = await startSmallSandbox();
  sandboxHost = `127.0.0.1:${sandbox.port}`;
  ca = generateTestCa();
  tls = await startTlsFront(sandbox.port, { key: ca.serverKey, cert: ca.serverCert });
});
afterAll(async () => {
  await tls.close();
  ca.cleanup();
  await sandbox.close();
});

async function boot(env: NodeJS.ProcessEnv = {}) {
  const d = tempDir();
  const vault = createMemoryVault();
  const core = await createCore({ dataDir: d.dir, shell: testShell(), vault, sandbox: false, network: createNodeNetwork(env) });
  cleanups.push(d.cleanup, () => core.close());
  return { core, vault, dir: d.dir };
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

async function test(core: Awaited<ReturnType<typeof boot>>['core'], input: ReturnType<typeof profile>, proxyPassword?: string) {
  const saved = await core.handlers.profiles.saveProfile({ profile: input, secret: SANDBOX_CLIENTS.analyst.secret, proxyPassword }, ctx);
  const report = await core.handlers.profiles.testConnection({ id: saved.id }, ctx);
  return { saved, report, failure: report.steps.find((s) => !s.ok)?.message ?? '' };
}

describe('proxy from the environment (proxy: system)', () => {
  it('sends the token request and the API calls through HTTPS_PROXY / HTTP_PROXY', async () => {
    const proxy = await startConnectProxy();
    cleanups.push(() => proxy.close());
    const { core } = await boot({ HTTP_PROXY: proxy.url, HTTPS_PROXY: proxy.url });
    const { report } = await test(core, profile({ proxy: 'system' }));
    expect(report.ok).toBe(true);
    expect(proxy.tunnels.length).toBeGreaterThanOrEqual(1);
    expect(new Set(proxy.tunnels)).toEqual(new Set([sandboxHost]));
  });

  it('NO_PROXY bypasses it', async () => {
    const proxy = await startConnectProxy();
    cleanups.push(() => proxy.close());
    const { core } = await boot({ HTTP_PROXY: proxy.url, HTTPS_PROXY: proxy.url, NO_PROXY: '127.0.0.1' });
    const { report } = await test(core, profile({ proxy: 'system' }));
    expect(report.ok).toBe(true);
    expect(proxy.tunnels).toEqual([]);
  });

  it('"none" on the profile goes direct whatever the environment says', async () => {
    const proxy = await startConnectProxy();
    cleanups.push(() => proxy.close());
    const { core } = await boot({ HTTP_PROXY: proxy.url, HTTPS_PROXY: proxy.url });
    const { report } = await test(core, profile({ proxy: 'none' }));
    expect(report.ok).toBe(true);
    expect(proxy.tunnels).toEqual([]);
  });

  it('a proxy that is not there: "the proxy refused the connection"', async () => {
    const gone = await startConnectProxy();
    await gone.close();
    const { core } = await boot({ HTTP_PROXY: gone.url, HTTPS_PROXY: gone.url });
    const { report, failure } = await test(core, profile({ proxy: 'system' }));
    expect(report.ok).toBe(false);
    expect(failure).toContain(PROXY_REFUSED);
  });
});

describe("the profile's own proxy (proxy: url) with credentials in the vault", () => {
  const auth = { username: 'analyst', password: 'pr0xy-CANARY-31337' };

  it('gets the credentials it demands; the password stays in the vault, never in the settings file', async () => {
    const proxy = await startConnectProxy({ requireAuth: auth });
    cleanups.push(() => proxy.close());
    const { core, vault, dir } = await boot();
    const { report, saved } = await test(core, profile({ proxy: 'url', proxyUrl: proxy.url, proxyUsername: auth.username }), auth.password);
    expect(report.ok).toBe(true);
    expect(proxy.tunnels.length).toBeGreaterThanOrEqual(1);
    expect(proxy.credentials.every((c) => c === `${auth.username}:${auth.password}`)).toBe(true);
    expect(saved.hasProxyPassword).toBe(true);
    expect(await vault.get(`${saved.id}#proxy`)).toBe(auth.password);
    expect(readFileSync(join(dir, `${SETTINGS_NAME}.json`), 'utf8')).not.toContain(auth.password);
    expect(JSON.stringify(saved)).not.toContain(auth.password);
  });

  it('without credentials, or with wrong ones, the error says so', async () => {
    const proxy = await startConnectProxy({ requireAuth: auth });
    cleanups.push(() => proxy.close());
    const { core } = await boot();
    const missing = await test(core, profile({ proxy: 'url', proxyUrl: proxy.url }));
    expect(missing.failure).toContain(PROXY_AUTH_MISSING);
    const wrong = await test(core, profile({ proxy: 'url', proxyUrl: proxy.url, proxyUsername: auth.username }), 'not-it');
    expect(wrong.failure).toContain(PROXY_AUTH_REFUSED);
    expect(wrong.failure).toContain('the proxy refused the user name and password');
    expect(proxy.tunnels).toEqual([]);
  });

  it('a user name with no stored password: "the proxy asks for a password", not "refused"', async () => {
    const proxy = await startConnectProxy({ requireAuth: auth });
    cleanups.push(() => proxy.close());
    const { core } = await boot();
    const noPassword = await test(core, profile({ proxy: 'url', proxyUrl: proxy.url, proxyUsername: auth.username }));
    expect(noPassword.saved.hasProxyPassword).toBe(false);
    expect(noPassword.failure).toContain(PROXY_PASSWORD_MISSING);
    expect(noPassword.failure).not.toContain('refused');
    expect(proxy.tunnels).toEqual([]);
  });

  it('switching the proxy off removes its password from the vault', async () => {
    const { core, vault } = await boot();
    const { saved } = await test(core, profile({ proxy: 'url', proxyUrl: 'http://127.0.0.1:9', proxyUsername: auth.username }), auth.password);
    expect(await vault.get(`${saved.id}#proxy`)).toBe(auth.password);
    await core.handlers.profiles.saveProfile({ profile: { ...profile({ proxy: 'none' }), id: saved.id } }, ctx);
    expect(await vault.get(`${saved.id}#proxy`)).toBeNull();
  });

  it('refuses credentials inside the proxy address (they would land in the settings file)', async () => {
    const { core } = await boot();
    await expect(
      core.handlers.profiles.saveProfile({ profile: profile({ proxy: 'url', proxyUrl: 'http://bob:secret@proxy.example.com:8080' }) }, ctx),
    ).rejects.toMatchObject({ message: expect.stringMatching(/user name and password/) });
  });
});

describe('the service over TLS signed by a company CA', () => {
  const httpsUrls = () => ({ authUrl: `https://127.0.0.1:${tls.port}/auth`, baseUrl: `https://127.0.0.1:${tls.port}/api` });

  it('is refused without the CA, naming the cause', async () => {
    const { core } = await boot();
    const { report, failure } = await test(core, profile({}, httpsUrls()));
    expect(report.ok).toBe(false);
    expect(failure).toContain(UNKNOWN_AUTHORITY);
  });

  it('is accepted with the CA file set on the profile (that profile only)', async () => {
    const { core } = await boot();
    const withCa = await test(core, profile({ caFile: ca.caFile }, httpsUrls()));
    expect(withCa.report.ok).toBe(true);
    const other = await test(core, profile({}, httpsUrls()));
    expect(other.failure).toContain(UNKNOWN_AUTHORITY);
  });

  it('works through the proxy too (TLS inside the CONNECT tunnel)', async () => {
    const proxy = await startConnectProxy();
    cleanups.push(() => proxy.close());
    const { core } = await boot();
    const { report } = await test(core, profile({ proxy: 'url', proxyUrl: proxy.url, caFile: ca.caFile }, httpsUrls()));
    expect(report.ok).toBe(true);
    expect(new Set(proxy.tunnels)).toEqual(new Set([`127.0.0.1:${tls.port}`]));
  });

  it('a CA file that is missing or not PEM is refused on save, next to its field; nothing is saved', async () => {
    const { core } = await boot();
    for (const caFile of [join(ca.caFile, '..', 'nope.pem'), join(ca.caFile, '..', 'ext.cnf')]) {
      const save = core.handlers.profiles.saveProfile({ profile: profile({ caFile }, httpsUrls()), secret: SANDBOX_CLIENTS.analyst.secret }, ctx);
      await expect(save).rejects.toMatchObject({ code: 'invalid_input', details: { field: 'caFile' } });
      await expect(save).rejects.toThrow(/could not be used: choose a PEM certificate file/);
    }
    expect((await core.handlers.profiles.listProfiles(undefined, ctx)).profiles.filter((p) => p.name === 'Company')).toEqual([]);
  });

  it('a CA file that went missing after it was saved is said in words at the next connection', async () => {
    const { core } = await boot();
    const tmp = tempDir();
    cleanups.push(() => tmp.cleanup());
    const copy = join(tmp.dir, 'company-ca.pem');
    writeFileSync(copy, readFileSync(ca.caFile));
    const saved = await core.handlers.profiles.saveProfile({ profile: profile({ caFile: copy }, httpsUrls()), secret: SANDBOX_CLIENTS.analyst.secret }, ctx);
    rmSync(copy);
    const report = await core.handlers.profiles.testConnection({ id: saved.id }, ctx);
    expect(report.steps.find((s) => !s.ok)?.message).toMatch(/company-ca\.pem could not be used: choose a PEM certificate file/);
  });
});
