// Settings → Network for one saved profile: proxy choice, proxy address and user name, company CA
// file. The proxy password is never part of this state (an uncontrolled input, sent once to main).
import {
  networkOf,
  networkPathOf,
  NetworkSettingsSchema,
  ProfileInputSchema,
  type DroppedSecret,
  type NetworkSettings,
  type ProfileInput,
  type ProfileView,
} from '../../shared/profile';
import { secretMovesOnSave } from '../../shared/profiles/secret-binding';

export type NetworkField = keyof NetworkSettings;
export type NetworkErrors = Partial<Record<NetworkField, string>>;

export const PROXY_CHOICES: ReadonlyArray<{ value: NetworkSettings['proxy']; label: string }> = [
  { value: 'system', label: 'System settings (the desktop app follows the OS; browser mode follows HTTPS_PROXY / NO_PROXY)' },
  { value: 'none', label: 'No proxy: connect directly' },
  { value: 'url', label: 'This proxy' },
];

export const networkFormFrom = (p: ProfileView): NetworkSettings => ({ ...networkOf(p) });

/** The saveProfile request for these settings, or the field errors to show next to the fields. */
export function networkSaveRequest(
  p: ProfileView,
  form: NetworkSettings,
  proxyPassword: string,
  secret = '',
  /** Desktop app: the CA file main's dialog chose (it replaces network.caFile in main). */
  caFileHandle?: string,
): { ok: true; request: { profile: ProfileInput; proxyPassword?: string; secret?: string; caFileHandle?: string } } | { ok: false; errors: NetworkErrors } {
  const parsed = NetworkSettingsSchema.safeParse(form);
  if (!parsed.success) {
    const errors: NetworkErrors = {};
    for (const issue of parsed.error.issues) errors[issue.path[0] as NetworkField] ??= issue.message;
    return { ok: false, errors };
  }
  const network = parsed.data;
  if (network.proxy === 'url' && proxyPassword && !network.proxyUsername) {
    return { ok: false, errors: { proxyUsername: 'Enter the proxy user name that goes with the password' } };
  }
  const profile = ProfileInputSchema.parse({ ...p, network });
  const sendPassword = network.proxy === 'url' && network.proxyUsername && proxyPassword ? proxyPassword : undefined;
  return {
    ok: true,
    request: { profile, ...(sendPassword ? { proxyPassword: sendPassword } : {}), ...(secret ? { secret } : {}), ...(caFileHandle ? { caFileHandle } : {}) },
  };
}

/**
 * The client secret goes through the proxy and trusts the CA: a change to either removes it unless it
 * is entered again with the change (main decides; this only says when to offer the field). The rule:
 * shared/profiles/secret-binding.ts.
 */
export const secretAtRisk = (p: ProfileView, form: NetworkSettings, caFilePicked = false): boolean =>
  !p.builtIn && p.hasSecret && (caFilePicked || secretMovesOnSave(p, { networkPath: networkPathOf(form) }).length > 0);

/** What the save removed, in words: the analyst must know a secret is gone before the next sign-in fails. */
export function droppedNotice(dropped: readonly DroppedSecret[] | undefined): string | null {
  if (!dropped?.length) return null;
  const what = dropped.map((d) => (d === 'secret' ? 'the client secret' : 'the proxy password')).join(' and ');
  return `Saved. Removed ${what}: ${dropped.length > 1 ? 'they were' : 'it was'} entered for the old ${dropped.includes('secret') ? 'proxy or CA' : 'proxy address or user name'}, and ${dropped.length > 1 ? 'are' : 'is'} never sent anywhere else. Enter ${dropped.length > 1 ? 'them' : 'it'} again to sign in.`;
}
