// Secrets held in this process only: unit tests, and the last-resort fallback when no keychain is reachable.
import type { SecretVault } from './vault';

export const MEMORY_VAULT_NOTICE =
  'No secure keychain is available: secrets are kept in memory for this run only. You will need to enter them again after restarting Firmscope.';

export function createMemoryVault(opts: { notice?: string } = {}): SecretVault {
  const secrets = new Map<string, string>();
  return {
    kind: 'memory',
    notice: opts.notice,
    async get(account) {
      return secrets.get(account) ?? null;
    },
    async set(account, secret) {
      secrets.set(account, secret);
    },
    async delete(account) {
      secrets.delete(account);
    },
  };
}
