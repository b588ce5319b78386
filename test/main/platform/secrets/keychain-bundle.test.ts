// The OS keychain through the artifact users run: the BUILT browser-mode host (out/web-host/cli.mjs)
// inside a private D-Bus session with gnome-keyring (scripts/with-keyring.sh). Save a secret through
// the bridge, restart the host, use it (connection test against a sandbox), delete the profile, and
// check that the keyring no longer holds it and that no file in the data dir ever did.
// The Electron main bundle's keychain loader (out/main/keytar-vault.js, built by `npm run build` as
// its own entry because index.js needs an Electron binary) is loaded in plain Node and used the same way.
// Run: scripts/with-keyring.sh npx vitest run test/main/platform/secrets/keychain-bundle.test.ts
// Without a session bus it FAILS when FIRMSCOPE_REQUIRE_KEYRING=1, else reports itself skipped (never a silent pass).
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../../../../scripts/build-outputs.mjs';
import { startSandbox, type SandboxHandle } from '../../../../src/sandbox/server';
import { SANDBOX_CLIENTS } from '../../../../src/sandbox/clients';
import { VAULT_SERVICE } from '../../../../src/main/platform/secrets/vault';
import { signIn, startBuiltHost, type HostProcess } from '../../../helpers/host-process';

const root = fileURLToPath(new URL('../../../..', import.meta.url));
const required = process.env.FIRMSCOPE_REQUIRE_KEYRING === '1';
const bus = process.env.DBUS_SESSION_BUS_ADDRESS;
const keytar = createRequire(import.meta.url)('keytar') as {
  getPassword(s: string, a: string): Promise<string | null>;
  deletePassword(s: string, a: string): Promise<boolean>;
};

let sandbox: SandboxHandle;
let dataDir: string;
let host: HostProcess | null = null;

beforeAll(async () => {
  if (!bus) {
    const msg = 'KEYCHAIN BUNDLE TEST DID NOT RUN: no D-Bus session. Run it under scripts/with-keyring.sh.';
    if (required) throw new Error(`${msg} (FIRMSCOPE_REQUIRE_KEYRING=1)`);
    console.warn(`\n*** ${msg} ***\n`);
    return;
  }
  if (!ensureBuilt(root, ['webHost'])) throw new Error('building out/web-host/cli.mjs failed');
  sandbox = await startSandbox({ companies: 200 });
  dataDir = mkdtempSync(join(tmpdir(), 'firmscope-keychain-'));
}, 180_000);
afterAll(async () => {
  await host?.stop();
  await sandbox?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** Every file under dir, as raw bytes, that contains `needle` (in UTF-8 or UTF-16LE). */
function filesHolding(dir: string, needle: string): string[] {
  const hits: string[] = [];
  const patterns = [Buffer.from(needle, 'utf8'), Buffer.from(needle, 'utf16le')];
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      const info = statSync(p);
      if (info.isDirectory()) walk(p);
      else if (info.isFile() && patterns.some((pat) => readFileSync(p).includes(pat))) hits.push(p);
    }
  };
  walk(dir);
  return hits;
}

describe('OS keychain through the built browser host', () => {
  it(required ? 'saves, survives a restart, is used, and is deleted' : 'saves, survives a restart, is used, and is deleted (if a session bus is reachable)', async (ctx) => {
    if (!bus) return ctx.skip('no D-Bus session');
    const client = SANDBOX_CLIENTS.searchOnly;
    // A secret the sandbox accepts only because we register it: the canary of this run.
    const secret = client.secret;
    host = await startBuiltHost(root, dataDir);
    let bridge = await signIn(host.url);
    const status = await bridge.call<{ vault: { kind: string; notice?: string } }>('profiles', 'status');
    expect(status.ok && status.value.vault).toEqual({ kind: 'keychain' });

    const saved = await bridge.call<{ id: string; hasSecret: boolean }>('profiles', 'saveProfile', {
      profile: { name: 'Keychain check', authUrl: sandbox.authUrl, baseUrl: sandbox.baseUrl, clientId: client.id },
      secret,
    });
    if (!saved.ok) throw new Error(`saveProfile failed: ${saved.error.code}: ${saved.error.message}`);
    const id = saved.value.id;
    expect(saved.value.hasSecret).toBe(true);
    expect(await keytar.getPassword(VAULT_SERVICE, id)).toBe(secret);
    bridge.close();
    await host.stop();
    expect(filesHolding(dataDir, secret)).toEqual([]);

    // A new process: the secret comes back from the keyring, not from memory.
    host = await startBuiltHost(root, dataDir);
    bridge = await signIn(host.url);
    const listed = await bridge.call<{ profiles: Array<{ id: string; hasSecret: boolean }> }>('profiles', 'listProfiles');
    expect(listed.ok && listed.value.profiles.find((p) => p.id === id)?.hasSecret).toBe(true);
    const report = await bridge.call<{ ok: boolean; steps: Array<{ step: string; ok: boolean; noAccess?: boolean; message: string }> }>('profiles', 'testConnection', { id });
    // The search-only client has no ESG access: reported as such, not as a failure of the connection.
    expect(report.ok && report.value.steps.filter((s) => !s.ok && !s.noAccess)).toEqual([]);
    expect(report.ok && report.value.ok).toBe(true);

    const deleted = await bridge.call('profiles', 'deleteProfile', { id });
    expect(deleted).toEqual({ ok: true });
    expect(await keytar.getPassword(VAULT_SERVICE, id)).toBeNull();
    bridge.close();
    await host.stop();
    host = null;
    expect(filesHolding(dataDir, secret)).toEqual([]);
    // The probe account must not linger either.
    await keytar.deletePassword(VAULT_SERVICE, '__firmscope_probe__');
  }, 120_000);
});

describe('OS keychain through the built Electron main bundle', () => {
  it('out/main/keytar-vault.js opens the keychain with every function and round-trips a secret', async (ctx) => {
    if (!bus) return ctx.skip('no D-Bus session');
    const built = join(root, 'out', 'main', 'keytar-vault.js');
    if (!existsSync(built)) {
      if (required) throw new Error('out/main/keytar-vault.js is missing: run `npm run build` first');
      return ctx.skip('out/main is not built (npm run build)');
    }
    const mod = (await import(pathToFileURL(built).href)) as typeof import('../../../../src/main/platform/secrets/keytar-vault');
    const service = `Firmscope-bundle-${randomBytes(4).toString('hex')}`;
    const opened = await mod.openKeytarVault({ service, timeoutMs: 5000 });
    if (!opened.ok) throw new Error(`the built loader did not open the keychain: ${opened.reason}`);
    const canary = `canary-${randomBytes(12).toString('base64url')}`;
    await opened.vault.set('p1', canary);
    expect(await keytar.getPassword(service, 'p1')).toBe(canary);
    expect(await opened.vault.get('p1')).toBe(canary);
    await opened.vault.delete('p1');
    expect(await keytar.getPassword(service, 'p1')).toBeNull();
    await keytar.deletePassword(service, '__firmscope_probe__');
  });
});
