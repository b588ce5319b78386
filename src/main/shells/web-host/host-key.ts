// The browser-mode host's access key, kept in the data dir (0600) so a tab opened on an earlier
// launch reconnects by itself when the host is restarted with the same data dir (docs/connection.md).
// Whoever can read the data dir can read the analyst's settings anyway; a missing or malformed
// file gets a fresh key, which invalidates every open tab.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import writeFileAtomic from 'write-file-atomic';

export const HOST_KEY_FILE = 'web-host.key';
const KEY_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export function loadOrCreateHostKey(dataDir: string): string {
  const file = join(dataDir, HOST_KEY_FILE);
  try {
    const kept = readFileSync(file, 'utf8').trim();
    if (KEY_SHAPE.test(kept)) return kept;
  } catch {
    // Missing or unreadable: make a new one.
  }
  const key = randomBytes(32).toString('base64url');
  writeFileAtomic.sync(file, key + '\n', { mode: 0o600 });
  return key;
}
