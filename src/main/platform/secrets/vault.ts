// Where client secrets live. Never a plaintext file; see keytar-vault, electron/safe-storage-vault, memory-vault.
import type { VaultKind } from '../../../shared/profile';

export interface SecretVault {
  readonly kind: VaultKind;
  /** Shown to the analyst when secrets are not persisted securely (memory only). */
  readonly notice?: string;
  get(account: string): Promise<string | null>;
  set(account: string, secret: string): Promise<void>;
  delete(account: string): Promise<void>;
}

export const VAULT_SERVICE = 'Firmscope';
