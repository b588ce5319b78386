// Connection profiles in the settings file, secrets in the vault (account = profile id).
// The built-in Sandbox profile always exists; its URLs are placeholders resolved at run time to the
// embedded sandbox, and without a stored secret it uses the sandbox's documented analyst client.
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { AppError } from '../../../shared/errors';
import {
  networkOf,
  proxyCredentialOf,
  ProfileSchema,
  SANDBOX_PROFILE_ID,
  type DroppedSecret,
  type Profile,
  type ProfileInputSchema,
} from '../../../shared/profile';
import { boundDestination, currentDestination, movedBindings, planSecretSave } from '../../../shared/profiles/secret-binding';
import { SANDBOX_CLIENTS } from '../../../sandbox/clients';
import type { SettingsStore } from '../../platform/settings/settings-store';
import type { SecretVault } from '../../platform/secrets/vault';

const PROFILES_KEY = 'profiles';
const ACTIVE_KEY = 'activeProfileId';
/** Stands in for the sandbox URLs in the settings file; never used for a request. */
export const SANDBOX_PLACEHOLDER_URL = 'http://127.0.0.1';

export const BUILT_IN_SANDBOX: Profile = ProfileSchema.parse({
  id: SANDBOX_PROFILE_ID,
  name: 'Sandbox',
  kind: 'sandbox',
  authUrl: SANDBOX_PLACEHOLDER_URL,
  baseUrl: SANDBOX_PLACEHOLDER_URL,
  clientId: SANDBOX_CLIENTS.analyst.id,
});

type ParsedProfileInput = z.output<typeof ProfileInputSchema>;

export interface ProfileRepo {
  list(): Profile[];
  get(id: string): Profile | null;
  /**
   * Saves a profile with, optionally, a new client secret and proxy password. A stored secret whose
   * Auth URL, Base URL, proxy or CA changed (the password: whose proxy address or user name changed) without a
   * new one in the same save is removed; `dropped` says which.
   */
  save(input: ParsedProfileInput, secret?: string, proxyPassword?: string): Promise<{ profile: Profile; dropped: DroppedSecret[] }>;
  delete(id: string): Promise<void>;
  activeId(): string | null;
  setActiveId(id: string | null): void;
  /** The stored secret, or the sandbox analyst secret for the untouched built-in client. */
  secretFor(profile: Profile): Promise<string | null>;
  hasSecret(profile: Profile): Promise<boolean>;
  /** The proxy password for a profile's own proxy (Settings → Network), kept in the vault like the secret. */
  proxyPasswordFor(profile: Profile): Promise<string | null>;
}

/** Vault account of a profile's proxy password (the client secret's account is the profile id). */
export const proxyAccount = (id: string) => `${id}#proxy`;

export function createProfileRepo(settings: SettingsStore, vault: SecretVault): ProfileRepo {
  const stored = () => settings.read(PROFILES_KEY, z.array(ProfileSchema), []);

  function list(): Profile[] {
    const profiles = stored();
    return profiles.some((p) => p.id === SANDBOX_PROFILE_ID) ? profiles : [BUILT_IN_SANDBOX, ...profiles];
  }

  async function vaultGet(id: string): Promise<string | null> {
    try {
      return await vault.get(id);
    } catch {
      throw new AppError('vault_unavailable', 'The keychain could not be read. Unlock it (or restart Firmscope) and try again.', { retryable: true });
    }
  }

  return {
    list,
    get: (id) => list().find((p) => p.id === id) ?? null,
    async save(input, secret, proxyPassword) {
      const all = stored();
      const id = input.id ?? newId(input.name, new Set(list().map((p) => p.id)));
      const existing = list().find((p) => p.id === id);
      if (input.id && !existing) throw new AppError('not_found', 'This profile no longer exists. Create it again.');
      const isSandbox = id === SANDBOX_PROFILE_ID;
      const authUrl = isSandbox ? SANDBOX_PLACEHOLDER_URL : input.authUrl;
      const baseUrl = isSandbox ? SANDBOX_PLACEHOLDER_URL : input.baseUrl;
      // The secret-binding rule (shared/profiles/secret-binding.ts): a change to what decides where a
      // secret goes, without a new one in the same save, drops the stored one (the analyst is asked for it
      // again), so neither is ever sent elsewhere. The sandbox always connects directly.
      const hadPassword = existing !== undefined && (await vaultGet(proxyAccount(id))) !== null;
      const plan = planSecretSave({
        existing,
        isSandbox,
        authUrl,
        baseUrl,
        network: networkOf(input),
        secretGiven: secret !== undefined,
        proxyPasswordGiven: proxyPassword !== undefined,
        hadProxyPassword: hadPassword,
      });
      const dropped: DroppedSecret[] = [];
      if (plan.dropSecret && existing && (await vaultGet(id)) !== null) dropped.push('secret');
      if (plan.dropProxyPassword) dropped.push('proxyPassword');
      const profile = ProfileSchema.parse({
        ...input,
        id,
        kind: isSandbox ? 'sandbox' : 'remote',
        // The sandbox's addresses change every run; only its other fields are the analyst's.
        ...(isSandbox ? { authUrl: SANDBOX_PLACEHOLDER_URL, baseUrl: SANDBOX_PLACEHOLDER_URL } : {}),
        ...plan.bindings,
      });
      try {
        if (secret !== undefined) await vault.set(id, secret);
        else if (plan.dropSecret) await vault.delete(id);
      } catch {
        throw new AppError('vault_unavailable', 'The secret could not be stored in the keychain. Unlock it and save again.', { retryable: true });
      }
      try {
        if (plan.usesProxyPassword && proxyPassword !== undefined) await vault.set(proxyAccount(id), proxyPassword);
        else if (!plan.keepProxyPassword && hadPassword) await vault.delete(proxyAccount(id));
      } catch {
        throw new AppError('vault_unavailable', 'The proxy password could not be stored in the keychain. Unlock it and save again.', { retryable: true });
      }
      const next = all.some((p) => p.id === id) ? all.map((p) => (p.id === id ? profile : p)) : [...all, profile];
      settings.write(PROFILES_KEY, next);
      return { profile, dropped };
    },
    async delete(id) {
      if (id === SANDBOX_PROFILE_ID) {
        throw new AppError('invalid_input', 'The built-in Sandbox profile cannot be deleted.');
      }
      if (!list().some((p) => p.id === id)) throw new AppError('not_found', 'This profile no longer exists.');
      // Secrets first: a profile must never be gone while a secret of it stays behind.
      try {
        await vault.delete(id);
        await vault.delete(proxyAccount(id));
      } catch {
        throw new AppError('vault_unavailable', 'The secret could not be removed from the keychain, so the profile was kept. Unlock the keychain and try again.', {
          retryable: true,
        });
      }
      settings.write(PROFILES_KEY, stored().filter((p) => p.id !== id));
      if (settings.get(ACTIVE_KEY) === id) settings.write(ACTIVE_KEY, null);
    },
    activeId() {
      const id = settings.read(ACTIVE_KEY, z.string().nullable(), SANDBOX_PROFILE_ID);
      return id && list().some((p) => p.id === id) ? id : null;
    },
    setActiveId(id) {
      settings.write(ACTIVE_KEY, id);
    },
    async secretFor(profile) {
      // Never hand out a secret for an Auth URL, Base URL, proxy or CA it was not entered with (e.g. a settings file edited by hand).
      if (movedBindings(boundDestination(profile), currentDestination(profile)).length > 0) return null;
      const secret = await vaultGet(profile.id);
      if (secret) return secret;
      if (profile.kind === 'sandbox' && profile.clientId === SANDBOX_CLIENTS.analyst.id) return SANDBOX_CLIENTS.analyst.secret;
      return null;
    },
    async hasSecret(profile) {
      return (await this.secretFor(profile)) !== null;
    },
    async proxyPasswordFor(profile) {
      const net = networkOf(profile);
      if (net.proxy !== 'url' || !net.proxyUsername) return null;
      // Only for the proxy address and user name it was entered for.
      if (profile.proxyPasswordFor !== undefined && profile.proxyPasswordFor !== proxyCredentialOf(net)) return null;
      return vaultGet(proxyAccount(profile.id));
    },
  };
}

function newId(name: string, taken: Set<string>): string {
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 40) || 'profile';
  for (;;) {
    const id = `${slug}-${randomBytes(3).toString('hex')}`;
    if (!taken.has(id)) return id;
  }
}
