// The production Electron main bundle (out/main, `npm run build`) must not honour
// ELECTRON_RENDERER_URL: that variable picks the origin that gets the bridge and relaxes the CSP.
// It is decided at build time (__FIRMSCOPE_DEV__), so the production bundle does not even name it.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../..', import.meta.url));
const outMain = join(root, 'out', 'main');

function jsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? jsFiles(p) : p.endsWith('.js') || p.endsWith('.mjs') ? [p] : [];
  });
}

beforeAll(() => {
  const index = join(outMain, 'index.js');
  const stale = !existsSync(index) || statSync(join(root, 'src/main/shells/electron/main-app.ts')).mtimeMs > statSync(index).mtimeMs;
  if (stale) {
    const r = spawnSync(process.execPath, [join(root, 'node_modules/electron-vite/bin/electron-vite.js'), 'build'], { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) throw new Error('electron-vite build failed');
  }
}, 240_000);

describe('production Electron main bundle', () => {
  it('does not read ELECTRON_RENDERER_URL (the source does, for development builds)', () => {
    expect(readFileSync(join(root, 'src/main/shells/electron/main-app.ts'), 'utf8')).toContain('process.env.ELECTRON_RENDERER_URL');
    const files = jsFiles(outMain);
    expect(files.map((f) => f.slice(outMain.length + 1))).toContain('index.js');
    const naming = files.filter((f) => readFileSync(f, 'utf8').includes('ELECTRON_RENDERER_URL'));
    expect(naming).toEqual([]);
    expect(files.filter((f) => readFileSync(f, 'utf8').includes('__FIRMSCOPE_DEV__'))).toEqual([]);
  });
});
