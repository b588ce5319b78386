// The core's data folder: profiles, saved searches, exports live there, so it is this user's only
// (0700), like ~/.ssh. Apart from createCore so the rule reads, and is tested, on its own.
import { chmodSync, existsSync, mkdirSync, statSync } from 'node:fs';

/**
 * Creates dataDir private, or tightens one that already existed (an explicit --data-dir, a restored
 * backup) and that others may read. Returns whether it was readable by others, which is said once.
 */
export function makeDataDirPrivate(dataDir: string): { wasOpen: boolean } {
  const created = !existsSync(dataDir);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const wasOpen = !created && (statSync(dataDir).mode & 0o077) !== 0;
  if (created || wasOpen) chmodSync(dataDir, 0o700);
  return { wasOpen };
}
