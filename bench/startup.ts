// Cold start of browser mode to the first interactive screen, and the renderer's gzipped JS size.
// Each is printed next to a raw baseline measured in the same run, as a ratio:
//   start: `node` serving one static page over node:http → Chromium shows it
//   size:  React + ReactDOM production builds alone, gzipped
// Targets: first interactive screen under 2 s; renderer JS under 350 KB gzipped.
// Browser mode is measured as `npm start` runs it: the bundled host (out/web-host/cli.mjs).
// Run: npx tsx bench/startup.ts [--runs N]   (builds what is stale first)
import { chromium, type Browser } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { ensureBuilt } from '../scripts/build-outputs.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 5;
const START_TARGET_MS = 2000;
const SIZE_TARGET_KB = 350;

const RAW_SERVER = `
const http = require('node:http');
const s = http.createServer((q, r) => { r.writeHead(200, {'content-type': 'text/html'}); r.end('<!doctype html><title>raw</title><button>ready</button>'); });
s.listen(0, '127.0.0.1', () => console.log('http://127.0.0.1:' + s.address().port + '/'));
`;

/** Spawns a process and resolves when it prints a line starting with http://127.0.0.1. */
function spawnUntilUrl(args: string[]): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  child.stderr!.on('data', (d) => (err += d));
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`exited ${code} before printing a URL\n${err}`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.startsWith('http://127.0.0.1')) resolve({ child, url: line.trim() });
    });
  });
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const gone = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await gone;
}

async function timeRaw(browser: Browser): Promise<number> {
  const t0 = performance.now();
  const { child, url } = await spawnUntilUrl(['-e', RAW_SERVER]);
  const page = await browser.newPage();
  await page.goto(url);
  await page.getByRole('button', { name: 'ready' }).waitFor();
  const ms = performance.now() - t0;
  await page.close();
  await stop(child);
  return ms;
}

async function timeFirmscope(browser: Browser): Promise<{ total: number; hostReady: number }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'firmscope-bench-'));
  const t0 = performance.now();
  const { child, url } = await spawnUntilUrl(['out/web-host/cli.mjs', '--port', '0', '--data-dir', dataDir, '--no-build']);
  const hostReady = performance.now() - t0;
  const page = await browser.newPage();
  await page.goto(url);
  // Interactive: the frame is up and the core has answered the connection status over the bridge.
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
  await page.locator('[data-testid="connection-summary"] [data-state]:not([data-state="unknown"])').waitFor();
  const total = performance.now() - t0;
  await page.close();
  await stop(child);
  rmSync(dataDir, { recursive: true, force: true });
  return { total, hostReady };
}

function gzipKb(files: string[]): number {
  return files.reduce((sum, f) => sum + gzipSync(readFileSync(f), { level: 9 }).length, 0) / 1024;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const fmt = (n: number) => n.toFixed(0);

async function main() {
  if (!ensureBuilt(root, ['renderer', 'webHost'])) throw new Error('build failed');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    // One unmeasured round each warms the OS file cache and tsx's transform cache, as a second launch would.
    await timeRaw(browser);
    await timeFirmscope(browser);
    const raw: number[] = [];
    const fs: number[] = [];
    const host: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      raw.push(await timeRaw(browser));
      const r = await timeFirmscope(browser);
      fs.push(r.total);
      host.push(r.hostReady);
    }
    const start = median(fs);
    console.log(`startup runs: ${RUNS} (medians; Chromium already running in both)`);
    console.log(`  raw baseline (node:http static page → visible):        ${fmt(median(raw))} ms`);
    console.log(`  browser mode: process start → URL printed:             ${fmt(median(host))} ms`);
    console.log(`  browser mode: process start → first interactive screen: ${fmt(start)} ms  (ratio ${(start / median(raw)).toFixed(1)}x raw; target < ${START_TARGET_MS} ms: ${start < START_TARGET_MS ? 'MET' : 'NOT MET'})`);
  } finally {
    await browser.close();
  }

  const assets = join(root, 'out', 'renderer', 'assets');
  const js = readdirSync(assets).filter((f) => f.endsWith('.js')).map((f) => join(assets, f));
  const size = gzipKb(js);
  const reactDir = join(root, 'node_modules');
  const baseline = gzipKb([
    join(reactDir, 'react/cjs/react.production.js'),
    join(reactDir, 'react-dom/cjs/react-dom.production.js'),
    join(reactDir, 'react-dom/cjs/react-dom-client.production.js'),
  ]);
  console.log(`renderer JS (${js.length} files, gzip -9): ${size.toFixed(1)} KB  (ratio ${(size / baseline).toFixed(2)}x React+ReactDOM alone = ${baseline.toFixed(1)} KB; target < ${SIZE_TARGET_KB} KB: ${size < SIZE_TARGET_KB ? 'MET' : 'NOT MET'})`);
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
