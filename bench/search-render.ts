// Search screen in browser mode: click-to-rows-visible for a 200-row page, and scrolling that page.
// Baselines measured in the same run:
//   click: raw HTTP time of the very same search request (fresh page 1, page_size=200) sent straight
//          to the same embedded sandbox with fetch, no app in between. Overhead = median(app) - median(raw).
//   scroll: idle requestAnimationFrame interval of the same page (what "a frame" costs here).
// Targets: click overhead <= 50 ms at the median; scroll frame times at 60 fps level (p95 <= ~1.25 x idle).
// Run: npx tsx bench/search-render.ts [--runs N]   (builds the renderer first if it is stale)
import { startBenchApp } from './helpers/browser-app';

const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 30;
// Two searches with different first rows, alternated, so every click must paint new rows.
const BODIES = [
  { filters: { and: [{ attribute: 'employee_count', relation: 'greater_than', value: 0 }, { attribute: 'founding_year', relation: 'greater_than', value: 1800 }] } },
  { filters: { and: [{ attribute: 'country', relation: 'equals', value: 'DE' }, { attribute: 'employee_count', relation: 'greater_than', value: 0 }] } },
];
const PAGE_SIZE = 200;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? NaN;

// Time main's handler too, so the report can say where the overhead sits.
const mainTimes: number[] = [];
const app = await startBenchApp({
  name: 'search',
  viewport: { width: 1600, height: 1000 },
  beforeDispatch(core) {
    const startHandler = core.handlers.search.start;
    core.handlers.search.start = async (input, ctx) => {
      const t0 = performance.now();
      try {
        return await startHandler(input, ctx);
      } finally {
        mainTimes.push(performance.now() - t0);
      }
    };
  },
});
const { core, host, page } = app;
try {
  await page.goto(host.url);
  await page.getByRole('heading', { level: 1, name: 'Search companies' }).waitFor();
  await page.getByLabel('Request body (JSON)').fill(JSON.stringify(BODIES[0]));
  await page.getByLabel('Page size').fill(String(PAGE_SIZE));
  const search = page.getByRole('form', { name: 'Search filters' }).getByRole('button', { name: 'Search', exact: true });
  await search.click(); // first run connects the sandbox profile and warms every cache
  await page.getByTestId('rows-range').filter({ hasText: 'Rows 1–200 of' }).waitFor({ timeout: 60_000 });

  // Raw baseline: the same request against the same sandbox, straight over HTTP.
  const { profiles } = await core.handlers.profiles.listProfiles(undefined, { signal: new AbortController().signal });
  const sandbox = profiles.find((p) => p.kind === 'sandbox')!;
  const tokenRes = await fetch(`${sandbox.authUrl}/oauth2/token`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from('sandbox-analyst:sandbox-analyst-secret').toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials&scope=api:use',
  });
  const { access_token } = (await tokenRes.json()) as { access_token: string };
  const raw = async (body: unknown) => {
    const t0 = performance.now();
    const res = await fetch(`${sandbox.baseUrl}${sandbox.searchPath}?page_size=${PAGE_SIZE}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
    });
    const page1 = (await res.json()) as { result: Array<{ company_id: string }> };
    if (page1.result.length !== PAGE_SIZE) throw new Error('raw baseline did not get a full page');
    return { ms: performance.now() - t0, firstId: page1.result[0]!.company_id };
  };

  // App: from the click to the new search's first row painted (measured inside the page, after the next frame).
  const clickToRows = (expectedFirstId: string) =>
    page.evaluate(async (firstId) => {
      const button = document.querySelector('form[aria-label="Search filters"] button[type="submit"]') as HTMLButtonElement;
      const t0 = performance.now();
      button.click();
      await new Promise<void>((resolve) => {
        const tick = () => {
          const cell = document.querySelector('.grid [role="row"][aria-rowindex="2"] [aria-colindex="2"]');
          if (cell?.textContent === firstId) resolve();
          else requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      });
      await new Promise((r) => requestAnimationFrame(() => r(null)));
      return performance.now() - t0;
    }, expectedFirstId);
  const editor = page.getByLabel('Request body (JSON)');
  const firstIds = await Promise.all(BODIES.map(async (b) => (await raw(b)).firstId));
  if (firstIds[0] === firstIds[1]) throw new Error('the two bench searches start with the same row');
  const appRun = async (i: number) => {
    await editor.fill(JSON.stringify(BODIES[i % 2]));
    // Let the builder finish following the edit (two frames) so only the click is timed.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(null)))));
    return clickToRows(firstIds[i % 2]!);
  };

  const rawTimes: number[] = [];
  const appTimes: number[] = [];
  const mainPerRun: number[] = [];
  for (let i = 0; i < 6; i++) {
    await raw(BODIES[i % 2]);
    await appRun(i);
  }
  for (let i = 0; i < RUNS; i++) {
    rawTimes.push((await raw(BODIES[i % 2])).ms);
    mainTimes.length = 0;
    appTimes.push(await appRun(i));
    mainPerRun.push(mainTimes[0] ?? NaN);
  }
  const rawMed = median(rawTimes);
  const appMed = median(appTimes);
  console.log(`click-to-rows (200 rows): app median ${appMed.toFixed(1)} ms, raw HTTP median ${rawMed.toFixed(1)} ms`);
  console.log(`  of which main's search.start handler median ${median(mainPerRun).toFixed(1)} ms (API client + session), renderer + bridge ${(appMed - median(mainPerRun)).toFixed(1)} ms`);
  if (process.argv.includes('--verbose')) console.log('  app runs (ms):', appTimes.map((t) => t.toFixed(0)).join(' '));
  console.log(`  overhead ${(appMed - rawMed).toFixed(1)} ms (target <= 50 ms), ratio ${(appMed / rawMed).toFixed(2)}x, app p95 ${pct(appTimes, 0.95).toFixed(1)} ms`);

  // Scrolling the 200-row page: frame intervals while scrolling vs idle frames of the same page.
  const frames = await page.evaluate(async () => {
    const el = document.querySelector('.grid__scroll') as HTMLElement;
    const sample = (n: number, step?: (i: number) => void) =>
      new Promise<number[]>((resolve) => {
        const out: number[] = [];
        let last = performance.now();
        let i = 0;
        const tick = (t: number) => {
          out.push(t - last);
          last = t;
          step?.(i);
          if (++i < n) requestAnimationFrame(tick);
          else resolve(out.slice(2));
        };
        requestAnimationFrame(tick);
      });
    const idle = await sample(120);
    el.scrollTop = 0;
    const max = el.scrollHeight - el.clientHeight;
    const scrolling = await sample(240, (i) => {
      el.scrollTop = (Math.abs(((i * 40) % (2 * max)) - max) - max) * -1; // down and back up, 40 px a frame
    });
    return { idle, scrolling };
  });
  const idleMed = median(frames.idle);
  console.log(
    `scroll 200 rows: frame median ${median(frames.scrolling).toFixed(1)} ms, p95 ${pct(frames.scrolling, 0.95).toFixed(1)} ms; idle frame median ${idleMed.toFixed(1)} ms; p95/idle ${(pct(frames.scrolling, 0.95) / idleMed).toFixed(2)}x`,
  );
} finally {
  await app.close();
}
