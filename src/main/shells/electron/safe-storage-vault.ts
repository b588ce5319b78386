// Fallback vault for the Electron shell when keytar cannot reach an OS keychain: secrets are encrypted
// with Electron safeStorage (async API) and the ciphertext is kept in one file in the data dir.
// The Linux `basic_text` backend is refused: it encrypts with a hard-coded key, i.e. plaintext in disguise.
// Only a type import of electron here, so this file is testable in Node with an injected object.
import type { SafeStorage } from 'electron';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import type { SecretVault } from '../../platform/secrets/vault';

export type SafeStorageLike = Pick<
  SafeStorage,
  'encryptStringAsync' | 'decryptStringAsync' | 'isAsyncEncryptionAvailable' | 'getSelectedStorageBackend'
>;

export const SAFE_STORAGE_FILE = 'secrets.safe-storage.json';

export type SafeStorageOpen = { ok: true; vault: SecretVault } | { ok: false; reason: string };

export async function openSafeStorageVault(
  safeStorage: SafeStorageLike,
  opts: { dataDir: string; platform?: NodeJS.Platform },
): Promise<SafeStorageOpen> {
  const platform = opts.platform ?? process.platform;
  if (platform === 'linux') {
    const backend = safeStorage.getSelectedStorageBackend();
    if (backend === 'basic_text' || backend === 'unknown') {
      return { ok: false, reason: `safe storage backend "${backend}" does not protect secrets` };
    }
  }
  if (!(await safeStorage.isAsyncEncryptionAvailable())) return { ok: false, reason: 'safe storage encryption is not available' };
  return { ok: true, vault: safeStorageVault(safeStorage, join(opts.dataDir, SAFE_STORAGE_FILE)) };
}

/** `vaultFallback` for createCore: the vault, or null (the core then falls back to memory with a notice). */
export function safeStorageFallback(safeStorage: SafeStorageLike, dataDir: string): () => Promise<SecretVault | null> {
  return async () => {
    const r = await openSafeStorageVault(safeStorage, { dataDir });
    return r.ok ? r.vault : null;
  };
}

function safeStorageVault(safeStorage: SafeStorageLike, file: string): SecretVault {
  // Serialise file updates so two saves never lose each other's entry.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const next = queue.then(fn, fn);
    queue = next.catch(() => undefined);
    return next;
  };

  async function readAll(): Promise<Record<string, string>> {
    try {
      const parsed: unknown = JSON.parse(await readFile(file, 'utf8'));
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
        return Object.fromEntries(Object.entries(parsed).filter(([, v]) => typeof v === 'string')) as Record<string, string>;
      }
      return {};
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return {};
      throw e;
    }
  }
  const writeAll = (all: Record<string, string>) => writeFileAtomic(file, JSON.stringify(all, null, 2), { mode: 0o600 });

  const encrypt = async (secret: string) => (await safeStorage.encryptStringAsync(secret)).toString('base64');

  return {
    kind: 'safeStorage',
    async get(account) {
      const all = await readAll();
      const cipher = all[account];
      if (!cipher) return null;
      const { result, shouldReEncrypt } = await safeStorage.decryptStringAsync(Buffer.from(cipher, 'base64'));
      if (shouldReEncrypt) {
        // Key rotated: store the ciphertext under the new key.
        await serial(async () => writeAll({ ...(await readAll()), [account]: await encrypt(result) }));
      }
      return result;
    },
    set: (account, secret) =>
      serial(async () => {
        const cipher = await encrypt(secret);
        await writeAll({ ...(await readAll()), [account]: cipher });
      }),
    delete: (account) =>
      serial(async () => {
        const all = await readAll();
        if (!(account in all)) return;
        delete all[account];
        await writeAll(all);
      }),
  };
}
