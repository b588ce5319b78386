// A canary client secret (and the real access tokens) must never show up in the request log, the
// settings files, errors, events, handler results or console output.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeNetwork } from '../../src/main/platform/net/node-network';
import type { NetworkFactory } from '../../src/main/platform/ports/network';
import { createCore } from '../../src/main/shells/compose/create-core';
import { openSafeStorageVault, type SafeStorageLike } from '../../src/main/shells/electron/safe-storage-vault';
import type { SandboxHandle } from '../../src/sandbox/server';
import { SANDBOX_CLIENTS } from '../../src/sandbox/clients';
import { SANDBOX_PROFILE_ID } from '../../src/shared/profile';
import { startSmallSandbox, tempDir, testShell } from '../helpers/core-helpers';

const CANARY = 'CANARY-7c1e9b4d-do-not-leak';
const ctx = { signal: new AbortController().signal };

let sbx: SandboxHandle;
beforeAll(async () => {
  sbx = await startSmallSandbox();
});
afterAll(() => sbx.close());

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? filesUnder(p) : [p];
  });
}

/** A safeStorage stand-in so the persisted-vault path is part of the haystack too. */
const xorSafeStorage: SafeStorageLike = {
  getSelectedStorageBackend: () => 'gnome_libsecret',
  isAsyncEncryptionAvailable: async () => true,
  encryptStringAsync: async (s) => Buffer.from(Buffer.from(s).map((b) => b ^ 0x33)),
  decryptStringAsync: async (b) => ({ result: Buffer.from(b.map((x) => x ^ 0x33)).toString(), shouldReEncrypt: false }),
};

describe('canary secret', () => {
  it('never appears in logs, settings files, errors, events or console output', async () => {
    const d = tempDir();
    const haystack: string[] = [];
    const keep = (v: unknown) => haystack.push(typeof v === 'string' ? v : `${JSON.stringify(v)}\n${inspect(v, { depth: 8 })}`);
    const accessTokens: string[] = [];
    // Record every access token the client receives, to look for it afterwards.
    const nodeNetwork = createNodeNetwork();
    const network: NetworkFactory = {
      fetchFor: (cfg) => {
        const realFetch = nodeNetwork.fetchFor(cfg);
        return async (url, init) => {
          const res = await realFetch(url, init);
          if (url.includes('/oauth2/token') && res.ok) {
            const t = (await res.clone().json()) as { access_token?: string };
            if (t.access_token) accessTokens.push(t.access_token);
          }
          return res;
        };
      },
      close: () => nodeNetwork.close(),
    };
    const out = { stdout: process.stdout.write.bind(process.stdout), stderr: process.stderr.write.bind(process.stderr) };
    process.stdout.write = ((chunk: string | Uint8Array, ...rest: never[]) => (keep(String(chunk)), out.stdout(chunk, ...rest))) as typeof process.stdout.write;
    process.stderr.write = ((chunk: string | Uint8Array, ...rest: never[]) => (keep(String(chunk)), out.stderr(chunk, ...rest))) as typeof process.stderr.write;

    try {
      const opened = await openSafeStorageVault(xorSafeStorage, { dataDir: d.dir, platform: 'linux' });
      if (!opened.ok) throw new Error(opened.reason);
      const core = await createCore({ dataDir: d.dir, shell: testShell(), vault: opened.vault, sandbox: { companies: 1500 }, network });
      core.onEvent((g, e, p) => keep({ g, e, p }));
      const call = async (fn: () => Promise<unknown>) => {
        try {
          keep(await fn());
        } catch (e) {
          keep(e);
          keep(String(e));
          keep((e as Error).stack);
        }
      };
      const h = core.handlers.profiles;
      const base = {
        authUrl: sbx.authUrl,
        baseUrl: sbx.baseUrl,
        scope: 'api:use',
        useDiscovery: false,
        searchPath: '/search/v1/companies',
        esgModulePathTemplate: '/esg/v1/companies/{company_id}/{module}',
        esgStatusPathTemplate: '/esg/v1/processing/{session_id}',
        matchPath: '/match/v5/companies',
        matchPayloadTemplate: null,
      };
      // 1. A remote profile whose secret is the canary (rejected by the server).
      const bad = (await h.saveProfile({ profile: { ...base, name: 'Canary', clientId: 'sandbox-analyst' }, secret: CANARY }, ctx)) as { id: string };
      keep(bad);
      await call(() => h.testConnection({ id: bad.id }, ctx));
      await call(() => h.activate({ id: bad.id }, ctx));
      await call(() => h.status(undefined, ctx));
      await call(() => h.listProfiles(undefined, ctx));
      // 2. The canary as a client id's secret that the server accepts the id of but not the secret, on the Sandbox.
      const sandbox = (await h.listProfiles(undefined, ctx)).profiles.find((p) => p.id === SANDBOX_PROFILE_ID)!;
      const { kind: _k, builtIn: _b, hasSecret: _h, ...sandboxInput } = sandbox;
      await call(() => h.saveProfile({ profile: sandboxInput, secret: CANARY }, ctx));
      await call(() => h.testConnection({ id: SANDBOX_PROFILE_ID }, ctx));
      await call(() => h.activate({ id: SANDBOX_PROFILE_ID }, ctx));
      // 3. A working profile: real tokens flow, and must not leak either.
      const good = (await h.saveProfile({ profile: { ...base, name: 'Good', clientId: 'sandbox-analyst' }, secret: SANDBOX_CLIENTS.analyst.secret }, ctx)) as { id: string };
      await call(() => h.testConnection({ id: good.id }, ctx));
      await call(() => h.activate({ id: good.id }, ctx));
      sbx.control.revokeAllTokens();
      await call(() => h.testConnection({ id: good.id }, ctx));
      await call(() => core.handlers.app.info(undefined, ctx));
      await call(() => core.handlers.diagnostics.requestLog(undefined, ctx));
      await core.close();
    } finally {
      process.stdout.write = out.stdout;
      process.stderr.write = out.stderr;
    }

    const files = filesUnder(d.dir);
    expect(files.some((f) => f.endsWith('.json'))).toBe(true);
    for (const f of files) haystack.push(readFileSync(f, 'latin1'));
    d.cleanup();

    expect(accessTokens.length).toBeGreaterThanOrEqual(2);
    const all = haystack.join('\n');
    expect(all).toContain('was not accepted'); // the errors really are in the haystack
    expect(all).not.toContain(CANARY);
    expect(all).not.toContain(Buffer.from(CANARY).toString('base64'));
    expect(all).not.toContain(SANDBOX_CLIENTS.analyst.secret);
    for (const t of accessTokens) expect(all).not.toContain(t);
    expect(all).not.toMatch(/Bearer sbx_|Basic [A-Za-z0-9+/=]{8,}/);
  });
});
