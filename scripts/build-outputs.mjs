// The build outputs browser mode and the built-artifact tests run from, when each is stale, and how
// to rebuild it. Shared by npm start (scripts/start.mjs), the browser-mode CLI, E2E global setup,
// the Vitest files that test built bundles, and the bench.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const OUTPUTS = {
  /** The renderer (what both shells load). */
  renderer: {
    file: 'out/renderer/index.html',
    config: 'vite.renderer.config.ts',
    sources: ['src/renderer', 'src/shared', 'src/preload', 'scripts/renderer-config.ts', 'vite.renderer.config.ts'],
  },
  /** The Electron main process, preload and renderer (electron-vite): what the desktop app runs. */
  electronMain: {
    file: 'out/main/index.js',
    also: ['out/main/snapshot-writer.js', 'out/main/export-format.js'],
    cli: 'electron-vite',
    config: 'electron.vite.config.ts',
    sources: ['src/main', 'src/shared', 'src/preload', 'src/renderer', 'scripts/renderer-config.ts', 'electron.vite.config.ts', 'package.json'],
  },
  /** Browser-mode host + core as one ESM file (dependencies stay in node_modules): starts in a fraction of tsx's time. */
  webHost: {
    file: 'out/web-host/cli.mjs',
    /** The load-all writer thread's and the export format thread's scripts, found beside the core at run time. */
    also: ['out/web-host/snapshot-writer.mjs', 'out/web-host/export-format.mjs'],
    config: 'scripts/web-host.vite.config.ts',
    sources: ['src/main', 'src/shared', 'src/sandbox', 'scripts/build-outputs.mjs', 'scripts/web-host.vite.config.ts', 'package.json'],
  },
};

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

export function isStale(root, name) {
  const out = OUTPUTS[name];
  const file = join(root, out.file);
  if (!existsSync(file) || (out.also ?? []).some((f) => !existsSync(join(root, f)))) return true;
  const built = statSync(file).mtimeMs;
  return out.sources.some((s) => newestMtime(join(root, s)) > built);
}

/** Runs Vite for one output; returns false (Vite has printed why) on failure. */
export function build(root, name) {
  const out = OUTPUTS[name];
  const bin = out.cli === 'electron-vite' ? join(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js') : join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const r = spawnSync(process.execPath, [bin, 'build', '--config', out.config, '--logLevel', 'warn'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    // NODE_ENV=production: called from Vitest (NODE_ENV=test) Vite would otherwise bundle React's
    // development build, bigger and slower than what users run.
    env: { ...process.env, NODE_ENV: 'production', VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' },
  });
  return r.status === 0;
}

const LOCK_STALE_MS = 5 * 60_000;
const LOCK_WAIT_MS = 10 * 60_000;

function sleepSync(ms) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Runs `fn` holding out/.build-lock. Vitest runs test files in parallel processes, and Vite empties an
 * output folder before writing it: two processes building the same output at once would each wipe
 * what the other is writing or a third is reading. A lock older than any build is one left by a
 * killed process and is taken over. `onWait` is told once, when another process holds the lock and
 * this one starts waiting for it.
 */
export function withBuildLock(root, fn, onWait = () => {}) {
  const lock = join(root, 'out', '.build-lock');
  mkdirSync(join(root, 'out'), { recursive: true });
  const giveUpAt = Date.now() + LOCK_WAIT_MS;
  let waited = false;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (e) {
      if (e.code !== 'EEXIST') throw e;
      const age = Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > LOCK_STALE_MS) rmSync(lock, { recursive: true, force: true });
      else if (Date.now() > giveUpAt) throw new Error(`another build has held ${lock} for over ${LOCK_WAIT_MS / 60_000} minutes`, { cause: e });
      else {
        if (!waited) onWait();
        waited = true;
        sleepSync(100);
      }
    }
  }
  try {
    return fn();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** Builds whichever of `names` is stale, one process at a time; returns false if a build failed. */
export function ensureBuilt(root, names, log = console.log) {
  // Cheap check first: the usual case (all fresh) takes no lock.
  if (!names.some((name) => isStale(root, name))) return true;
  const waiting = () => log('Waiting for another build to finish (out/.build-lock)…');
  return withBuildLock(root, () => {
    for (const name of names) {
      // Checked again under the lock: a process that waited finds what the holder built.
      if (!isStale(root, name)) continue;
      log(`Building ${{ renderer: 'the renderer', webHost: 'the browser-mode host', electronMain: 'the Electron app' }[name]}…`);
      if (!build(root, name)) return false;
    }
    return true;
  }, waiting);
}

/** Nearest folder at or above `dir` holding package.json (works from src/ under tsx and from out/ bundled). */
export function findRepoRoot(dir) {
  let d = dir;
  while (!existsSync(join(d, 'package.json'))) {
    const up = join(d, '..');
    if (up === d) throw new Error(`no package.json above ${dir}`);
    d = up;
  }
  return d;
}

// `node scripts/build-outputs.mjs renderer webHost`: builds whichever is stale (npm run browser).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const root = findRepoRoot(fileURLToPath(new URL('.', import.meta.url)));
  if (!ensureBuilt(root, process.argv.slice(2))) process.exit(1);
}
