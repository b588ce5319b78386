// A profile's network settings resolved for a request: the proxy password from the vault and the
// CA file read from disk, bounded (a file that cannot be used is said in words, next to the setting).
import { lstat, readFile, realpath, stat } from 'node:fs/promises';
import { isAbsolute, relative, resolve } from 'node:path';
import { AppError } from '../../../shared/errors';
import { networkOf, type Profile } from '../../../shared/profile';
import type { NetworkConfig } from '../ports/network';

/** `appDir`: the app's own data folder, where no CA file may be (see readCaFile). */
export async function resolveNetwork(profile: Profile, proxyPassword: () => Promise<string | null>, appDir?: string): Promise<NetworkConfig> {
  // The embedded sandbox runs in this process on 127.0.0.1: never through a proxy.
  if (profile.kind === 'sandbox') return { profileId: profile.id, proxy: { mode: 'none' }, caPem: null, caFile: null };
  const n = networkOf(profile);
  const proxy =
    n.proxy === 'url'
      ? { mode: 'url' as const, url: n.proxyUrl, username: n.proxyUsername, password: n.proxyUsername ? await proxyPassword() : null }
      : { mode: n.proxy };
  const caFile = n.caFile || null;
  return { profileId: profile.id, proxy, caPem: caFile ? await readCaFile(caFile, appDir) : null, caFile };
}

/** The one text for any CA file that cannot be used (what was wrong is not said: see readCaFile). */
export function caFileRefusal(path: string): string {
  return `The company CA file ${path} could not be used: choose a PEM certificate file (a file of at most 1 MiB with -----BEGIN CERTIFICATE-----; export the CA as PEM / Base-64).`;
}

/** A CA bundle is a few KB; a company bundle with every root a few hundred. */
export const CA_FILE_MAX_BYTES = 1024 * 1024;
const CA_FILE_DEADLINE_MS = 3_000;

/**
 * The company CA file, bounded: a regular file (a symlink counts by its target; a FIFO, a device, a
 * folder never), at most CA_FILE_MAX_BYTES, read within a deadline, holding a PEM certificate. Every
 * refusal says the same thing (issue 28 M1: the page must not learn what exists on disk), with what
 * would be accepted, and points at the field.
 */
export async function readCaFile(path: string, appDir?: string): Promise<string> {
  const refuse = () => new AppError('invalid_input', caFileRefusal(path), { retryable: false, details: { field: 'caFile' } });
  // Never from the app's own folder: the page can upload files there (issue 28 H1).
  if (appDir && (await isInside(appDir, path))) throw refuse();
  let text: string;
  try {
    // lstat first: a symlink is judged by what it points to, never opened blindly.
    const link = await lstat(path);
    const info = link.isSymbolicLink() ? await stat(await realpath(path)) : link;
    if (!info.isFile() || info.size > CA_FILE_MAX_BYTES) throw refuse();
    const buf = await readFile(path, { signal: AbortSignal.timeout(CA_FILE_DEADLINE_MS) });
    if (buf.length > CA_FILE_MAX_BYTES) throw refuse();
    text = buf.toString('utf8');
  } catch {
    throw refuse();
  }
  if (!/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/.test(text)) throw refuse();
  return text;
}

async function isInside(dir: string, file: string): Promise<boolean> {
  const real = (p: string) => realpath(p).catch(() => resolve(p));
  const rel = relative(await real(dir), await real(file));
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}
