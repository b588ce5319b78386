// Vault choice and the memory / safeStorage vaults (the keytar vault has its own real-keyring test).
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryVault } from '../../../../src/main/platform/secrets/memory-vault';
import { chooseVault } from '../../../../src/main/platform/secrets/choose-vault';
import { keytarVault, missingKeytarFunctions, openKeytarVault } from '../../../../src/main/platform/secrets/keytar-vault';
import { openSafeStorageVault, SAFE_STORAGE_FILE, type SafeStorageLike } from '../../../../src/main/shells/electron/safe-storage-vault';
import { tempDir } from '../../../helpers/core-helpers';

/** Stand-in for Electron's safeStorage: a reversible transform that never leaves plaintext behind. */
function fakeSafeStorage(backend: ReturnType<SafeStorageLike['getSelectedStorageBackend']> = 'gnome_libsecret', available = true) {
  const calls = { encrypt: 0, decrypt: 0 };
  let rotate = false;
  const api: SafeStorageLike = {
    getSelectedStorageBackend: () => backend,
    isAsyncEncryptionAvailable: async () => available,
    async encryptStringAsync(plain) {
      calls.encrypt++;
      return Buffer.from(Buffer.from(plain, 'utf8').map((b) => b ^ 0x5a));
    },
    async decryptStringAsync(buf) {
      calls.decrypt++;
      const shouldReEncrypt = rotate;
      rotate = false;
      return { result: Buffer.from(buf.map((b) => b ^ 0x5a)).toString('utf8'), shouldReEncrypt };
    },
  };
  return { api, calls, rotateOnce: () => (rotate = true) };
}

const dirs: Array<{ cleanup(): void }> = [];
afterEach(() => dirs.splice(0).forEach((d) => d.cleanup()));

describe('memory vault', () => {
  it('stores, reads and deletes per account', async () => {
    const v = createMemoryVault();
    expect(v.kind).toBe('memory');
    await v.set('a', 's1');
    await v.set('b', 's2');
    expect(await v.get('a')).toBe('s1');
    await v.delete('a');
    expect(await v.get('a')).toBeNull();
    expect(await v.get('b')).toBe('s2');
  });
});

describe('openKeytarVault', () => {
  it('names a missing keytar module in words, not by the resolver path', async () => {
    const missing = Object.assign(new Error("Cannot find package 'keytar' imported from /somewhere/start-core.mjs"), { code: 'ERR_MODULE_NOT_FOUND' });
    const r = await openKeytarVault({ load: async () => Promise.reject(missing) });
    expect(r).toEqual({ ok: false, reason: 'the keychain module keytar is not installed' });
  });

  it('keeps the first line of any other load error', async () => {
    const r = await openKeytarVault({ load: async () => Promise.reject(new Error('libsecret-1.so.0: cannot open shared object file\nstack')) });
    expect(r).toEqual({ ok: false, reason: 'keytar could not be loaded (libsecret-1.so.0: cannot open shared object file)' });
  });

  it('refuses a module that lacks a function the vault calls (what Node\'s CJS-to-ESM bridge gives for keytar)', async () => {
    // `await import('keytar')` in Node: only the names cjs-module-lexer finds, plus default.
    let probed = false;
    const esmNamespace = {
      getPassword: async () => {
        probed = true;
        return null;
      },
      default: {},
    };
    const r = await openKeytarVault({ load: async () => esmNamespace });
    expect(r).toEqual({ ok: false, reason: 'keytar loaded without setPassword, deletePassword' });
    expect(probed).toBe(false);
  });

  it('loads keytar as CommonJS, with every function the vault calls', async () => {
    // Node's own loader, outside Vitest's interop: the same require the bundles perform.
    const { createRequire } = await import('node:module');
    const keytar = createRequire(import.meta.url)('keytar') as Record<string, unknown>;
    expect(missingKeytarFunctions(keytar)).toEqual([]);
  });
});

describe('keytarVault', () => {
  it('refuses in words a keychain call that never answers (a locked keyring waiting on a prompt), and passes answers through', async () => {
    const never = new Promise<never>(() => undefined);
    const stuck = keytarVault({ getPassword: () => never, setPassword: () => never, deletePassword: () => never }, 'Firmscope', 50);
    await expect(stuck.set('team-member-token', 'x')).rejects.toMatchObject({ code: 'vault_unavailable', message: expect.stringMatching(/did not answer .*Unlock it and try again/) as unknown });
    await expect(stuck.get('a')).rejects.toMatchObject({ code: 'vault_unavailable' });
    await expect(stuck.delete('a')).rejects.toMatchObject({ code: 'vault_unavailable' });
    const fine = keytarVault({ getPassword: async () => 'kept', setPassword: async () => {}, deletePassword: async () => true }, 'Firmscope', 50);
    expect(await fine.get('a')).toBe('kept');
    await expect(fine.set('a', 'b')).resolves.toBeUndefined();
  });
});

describe('chooseVault', () => {
  it('prefers an override, then the keychain', async () => {
    const override = createMemoryVault();
    expect((await chooseVault({ override })).vault).toBe(override);
    const keychain = keytarVault({ getPassword: async () => null, setPassword: async () => {}, deletePassword: async () => true });
    const r = await chooseVault({ openKeytar: async () => ({ ok: true, vault: keychain }), fallback: async () => createMemoryVault() });
    expect(r.vault).toBe(keychain);
    expect(r.notice).toBeUndefined();
  });

  it('falls back to the shell vault (safeStorage) with a notice when the keychain is unreachable', async () => {
    const d = tempDir();
    dirs.push(d);
    const fake = fakeSafeStorage();
    const r = await chooseVault({
      openKeytar: async () => ({ ok: false, reason: 'no Secret Service' }),
      fallback: async () => {
        const o = await openSafeStorageVault(fake.api, { dataDir: d.dir, platform: 'linux' });
        return o.ok ? o.vault : null;
      },
    });
    expect(r.vault.kind).toBe('safeStorage');
    expect(r.notice).toMatch(/no Secret Service/);
  });

  it('ends in memory with the "kept in memory for this run only" notice', async () => {
    const r = await chooseVault({ openKeytar: async () => ({ ok: false, reason: 'keytar could not be loaded' }), fallback: async () => null });
    expect(r.vault.kind).toBe('memory');
    expect(r.notice).toMatch(/kept in memory for this run only/);
    expect(r.vault.notice).toBe(r.notice);
    const thrown = await chooseVault({ openKeytar: async () => ({ ok: false, reason: 'x' }), fallback: async () => Promise.reject(new Error('boom')) });
    expect(thrown.vault.kind).toBe('memory');
  });
});

describe('safeStorage vault', () => {
  it('refuses the Linux basic_text backend and unavailable encryption', async () => {
    const d = tempDir();
    dirs.push(d);
    const basic = await openSafeStorageVault(fakeSafeStorage('basic_text').api, { dataDir: d.dir, platform: 'linux' });
    expect(basic).toMatchObject({ ok: false, reason: expect.stringMatching(/basic_text/) });
    const off = await openSafeStorageVault(fakeSafeStorage('gnome_libsecret', false).api, { dataDir: d.dir, platform: 'linux' });
    expect(off.ok).toBe(false);
    // basic_text is a Linux notion only.
    expect((await openSafeStorageVault(fakeSafeStorage('basic_text').api, { dataDir: d.dir, platform: 'darwin' })).ok).toBe(true);
  });

  it('keeps only ciphertext on disk, written atomically, and deletes entries', async () => {
    const d = tempDir();
    dirs.push(d);
    const fake = fakeSafeStorage();
    const o = await openSafeStorageVault(fake.api, { dataDir: d.dir, platform: 'linux' });
    if (!o.ok) throw new Error(o.reason);
    const canary = 'CANARY-safe-storage-8f3e';
    await Promise.all([o.vault.set('p1', canary), o.vault.set('p2', 'other-secret')]);
    const file = join(d.dir, SAFE_STORAGE_FILE);
    const text = readFileSync(file, 'utf8');
    expect(text).not.toContain(canary);
    expect(Object.keys(JSON.parse(text)).sort()).toEqual(['p1', 'p2']);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readdirSync(d.dir).filter((f) => f !== SAFE_STORAGE_FILE)).toEqual([]); // no temp files left
    expect(await o.vault.get('p1')).toBe(canary);
    fake.rotateOnce();
    expect(await o.vault.get('p2')).toBe('other-secret');
    expect(fake.calls.encrypt).toBe(3); // re-encrypted after the key rotation
    await o.vault.delete('p1');
    expect(await o.vault.get('p1')).toBeNull();
    expect(await o.vault.get('p2')).toBe('other-secret');
  });
});
