// Browser mode serves the built renderer; this builds it when it is missing or older than its sources.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const rendererDirOf = (repoRoot: string) => join(repoRoot, 'out', 'renderer');

/** Folders and files whose change means the renderer bundle must be rebuilt. */
const SOURCES = ['src/renderer', 'src/shared', 'src/preload', 'scripts/renderer-config.ts', 'vite.renderer.config.ts'];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

export function rendererIsStale(repoRoot: string): boolean {
  const index = join(rendererDirOf(repoRoot), 'index.html');
  if (!existsSync(index)) return true;
  const built = statSync(index).mtimeMs;
  return SOURCES.some((s) => newestMtime(join(repoRoot, s)) > built);
}

/** Returns false (after Vite has printed why) when the build fails. */
export function buildRenderer(repoRoot: string): boolean {
  const vite = join(repoRoot, 'node_modules', 'vite', 'bin', 'vite.js');
  const r = spawnSync(process.execPath, [vite, 'build', '--config', 'vite.renderer.config.ts', '--logLevel', 'warn'], {
    cwd: repoRoot,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' },
  });
  return r.status === 0;
}
