// Playwright global setup: build what the E2E specs run once, not per test.
// Browser-mode specs need the renderer; Electron specs (when a binary exists) need main + preload too.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildRenderer, rendererIsStale } from '../src/main/browser/renderer-build';

const root = fileURLToPath(new URL('..', import.meta.url));

export default function globalSetup(): void {
  // test-all.sh builds everything just before; skip the staleness walk there.
  if (process.env.FIRMSCOPE_SKIP_BUILD === '1') return;
  if (process.env.FIRMSCOPE_ELECTRON_E2E === '1') {
    const r = spawnSync(process.execPath, ['node_modules/electron-vite/bin/electron-vite.js', 'build'], { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) throw new Error('electron-vite build failed');
  } else if (rendererIsStale(root) && !buildRenderer(root)) {
    throw new Error('renderer build failed');
  }
}
