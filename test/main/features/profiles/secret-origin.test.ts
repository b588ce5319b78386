// A stored secret never leaves the origin it was entered for: a new Auth URL drops it (and asks
// again), discovery may not point the token endpoint elsewhere, and profiles need https unless they
// stay on this computer. The "hostile" server records every request it gets.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createCore } from '../../../../src/main/shells/compose/create-core';
import { createMemoryVault } from '../../../../src/main/platform/secrets/memory-vault';
import type { SandboxHandle } from '../../../../src/sandbox/server';
import { SANDBOX_CLIENTS } from '../../../../src/sandbox/clients';
import { HTTPS_REQUIRED_MESSAGE, ProfileInputSchema } from '../../../../src/shared/profile';
import { validateForm, emptyForm } from '../../../../src/renderer/profiles/profile-form';
import { startSmallSandbox, tempDir, testShell } from '../../../helpers/core-helpers';
import { editStoredProfile } from '../../../helpers/settings-file';

const ctx = { signal: new AbortController().signal };
const SECRET = SANDBOX_CLIENTS.analyst.secret;
let sandbox: SandboxHandle;
let hostile: { server: Server; origin: string; seen: Array<{ url: string; authorization?: string; body: string }>; discovery?: unknown };

beforeAll(async () => {
  sandbox = await startSmallSandbox();
  const seen: Array<{ url: string; authorization?: string; body: string }> = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.push({ url: req.url ?? '', authorization: req.headers.authorization, body });
      if (req.url?.endsWith('/.well-known/openid-configuration') && hostile.discovery) {
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(JSON.stringify(hostile.discovery));
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ access_token: 'stolen', token_type: 'Bearer', expires_in: 3600, scope: 'api:use' }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  hostile = { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
});
afterAll(async () => {
  await sandbox.close();
  await new Promise((r) => hostile.server.close(r));
});

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  hostile.seen.length = 0;
  hostile.discovery = undefined;
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function boot() {
  const d = tempDir();
  const vault = createMemoryVault();
  const core = await createCore({ dataDir: d.dir, shell: testShell(), vault, sandbox: { companies: 200 } });
  cleanups.push(d.cleanup, () => core.close());
  return { core, vault, dir: d.dir };
}

function input(over: Record<string, unknown> = {}) {
  return ProfileInputSchema.parse({ name: 'Acme', authUrl: sandbox.authUrl, baseUrl: sandbox.baseUrl, clientId: SANDBOX_CLIENTS.analyst.id, ...over });
}

const sentSecret = () => hostile.seen.filter((r) => r.authorization?.includes(Buffer.from(`${SANDBOX_CLIENTS.analyst.id}:${SECRET}`).toString('base64')));

describe('a secret is bound to its Auth URL', () => {
  it('re-saving with a new Auth URL and no new secret drops the stored secret; the new server never receives it', async () => {
    const { core, vault } = await boot();
    const c = core.handlers.profiles;
    const saved = await c.saveProfile({ profile: input(), secret: SECRET }, ctx);
    expect(saved.hasSecret).toBe(true);
    expect((await c.testConnection({ id: saved.id }, ctx)).ok).toBe(true);

    const moved = await c.saveProfile({ profile: input({ id: saved.id, authUrl: `${hostile.origin}/auth` }) }, ctx);
    expect(moved.hasSecret).toBe(false);
    expect(await vault.get(saved.id)).toBeNull();
    const status = await c.activate({ id: saved.id }, ctx);
    expect(status.state).toBe('error');
    expect(status.error?.code).toBe('not_configured');
    expect(status.error?.message).toMatch(/enter the client secret/);
    const report = await c.testConnection({ id: saved.id }, ctx);
    expect(report.ok).toBe(false);
    expect(sentSecret()).toEqual([]);
    expect(hostile.seen.filter((r) => r.authorization)).toEqual([]);

    // Entered again for the new server: now it is its secret.
    const again = await c.saveProfile({ profile: input({ id: saved.id, authUrl: `${hostile.origin}/auth` }), secret: 'for-the-new-server' }, ctx);
    expect(again.hasSecret).toBe(true);
  });

  it('keeps the secret when other fields change', async () => {
    const { core } = await boot();
    const c = core.handlers.profiles;
    const saved = await c.saveProfile({ profile: input(), secret: SECRET }, ctx);
    const renamed = await c.saveProfile({ profile: input({ id: saved.id, name: 'Acme renamed', scope: 'api:use' }) }, ctx);
    expect(renamed.hasSecret).toBe(true);
    expect((await c.testConnection({ id: saved.id }, ctx)).ok).toBe(true);
  });

  it('refuses to use a secret the settings file says was entered for another Auth URL (file edited by hand)', async () => {
    const { core, dir } = await boot();
    const c = core.handlers.profiles;
    const saved = await c.saveProfile({ profile: input(), secret: SECRET }, ctx);
    await core.close();
    editStoredProfile(dir, saved.id, (p) => (p.authUrl = `${hostile.origin}/auth`));
    const vault = createMemoryVault();
    await vault.set(saved.id, SECRET);
    const core2 = await createCore({ dataDir: dir, shell: testShell(), vault, sandbox: { companies: 200 } });
    cleanups.push(() => core2.close());
    const status = await core2.handlers.profiles.activate({ id: saved.id }, ctx);
    expect(status.state).toBe('error');
    expect(sentSecret()).toEqual([]);
  });

  it('discovery must name a token endpoint on the Auth URL origin, or sign-in fails clearly and sends nothing', async () => {
    const { core } = await boot();
    const c = core.handlers.profiles;
    // The discovery document lives on the hostile origin's sibling: serve one from a second server.
    const other = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ issuer: 'x', token_endpoint: `${hostile.origin}/steal` }));
    });
    await new Promise<void>((r) => other.listen(0, '127.0.0.1', () => r()));
    cleanups.push(() => new Promise((r) => other.close(r)));
    const authUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}/auth`;
    const saved = await c.saveProfile({ profile: input({ authUrl, useDiscovery: true }), secret: SECRET }, ctx);
    const status = await c.activate({ id: saved.id }, ctx);
    expect(status.state).toBe('error');
    expect(status.error?.code).toBe('auth_bad_response');
    expect(status.error?.message).toContain(`token endpoint on ${hostile.origin}, not on the Auth URL's server (${new URL(authUrl).origin})`);
    const report = await c.testConnection({ id: saved.id }, ctx);
    expect(report.steps[0]).toMatchObject({ step: 'discovery', ok: false });
    expect(hostile.seen).toEqual([]);

    for (const endpoint of ['javascript:alert(1)', 'file:///etc/passwd', 'not a url']) {
      other.removeAllListeners('request');
      other.on('request', (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ issuer: 'x', token_endpoint: endpoint }));
      });
      await c.saveProfile({ profile: input({ id: saved.id, authUrl, useDiscovery: true, name: endpoint.slice(0, 10) }), secret: SECRET }, ctx);
      const s = await c.activate({ id: saved.id }, ctx);
      expect(s.state).toBe('error');
      expect(s.error?.code).toBe('auth_bad_response');
    }
  });
});

describe('the access token goes only to the Base URL the secret was entered with', () => {
  const bearers = () => hostile.seen.filter((r) => r.authorization?.startsWith('Bearer'));

  it('a new Base URL without the secret drops it: no token is earned, so the new host never receives one', async () => {
    const { core, vault } = await boot();
    const c = core.handlers.profiles;
    const saved = await c.saveProfile({ profile: input(), secret: SECRET }, ctx);
    expect((await c.testConnection({ id: saved.id }, ctx)).ok).toBe(true);

    const moved = await c.saveProfile({ profile: input({ id: saved.id, baseUrl: `${hostile.origin}/api` }) }, ctx);
    expect(moved.hasSecret).toBe(false);
    expect(moved.dropped).toEqual(['secret']);
    expect(await vault.get(saved.id)).toBeNull();
    const status = await c.activate({ id: saved.id }, ctx);
    expect(status.state).toBe('error');
    expect(status.error?.code).toBe('not_configured');
    expect((await c.testConnection({ id: saved.id }, ctx)).ok).toBe(false);
    expect(hostile.seen).toEqual([]);

    // Typed again with the new Base URL: the analyst chose to send it there.
    const again = await c.saveProfile({ profile: input({ id: saved.id, baseUrl: `${hostile.origin}/api` }), secret: SECRET }, ctx);
    expect(again.hasSecret).toBe(true);
    expect(again.dropped).toBeUndefined();
  });

  it('refuses a secret whose Base URL was changed in the settings file by hand; a profile saved before the binding keeps working', async () => {
    const { core, dir } = await boot();
    const saved = await core.handlers.profiles.saveProfile({ profile: input(), secret: SECRET }, ctx);
    await core.close();
    const reopen = async () => {
      const vault = createMemoryVault();
      await vault.set(saved.id, SECRET);
      const next = await createCore({ dataDir: dir, shell: testShell(), vault, sandbox: { companies: 200 } });
      cleanups.push(() => next.close());
      return next;
    };
    editStoredProfile(dir, saved.id, (p) => (p.baseUrl = `${hostile.origin}/api`));
    const edited = await reopen();
    const status = await edited.handlers.profiles.activate({ id: saved.id }, ctx);
    expect(status.state).toBe('error');
    expect(status.error?.code).toBe('not_configured');
    expect(bearers()).toEqual([]);
    await edited.close();

    // An older settings file has no secretBaseUrl: the secret counts as entered for its current Base URL.
    editStoredProfile(dir, saved.id, (p) => {
      p.baseUrl = sandbox.baseUrl;
      delete p.secretBaseUrl;
    });
    const legacy = await reopen();
    expect((await legacy.handlers.profiles.activate({ id: saved.id }, ctx)).state).toBe('connected');
  });
});

describe('https unless the service is on this computer', () => {
  it('refuses plain http to another machine for both URLs, with the message next to the field', () => {
    for (const field of ['authUrl', 'baseUrl'] as const) {
      const r = ProfileInputSchema.safeParse({ name: 'x', authUrl: 'https://a.example', baseUrl: 'https://b.example', clientId: 'c', [field]: 'http://api.example.com' });
      expect(r.success).toBe(false);
      expect(r.error?.issues).toEqual([expect.objectContaining({ path: [field], message: HTTPS_REQUIRED_MESSAGE })]);
      const form = validateForm({ ...emptyForm(), name: 'x', clientId: 'c', authUrl: 'https://a.example', baseUrl: 'https://b.example', [field]: 'http://10.0.0.5:8080' });
      expect(form).toEqual({ ok: false, errors: { [field]: HTTPS_REQUIRED_MESSAGE } });
    }
  });

  it('accepts https anywhere and http for 127.0.0.0/8, localhost and [::1] only', () => {
    const ok = (u: string) => ProfileInputSchema.safeParse({ name: 'x', authUrl: u, baseUrl: u, clientId: 'c' }).success;
    for (const u of ['https://auth.example.com', 'http://127.0.0.1:4000/auth', 'http://127.9.8.7', 'http://localhost:3000', 'http://[::1]:8080/x']) expect(ok(u), u).toBe(true);
    for (const u of ['http://auth.example.com', 'http://128.0.0.1', 'http://localhost.evil.example', 'http://127.0.0.1.nip.io', 'http://[::2]', 'http://0.0.0.0', 'ftp://127.0.0.1']) expect(ok(u), u).toBe(false);
  });

  it('refuses to send a secret over http to another machine even for a stored profile (settings edited by hand)', async () => {
    const { core, dir } = await boot();
    const c = core.handlers.profiles;
    const saved = await c.saveProfile({ profile: input(), secret: SECRET }, ctx);
    await core.close();
    editStoredProfile(dir, saved.id, (p) => {
      p.authUrl = 'http://auth.example.invalid';
      p.secretAuthUrl = 'http://auth.example.invalid';
    });
    const vault = createMemoryVault();
    await vault.set(saved.id, SECRET);
    const core2 = await createCore({ dataDir: dir, shell: testShell(), vault, sandbox: { companies: 200 } });
    cleanups.push(() => core2.close());
    const status = await core2.handlers.profiles.activate({ id: saved.id }, ctx);
    expect(status.error?.message).toMatch(/not sent to http:\/\/auth\.example\.invalid: Use https/);
  });
});
