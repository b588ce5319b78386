// Picks where secrets live: explicit override, else OS keychain (keytar), else the shell's fallback
// (Electron safeStorage), else memory for this run with a visible notice.
import { createMemoryVault, MEMORY_VAULT_NOTICE } from './memory-vault';
import { openKeytarVault, type KeytarOpen } from './keytar-vault';
import type { SecretVault } from './vault';

export interface VaultChoice {
  vault: SecretVault;
  /** Set when secrets are not stored in the OS keychain; shown to the analyst. */
  notice?: string;
}

export async function chooseVault(opts: {
  override?: SecretVault;
  fallback?: () => Promise<SecretVault | null>;
  openKeytar?: () => Promise<KeytarOpen>;
}): Promise<VaultChoice> {
  if (opts.override) return { vault: opts.override, notice: opts.override.notice };
  const keytar = await (opts.openKeytar ?? (() => openKeytarVault()))();
  if (keytar.ok) return { vault: keytar.vault };
  let fallbackProblem = '';
  if (opts.fallback) {
    try {
      const fb = await opts.fallback();
      if (fb) {
        return {
          vault: fb,
          notice: fb.notice ?? `The OS keychain is not available (${keytar.reason}); secrets are encrypted with the system's safe storage instead.`,
        };
      }
    } catch {
      fallbackProblem = ' Safe storage also failed.';
    }
  }
  const notice = `${MEMORY_VAULT_NOTICE} (${keytar.reason}.${fallbackProblem})`;
  return { vault: createMemoryVault({ notice }), notice };
}
