// Is an Electron binary usable here? Electron 45 downloads its binary on first launch, which
// hangs or fails on machines without internet access; this answers quickly instead.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

function binaryPath(root) {
  const pkg = join(root, 'node_modules', 'electron');
  if (!existsSync(pkg)) return null;
  const pathFile = join(pkg, 'path.txt');
  const rel = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : null;
  if (process.env.ELECTRON_OVERRIDE_DIST_PATH) {
    const p = join(process.env.ELECTRON_OVERRIDE_DIST_PATH, rel || 'electron');
    return existsSync(p) ? p : null;
  }
  if (!rel) return null;
  const p = join(pkg, 'dist', rel);
  return existsSync(p) ? p : null;
}

/**
 * { ok: true, path } when a binary exists (or a quick download succeeds), else { ok: false, reason }.
 * The download gets `downloadTimeoutMs` (0 = don't try).
 */
export function findElectronBinary(root, { downloadTimeoutMs = 20_000 } = {}) {
  const found = binaryPath(root);
  if (found) return { ok: true, path: found };
  const installer = join(root, 'node_modules', 'electron', 'install.js');
  if (!existsSync(installer)) return { ok: false, reason: 'the electron package is not installed' };
  if (downloadTimeoutMs <= 0) return { ok: false, reason: 'no Electron binary in node_modules/electron/dist' };
  const r = spawnSync(process.execPath, [installer], { cwd: root, stdio: 'ignore', timeout: downloadTimeoutMs });
  const after = binaryPath(root);
  if (after) return { ok: true, path: after };
  const why = r.error?.code === 'ETIMEDOUT' ? 'downloading it timed out' : 'downloading it failed, probably no internet access';
  return { ok: false, reason: `no Electron binary in node_modules/electron/dist, and ${why}` };
}

export const hasDisplay = () => process.platform !== 'linux' || !!(process.env.DISPLAY || process.env.WAYLAND_DISPLAY);
