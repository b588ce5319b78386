// Issue 28 H1: a setting the page can change must never redirect a stored secret. The client secret is
// bound to the Auth URL and the proxy and CA it was entered with; the proxy password to the proxy
// address and user name. A save that changes them without the secret drops it (and says so), so a
// compromised page that points the profile at its own proxy, or trusts a CA it uploaded, gets nothing.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createCore } from '../../../../src/main/shells/compose/create-core';
import { createMemoryVault } from '../../../../src/main/platform/secrets/memory-vault';
import { SANDBOX_CLIENTS } from '../../../../src/sandbox/clients';
import type { SandboxHandle } from '../../../../src/sandbox/server';
import { ProfileInputSchema, type NetworkSettings } from '../../../../src/shared/profile';
import { startSmallSandbox, tempDir, testShell } from '../../../helpers/core-helpers';
import { startConnectProxy, type TestProxy } from '../../../helpers/net-helpers';
import { editStoredProfile } from '../../../helpers/settings-file';

const ctx = { signal: new AbortController().signal };
const SECRET = SANDBOX_CLIENTS.analyst.secret;
const USER = 'analyst';
const PASSWORD = 'proxy-canary-7f3a';
const PEM = '-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIU\n-----END CERTIFICATE-----\n';
let sandbox: SandboxHandle;
const cleanups: Array<() => unknown> = [];
beforeAll(async () => {
  sandbox = await startSmallSandbox();
});
afterAll(async () => sandbox.close());
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function boot() {
  const d = tempDir();
  const vault = createMemoryVault();
  const core = await createCore({ dataDir: d.dir, shell: testShell(), vault, sandbox: { companies: 200 } });
  cleanups.push(d.cleanup, () => core.close());
  return { core, vault, dir: d.dir };
}
async function proxy(requireAuth = true): Promise<TestProxy> {
  const p = await startConnectProxy(requireAuth ? { requireAuth: { username: USER, password: PASSWORD } } : {});
  cleanups.push(() => p.close());
  return p;
}
function input(network: Partial<NetworkSettings>, id?: string) {
  return ProfileInputSchema.parse({
    ...(id ? { id } : {}),
    name: 'Company',
    authUrl: sandbox.authUrl,
    baseUrl: sandbox.baseUrl,
    clientId: SANDBOX_CLIENTS.analyst.id,
    network: { proxy: 'system', proxyUrl: '', proxyUsername: '', caFile: '', ...network },
  });
}
function pemOutsideDataDir(): string {
  const d = tempDir();
  cleanups.push(d.cleanup);
  writeFileSync(join(d.dir, 'company-ca.pem'), PEM);
  return join(d.dir, 'company-ca.pem');
}
/** A profile going through a proxy that wants USER:PASSWORD, with both secrets stored and working. */
async function connectedThroughProxy() {
  const { core, vault, dir } = await boot();
  const good = await proxy();
  const c = core.handlers.profiles;
  const saved = await c.saveProfile({ profile: input({ proxy: 'url', proxyUrl: good.url, proxyUsername: USER }), secret: SECRET, proxyPassword: PASSWORD }, ctx);
  expect(saved).toMatchObject({ hasSecret: true, hasProxyPassword: true });
  expect(saved.dropped).toBeUndefined();
  expect((await c.testConnection({ id: saved.id }, ctx)).ok).toBe(true);
  expect(good.credentials).toContain(`${USER}:${PASSWORD}`);
  return { core, vault, dir, c, saved, good };
}

describe('both secrets stay put when the page moves the network path without them', () => {
  it('the audit scenario: a PEM uploaded as a bulk file is refused as CA; a new proxy address gets neither secret', async () => {
    const { c, core, vault, dir, saved } = await connectedThroughProxy();
    // The page uploads a certificate as "companies.csv" and points the CA setting at it.
    await core.handlers.match.uploadChunk({ fileName: 'companies.csv', totalBytes: PEM.length, offset: 0, data: Buffer.from(PEM).toString('base64'), last: true }, ctx);
    const uploaded = readdirSync(join(dir, 'uploads')).map((f) => join(dir, 'uploads', f));
    expect(uploaded).toHaveLength(1);
    expect(readFileSync(uploaded[0]!, 'utf8')).toBe(PEM);
    const hostile = await proxy(false);
    await expect(c.saveProfile({ profile: input({ proxy: 'url', proxyUrl: hostile.url, proxyUsername: USER, caFile: uploaded[0] }, saved.id) }, ctx)).rejects.toMatchObject({
      code: 'invalid_input',
      details: { field: 'caFile' },
    });
    // Without the CA: saved, but both secrets are gone, and the answer says so.
    const moved = await c.saveProfile({ profile: input({ proxy: 'url', proxyUrl: hostile.url, proxyUsername: USER }, saved.id) }, ctx);
    expect(moved).toMatchObject({ hasSecret: false, hasProxyPassword: false, dropped: ['secret', 'proxyPassword'] });
    expect(await vault.get(saved.id)).toBeNull();
    expect(await vault.get(`${saved.id}#proxy`)).toBeNull();
    const report = await c.testConnection({ id: saved.id }, ctx);
    expect(report.ok).toBe(false);
    expect(hostile.credentials.filter((cr) => cr.includes(PASSWORD))).toEqual([]);
    expect(hostile.tunnels).toEqual([]); // no token request (which would carry the client secret) went out
  });

  it('a new CA without the secret drops the client secret only; the proxy password stays with its proxy', async () => {
    const { c, saved, good } = await connectedThroughProxy();
    const view = await c.saveProfile({ profile: input({ proxy: 'url', proxyUrl: good.url, proxyUsername: USER, caFile: pemOutsideDataDir() }, saved.id) }, ctx);
    expect(view).toMatchObject({ hasSecret: false, hasProxyPassword: true, dropped: ['secret'] });
  });

  it('a new proxy user name drops the proxy password only', async () => {
    const { c, saved, good } = await connectedThroughProxy();
    const view = await c.saveProfile({ profile: input({ proxy: 'url', proxyUrl: good.url, proxyUsername: 'someone-else' }, saved.id) }, ctx);
    expect(view).toMatchObject({ hasSecret: true, hasProxyPassword: false, dropped: ['proxyPassword'] });
  });

  it('other changes keep both; the same save carrying them again keeps them for the new path', async () => {
    const { c, saved, good } = await connectedThroughProxy();
    const other = await proxy();
    const renamed = await c.saveProfile({ profile: { ...input({ proxy: 'url', proxyUrl: good.url, proxyUsername: USER }, saved.id), name: 'Company renamed' } }, ctx);
    expect(renamed).toMatchObject({ hasSecret: true, hasProxyPassword: true });
    expect(renamed.dropped).toBeUndefined();
    const moved = await c.saveProfile({ profile: input({ proxy: 'url', proxyUrl: other.url, proxyUsername: USER }, saved.id), secret: SECRET, proxyPassword: PASSWORD }, ctx);
    expect(moved).toMatchObject({ hasSecret: true, hasProxyPassword: true });
    expect(moved.dropped).toBeUndefined();
    expect((await c.testConnection({ id: saved.id }, ctx)).ok).toBe(true);
    expect(other.credentials).toContain(`${USER}:${PASSWORD}`);
  });

  it('a settings file edited by hand to another proxy: neither secret is handed out', async () => {
    const { core, dir, saved } = await connectedThroughProxy();
    await core.close();
    const hostile = await proxy(false);
    editStoredProfile(dir, saved.id, (p) => (p.network.proxyUrl = hostile.url));
    const vault = createMemoryVault();
    await vault.set(saved.id, SECRET);
    await vault.set(`${saved.id}#proxy`, PASSWORD);
    const core2 = await createCore({ dataDir: dir, shell: testShell(), vault, sandbox: { companies: 200 } });
    cleanups.push(() => core2.close());
    const status = await core2.handlers.profiles.activate({ id: saved.id }, ctx);
    expect(status.state).toBe('error');
    const view = (await core2.handlers.profiles.listProfiles(undefined, ctx)).profiles.find((p) => p.id === saved.id)!;
    expect(view).toMatchObject({ hasSecret: false, hasProxyPassword: false });
    expect(hostile.credentials.filter((cr) => cr.includes(PASSWORD))).toEqual([]);
    expect(hostile.tunnels).toEqual([]);
  });
});
