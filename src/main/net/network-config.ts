// A profile's network settings resolved for a request: the proxy password from the vault and the
// CA file read from disk (a missing or non-PEM file is said in words, next to the setting).
import { readFile } from 'node:fs/promises';
import { AppError } from '../../shared/errors';
import { networkOf, type Profile } from '../../shared/profile';
import type { NetworkConfig } from '../ports/network';

export async function resolveNetwork(profile: Profile, proxyPassword: () => Promise<string | null>): Promise<NetworkConfig> {
  // The embedded sandbox runs in this process on 127.0.0.1: never through a proxy.
  if (profile.kind === 'sandbox') return { profileId: profile.id, proxy: { mode: 'none' }, caPem: null, caFile: null };
  const n = networkOf(profile);
  const proxy =
    n.proxy === 'url'
      ? { mode: 'url' as const, url: n.proxyUrl, username: n.proxyUsername, password: n.proxyUsername ? await proxyPassword() : null }
      : { mode: n.proxy };
  const caFile = n.caFile || null;
  return { profileId: profile.id, proxy, caPem: caFile ? await readCaFile(caFile) : null, caFile };
}

export async function readCaFile(path: string): Promise<string> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'does not exist' : code === 'EACCES' ? 'cannot be read (permission denied)' : 'cannot be read';
    throw new AppError('invalid_input', `The company CA file ${path} ${why}. Fix the path in Settings → Network.`);
  }
  if (!/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/.test(text)) {
    throw new AppError('invalid_input', `The company CA file ${path} holds no PEM certificate (-----BEGIN CERTIFICATE-----). Export the CA as PEM / Base-64 and choose that file in Settings → Network.`);
  }
  return text;
}
