// The secret-binding rule, written once for main and the page. A stored client secret is bound to
// everything that decides where it, or the access token it earns, goes: the Auth URL, the Base URL, and
// the proxy and CA the requests go through. The proxy password is bound to the proxy address and user
// name it was entered for. A save that moves any of them without the secret drops it, so a stored secret
// is never sent to a new place. Main (profile-repo) applies the plan of a save; the Settings forms use
// the same comparison to ask for the secret again before the save would drop it.
import { networkOf, networkPathOf, proxyCredentialOf, type NetworkSettings, type Profile } from '../profile';

/** Everything that decides where a client secret, and the token it earns, goes. */
export interface SecretDestination {
  authUrl: string;
  baseUrl: string;
  /** The proxy and CA (networkPathOf); undefined for the sandbox, which always connects directly. */
  networkPath: string | undefined;
}
export type SecretBinding = keyof SecretDestination;

/** A profile as stored, with what its secrets were entered for. */
export type BoundProfile = Pick<Profile, 'kind' | 'authUrl' | 'baseUrl' | 'network' | 'secretAuthUrl' | 'secretBaseUrl' | 'secretNetwork' | 'proxyPasswordFor'>;

/** Where the stored secret may go. Profiles saved before a binding field existed: their current value. */
export function boundDestination(p: BoundProfile, direct = p.kind === 'sandbox'): SecretDestination {
  return {
    authUrl: p.secretAuthUrl ?? p.authUrl,
    baseUrl: p.secretBaseUrl ?? p.baseUrl,
    networkPath: direct ? undefined : (p.secretNetwork ?? networkPathOf(networkOf(p))),
  };
}

/** Where the profile sends the secret as it stands now. */
export function currentDestination(p: Pick<Profile, 'kind' | 'authUrl' | 'baseUrl' | 'network'>): SecretDestination {
  return { authUrl: p.authUrl, baseUrl: p.baseUrl, networkPath: p.kind === 'sandbox' ? undefined : networkPathOf(networkOf(p)) };
}

/** What moved between where the secret is bound and where the profile would send it: each is a reason to drop it. */
export function movedBindings(bound: SecretDestination, next: SecretDestination): SecretBinding[] {
  return (['authUrl', 'baseUrl', 'networkPath'] as const).filter((k) => bound[k] !== next[k]);
}

export interface SecretSave {
  /** The profile as stored before this save; undefined for a new profile. */
  existing: BoundProfile | undefined;
  /** The built-in sandbox: it connects directly and keeps no proxy password. */
  isSandbox: boolean;
  /** The URLs the saved profile uses (the sandbox's placeholders for the sandbox). */
  authUrl: string;
  baseUrl: string;
  network: NetworkSettings;
  secretGiven: boolean;
  proxyPasswordGiven: boolean;
  /** The vault holds a proxy password for this profile. */
  hadProxyPassword: boolean;
}

export interface SecretSavePlan {
  /** The stored client secret goes (removed from the vault): what it is bound to moved and none came with the save. */
  dropSecret: boolean;
  /** The saved profile goes through a proxy with a user name, so a proxy password applies. */
  usesProxyPassword: boolean;
  /** The stored proxy password stays: same proxy address and user name, none given. */
  keepProxyPassword: boolean;
  /** A stored proxy password goes and none replaces it. */
  dropProxyPassword: boolean;
  /** What the saved profile records as the secrets' bindings. */
  bindings: Pick<Profile, 'secretAuthUrl' | 'secretBaseUrl' | 'secretNetwork' | 'proxyPasswordFor'>;
}

/** What a save does with the stored secrets, and what the saved profile records they are bound to. */
export function planSecretSave(save: SecretSave): SecretSavePlan {
  const { existing, isSandbox, network: net, secretGiven, proxyPasswordGiven } = save;
  const next: SecretDestination = { authUrl: save.authUrl, baseUrl: save.baseUrl, networkPath: isSandbox ? undefined : networkPathOf(net) };
  const bound = existing ? boundDestination(existing, isSandbox) : undefined;
  const dropSecret = !secretGiven && bound !== undefined && movedBindings(bound, next).length > 0;
  // A secret typed with the save (or a new profile) is bound to where it goes now; a kept one stays bound where it was.
  const bindTo = secretGiven || !bound ? next : dropSecret ? undefined : bound;
  const usesProxyPassword = !isSandbox && net.proxy === 'url' && net.proxyUsername !== '';
  const credential = usesProxyPassword ? proxyCredentialOf(net) : undefined;
  const boundCredential = existing ? (existing.proxyPasswordFor ?? proxyCredentialOf(networkOf(existing))) : undefined;
  const keepProxyPassword = usesProxyPassword && !proxyPasswordGiven && save.hadProxyPassword && boundCredential === credential;
  return {
    dropSecret,
    usesProxyPassword,
    keepProxyPassword,
    dropProxyPassword: save.hadProxyPassword && !proxyPasswordGiven && !keepProxyPassword,
    bindings: {
      secretAuthUrl: bindTo?.authUrl,
      secretBaseUrl: bindTo?.baseUrl,
      secretNetwork: bindTo?.networkPath,
      proxyPasswordFor: usesProxyPassword && (proxyPasswordGiven || keepProxyPassword) ? credential : undefined,
    },
  };
}

/**
 * For the Settings forms: which bindings of the stored secret a save with these changes would move (so
 * the form asks for the secret with the save). None when no secret is stored or for the built-in sandbox.
 */
export function secretMovesOnSave(p: BoundProfile & { hasSecret: boolean }, change: Partial<SecretDestination>): SecretBinding[] {
  if (p.kind === 'sandbox' || !p.hasSecret) return [];
  const bound = boundDestination(p);
  return movedBindings(bound, { ...bound, ...change });
}
