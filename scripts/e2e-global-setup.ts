// Playwright global setup: build what the E2E specs run once, not per test.
// Browser-mode specs need the renderer and the bundled host; Electron specs (when a binary exists)
// need main + preload too. Set FIRMSCOPE_SKIP_BUILD=1 to run against whatever is built.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ensureBuilt } from './build-outputs.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

export default function globalSetup(): void {
  if (process.env.FIRMSCOPE_SKIP_BUILD === '1') return;
  if (process.env.FIRMSCOPE_ELECTRON_E2E === '1') {
    const r = spawnSync(process.execPath, ['node_modules/electron-vite/bin/electron-vite.js', 'build'], { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) throw new Error('electron-vite build failed');
  }
  if (!ensureBuilt(root, ['renderer', 'webHost'])) throw new Error('build failed (see above)');
}
