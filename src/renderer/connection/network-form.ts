// Settings → Network for one saved profile: proxy choice, proxy address and user name, company CA
// file. The proxy password is never part of this state (an uncontrolled input, sent once to main).
import { networkOf, NetworkSettingsSchema, ProfileInputSchema, type NetworkSettings, type ProfileInput, type ProfileView } from '../../shared/profile';

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
): { ok: true; request: { profile: ProfileInput; proxyPassword?: string } } | { ok: false; errors: NetworkErrors } {
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
  return { ok: true, request: sendPassword ? { profile, proxyPassword: sendPassword } : { profile } };
}
