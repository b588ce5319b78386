// Benchmark: the live ESG board stays smooth while a big run moves. In browser mode with Debian
// Chromium, the ESG runs screen shows a run of 1,000 companies x 3 modules (3,000 cells); main then
// pushes esgRunUpdate batches every 100 ms (the engine's RUN_UPDATE_EVERY_MS) through the real
// host and WebSocket until every one of the 3,000 cells has changed state (queued -> processing ->
// complete, in a shuffled order so the rows on screen keep changing).
// Measured: frame times from requestAnimationFrame timestamps in the page.
//   baseline: the same board, same page, no updates (what an idle frame costs here), same duration;
//   updates: while the batches arrive;  updates+scroll: the same while the board scrolls every frame.
// Target: p95 frame time <= 16.7 ms during updates (issue 18), i.e. no dropped frames; rAF timestamps
// jitter by a few tenths of a ms (the idle board measures 16.8), so PASS allows 0.5 ms over one frame.
// Reported with the ratio to the baseline.
// The run itself is synthetic (esgRuns.board/list answered by the bench, events broadcast by it),
// so the numbers are the renderer's, not the sandbox's. Run: npx tsx bench/esg-runs-frames.ts [--batches 100]
import { parseArgs } from 'node:util';
import { startBenchApp } from './helpers/browser-app';
import { eventChannel } from '../src/shared/bridge/define';
import { RUN_UPDATE_EVERY_MS, TASK_STATES, type RunBoard, type RunInfo, type TaskState, type TaskView } from '../src/shared/esg-runs/schemas';
import { ESG_MODULES } from '../src/shared/service/schemas';

const { values } = parseArgs({ options: { batches: { type: 'string', default: '100' }, companies: { type: 'string', default: '1000' } } });
const COMPANIES = Number(values.companies);
const BATCHES = Number(values.batches);
const CELLS = COMPANIES * ESG_MODULES.length;
const T0 = Date.now();

const task = (i: number, m: number, state: TaskState, at: number): TaskView => ({
  id: i * 3 + m + 1,
  runId: 1,
  seq: i,
  companyId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  companyName: `Portfolio Company ${i + 1} Holding GmbH`,
  module: ESG_MODULES[m]!,
  state,
  sessionId: state === 'queued' ? null : `s-${i}-${m}`,
  progressCount: state === 'processing' ? (i * 7 + m) % 60 : state === 'complete' ? (i * 11 + m) % 90 : null,
  progressUnit: 'articles held',
  error: null,
  attempts: state === 'queued' ? 0 : 1,
  resubmitted: false,
  createdAt: T0,
  startedAt: state === 'queued' ? null : at,
  updatedAt: at,
  finishedAt: state === 'complete' ? at : null,
});
const counts = (done: number, processing: number) => Object.fromEntries(TASK_STATES.map((s) => [s, s === 'complete' ? done : s === 'processing' ? processing : s === 'queued' ? CELLS - done - processing : 0])) as RunInfo['counts'];
const runInfo = (done: number, processing: number): RunInfo => ({
  id: 1,
  profileId: 'sandbox',
  label: 'Bench portfolio',
  listId: null,
  modules: [...ESG_MODULES],
  status: done === CELLS ? 'finished' : 'running',
  createdAt: T0,
  finishedAt: null,
  counts: counts(done, processing),
  total: CELLS,
  companies: COMPANIES,
  etaAt: null,
});
const board: RunBoard = { run: runInfo(0, 0), tasks: Array.from({ length: CELLS }, (_, k) => task(Math.floor(k / 3), k % 3, 'queued', T0)) };

// A fixed shuffle (LCG) of the cells: each batch starts some and completes those started a batch before.
const order = Array.from({ length: CELLS }, (_, k) => k);
let seed = 42;
for (let k = order.length - 1; k > 0; k--) {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  const j = seed % (k + 1);
  [order[k], order[j]] = [order[j]!, order[k]!];
}

const app = await startBenchApp({
  name: 'esg-runs',
  viewport: { width: 1400, height: 1000 },
  beforeDispatch(core) {
    core.handlers.esgRuns.board = async () => board;
    core.handlers.esgRuns.list = async () => [board.run];
  },
});
const { host, page } = app;
// Main-thread time of the renderer per phase (CDP Performance metrics, seconds): less sensitive to
// other processes on a shared machine than frame gaps are.
const cdp = await page.context().newCDPSession(page);
await cdp.send('Performance.enable');
const METRICS = ['TaskDuration', 'ScriptDuration', 'LayoutDuration', 'RecalcStyleDuration'] as const;
async function metrics(): Promise<Record<(typeof METRICS)[number], number>> {
  const { metrics: all } = await cdp.send('Performance.getMetrics');
  return Object.fromEntries(METRICS.map((k) => [k, all.find((m) => m.name === k)?.value ?? 0])) as Record<(typeof METRICS)[number], number>;
}
const work: Record<string, { wallMs: number; m: Record<string, number> }> = {};
async function measured<T>(name: string, f: () => Promise<T>): Promise<T> {
  const m0 = await metrics();
  const t0 = performance.now();
  const out = await f();
  const t1 = performance.now();
  const m1 = await metrics();
  work[name] = { wallMs: t1 - t0, m: Object.fromEntries(METRICS.map((k) => [k, (m1[k] - m0[k]) * 1000])) };
  return out;
}

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? NaN;
const fmt = (x: number) => x.toFixed(1);

/** Frame deltas (ms) from rAF timestamps until `stop` resolves in node (polled through window.__stop). */
async function recordFrames(): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __frames: number[]; __stop: boolean; __scroll: boolean };
    w.__frames = [];
    w.__stop = false;
    let last = -1;
    const tick = (t: number) => {
      if (last >= 0) w.__frames.push(t - last);
      last = t;
      if (w.__scroll) {
        const box = document.querySelector('.board-grid');
        if (box) box.scrollTop = (box.scrollTop + 37) % Math.max(1, box.scrollHeight - box.clientHeight);
      }
      if (!w.__stop) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}
const stopFrames = () => page.evaluate(() => {
  const w = window as unknown as { __frames: number[]; __stop: boolean };
  w.__stop = true;
  return w.__frames;
});
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function pushRun(batches: number): Promise<void> {
  const perBatch = Math.ceil(CELLS / batches);
  for (let b = 0; b <= batches; b++) {
    const at = Date.now();
    const started = order.slice(b * perBatch, (b + 1) * perBatch);
    const finished = b > 0 ? order.slice((b - 1) * perBatch, b * perBatch) : [];
    const tasks = [...finished.map((k) => task(Math.floor(k / 3), k % 3, 'complete', at)), ...started.map((k) => task(Math.floor(k / 3), k % 3, 'processing', at))];
    const done = Math.min(CELLS, b * perBatch);
    host.broadcast(eventChannel('esgRuns', 'esgRunUpdate'), { run: runInfo(done, Math.min(started.length, CELLS - done)), tasks });
    await sleep(RUN_UPDATE_EVERY_MS);
  }
}

try {
  await page.goto(host.url);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'ESG runs' }).click();
  await page.getByRole('button', { name: 'Bench portfolio' }).click();
  await page.getByRole('table', { name: 'ESG board: Bench portfolio' }).waitFor();
  await page.getByTestId('board-progress').filter({ hasText: `0 of ${CELLS.toLocaleString('en-US')} cells done` }).waitFor();
  await sleep(1000);
  const durationMs = (BATCHES + 1) * RUN_UPDATE_EVERY_MS;

  // Baseline: the same board, idle, for as long as the run will take.
  const idle = await measured('baseline (idle board)', async () => {
    await recordFrames();
    await sleep(durationMs);
    return stopFrames();
  });

  // Updates: every cell changes state (3,000 to processing, 3,000 to complete).
  // BOARD_PROFILE=1: where the renderer's script time goes during the updates (top self times).
  if (process.env.BOARD_PROFILE) await cdp.send('Profiler.enable').then(() => cdp.send('Profiler.start'));
  const busy = await measured('updates', async () => {
    await recordFrames();
    await pushRun(BATCHES);
    await sleep(300);
    return stopFrames();
  });
  if (process.env.BOARD_PROFILE) {
    const { profile } = await cdp.send('Profiler.stop');
    const self = new Map<string, number>();
    const dt = new Map<number, number>();
    profile.samples?.forEach((id, i) => dt.set(id, (dt.get(id) ?? 0) + (profile.timeDeltas?.[i] ?? 0)));
    for (const n of profile.nodes) {
      const k = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}`;
      self.set(k, (self.get(k) ?? 0) + (dt.get(n.id) ?? 0) / 1000);
    }
    console.log([...self].sort((a, b) => b[1] - a[1]).slice(0, 25).map(([k, v]) => `${v.toFixed(0).padStart(6)} ms  ${k}`).join('\n'));
  }
  const doneText = await page.getByTestId('board-progress').textContent();
  if (!doneText?.includes(`${CELLS.toLocaleString('en-US')} of ${CELLS.toLocaleString('en-US')}`)) throw new Error(`the board did not reach the end: ${doneText}`);

  // Updates while scrolling: the same run again (reset to queued by reloading the board).
  await page.reload();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'ESG runs' }).click();
  await page.getByRole('button', { name: 'Bench portfolio' }).click();
  await page.getByTestId('board-progress').filter({ hasText: `0 of ${CELLS.toLocaleString('en-US')} cells done` }).waitFor();
  await sleep(1000);
  await page.evaluate(() => ((window as unknown as { __scroll: boolean }).__scroll = true));
  const scrolled = await measured('updates + scrolling', async () => {
    await recordFrames();
    await pushRun(BATCHES);
    await sleep(300);
    return stopFrames();
  });

  const row = (name: string, xs: number[]) => `${name.padEnd(22)} frames ${String(xs.length).padStart(4)}  median ${fmt(pct(xs, 0.5)).padStart(5)} ms  p95 ${fmt(pct(xs, 0.95)).padStart(5)} ms  max ${fmt(Math.max(...xs)).padStart(6)} ms`;
  console.log(`ESG board: ${COMPANIES.toLocaleString('en-US')} companies x ${ESG_MODULES.length} modules = ${CELLS.toLocaleString('en-US')} cells; ${BATCHES} batches every ${RUN_UPDATE_EVERY_MS} ms; every cell changes state twice`);
  console.log(row('baseline (idle board)', idle));
  console.log(row('updates', busy));
  console.log(row('updates + scrolling', scrolled));
  for (const [name, { wallMs, m }] of Object.entries(work)) {
    console.log(`${name.padEnd(22)} main thread busy ${fmt((m.TaskDuration! / wallMs) * 100).padStart(5)} % of ${fmt(wallMs / 1000)} s (script ${fmt(m.ScriptDuration!)} ms, style ${fmt(m.RecalcStyleDuration!)} ms, layout ${fmt(m.LayoutDuration!)} ms); per batch ${fmt(m.TaskDuration! / (BATCHES + 1))} ms`);
  }
  const p95 = pct(busy, 0.95);
  console.log(`p95 during updates: ${fmt(p95)} ms (target <= 16.7 ms) = ${(p95 / pct(idle, 0.95)).toFixed(2)}x the idle p95; with scrolling ${fmt(pct(scrolled, 0.95))} ms = ${(pct(scrolled, 0.95) / pct(idle, 0.95)).toFixed(2)}x`);
  console.log(p95 <= 16.7 + 0.5 ? 'PASS' : 'MISS');
} finally {
  await app.close();
}
