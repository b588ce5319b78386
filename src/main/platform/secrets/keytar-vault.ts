// OS keychain through keytar (service "Firmscope", one account per profile).
// keytar is an optional native module: loading it or reaching the Secret Service can fail, so
// `openKeytarVault` probes once and reports why instead of throwing.
import { createRequire } from 'node:module';
import { AppError } from '../../../shared/errors';
import { VAULT_SERVICE, type SecretVault } from './vault';

interface KeytarModule {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
}

export type KeytarOpen = { ok: true; vault: SecretVault } | { ok: false; reason: string };

const PROBE_ACCOUNT = '__firmscope_probe__';

const KEYTAR_FUNCTIONS = ['getPassword', 'setPassword', 'deletePassword'] as const;

/**
 * keytar is CommonJS: its `module.exports` is the whole API. An ESM `import()` goes through Node's
 * CJS-to-ESM bridge, which exposes only the names its static analysis finds (for keytar: getPassword
 * and default), so require it as CommonJS instead. Works from src/ (tsx, Vitest) and from the bundles.
 */
async function loadKeytar(): Promise<unknown> {
  return createRequire(import.meta.url)('keytar');
}

/** Every function the vault calls must be there; a partial module is "not loaded", never "keychain". */
export function missingKeytarFunctions(mod: unknown): string[] {
  const m = (mod ?? {}) as Record<string, unknown>;
  return KEYTAR_FUNCTIONS.filter((name) => typeof m[name] !== 'function');
}

/** A keychain call answers within this, or it is refused in words (a locked keyring can wait on a prompt for good). */
export const KEYCHAIN_CALL_MS = 15_000;

export function keytarVault(keytar: KeytarModule, service = VAULT_SERVICE, timeoutMs = KEYCHAIN_CALL_MS): SecretVault {
  return {
    kind: 'keychain',
    get: (account) => bounded(keytar.getPassword(service, account), timeoutMs),
    set: (account, secret) => bounded(keytar.setPassword(service, account, secret), timeoutMs),
    async delete(account) {
      await bounded(keytar.deletePassword(service, account), timeoutMs);
    },
  };
}

/** `call`, or a refusal once `ms` passed: nothing waits on a keychain that does not answer. */
function bounded<T>(call: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new AppError('vault_unavailable', `The OS keychain did not answer within ${Math.round(ms / 1000)} s (is it locked, or waiting for a password prompt?). Unlock it and try again.`, { retryable: true })),
      ms,
    );
  });
  return Promise.race([call, late]).finally(() => clearTimeout(timer));
}

/** Loads keytar and checks that a Secret Service answers (a read of a probe account), bounded by `timeoutMs`. */
export async function openKeytarVault(opts: { service?: string; timeoutMs?: number; load?: () => Promise<unknown> } = {}): Promise<KeytarOpen> {
  let loaded: unknown;
  try {
    loaded = await (opts.load ?? loadKeytar)();
  } catch (e) {
    return { ok: false, reason: loadFailure(e) };
  }
  const missing = missingKeytarFunctions(loaded);
  if (missing.length > 0) return { ok: false, reason: `keytar loaded without ${missing.join(', ')}` };
  const keytar = loaded as KeytarModule;
  const service = opts.service ?? VAULT_SERVICE;
  let timer: NodeJS.Timeout | undefined;
  try {
    // A missing or locked Secret Service can hang on D-Bus activation: bound the probe.
    await Promise.race([
      keytar.getPassword(service, PROBE_ACCOUNT),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('timed out')), opts.timeoutMs ?? 3000);
      }),
    ]);
  } catch (e) {
    return { ok: false, reason: `the OS keychain did not answer (${errorName(e)})` };
  } finally {
    clearTimeout(timer);
  }
  return { ok: true, vault: keytarVault(keytar, service) };
}

/** Why keytar did not load, in words for the notice: a missing module is named as such, not by its resolver path. */
function loadFailure(e: unknown): string {
  const code = (e as { code?: unknown } | null)?.code;
  if (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') return 'the keychain module keytar is not installed';
  return `keytar could not be loaded (${errorName(e)})`;
}

function errorName(e: unknown): string {
  // Only the message of a library error: it never holds a secret (we never pass one to the probe).
  return e instanceof Error ? (e.message.split('\n')[0] ?? '').slice(0, 200) : 'unknown error';
}
