// Benchmark: ESG session watching against the real sandbox over HTTP.
//  1. Latency from the sandbox marking a session complete to the `esg.completed` event (and the
//     terminal `esg.progress`), in real time. Target: <= the poll interval in effect + 250 ms.
//  2. Status calls per session for a 60 s session, on a virtual clock shared by the sandbox and the
//     watcher (accelerated; both sides read the same time, so the schedule is the real one).
// Raw baseline measured in the same run: a bare fetch loop polling every 1 s (the naive client).
// Run: npx tsx bench/esg-latency.ts [--sessions 8] [--session-ms 8000] [--factor 10]
import { parseArgs } from 'node:util';
import { DEFAULT_BACKOFF, maxPollsWithin } from '../src/main/features/esg/backoff';
import { startSandbox, type SandboxHandle } from '../src/sandbox/server';
import type { WatchView } from '../src/shared/bridge/groups/esg';
import { ctx } from '../test/main/features/esg/helpers/fake-deps';
import { featureOn, until } from '../test/main/features/esg/helpers/sandbox-world';
import { ScaledClock } from '../test/main/features/esg/helpers/scaled-clock';

const { values } = parseArgs({ options: { sessions: { type: 'string', default: '8' }, 'session-ms': { type: 'string', default: '8000' }, factor: { type: 'string', default: '10' } } });
const N = Number(values.sessions);
const SESSION_MS = Number(values['session-ms']);
const FACTOR = Number(values.factor);
const LONG_MS = 60_000;
const SLACK_MS = 250;

const fmt = (n: number) => n.toFixed(0).padStart(6);
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

async function token(sb: SandboxHandle): Promise<string> {
  const c = sb.control.clients.analyst;
  const res = await fetch(`${sb.authUrl}/oauth2/token`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`${c.id}:${c.secret}`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials&scope=api%3Ause',
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

/** The naive client: one module request, then GET status every `everyMs` (virtual) until complete. */
async function rawPoller(sb: SandboxHandle, clock: ScaledClock, bearer: string, companyId: string, everyMs: number) {
  const h = { authorization: `Bearer ${bearer}` };
  const mod = (await (await fetch(`${sb.baseUrl}/esg/v1/companies/${companyId}/news`, { headers: h })).json()) as { active_processing_session: string };
  const sid = mod.active_processing_session;
  for (;;) {
    await clock.sleep(everyMs);
    const s = (await (await fetch(`${sb.baseUrl}/esg/v1/processing/${sid}`, { headers: h })).json()) as { status: string };
    if (s.status !== 'processing') return { sid, doneAt: clock.now() };
  }
}

interface Run {
  latencies: number[];
  progressLatencies: number[];
  intervals: number[];
  calls: number[];
  rawLatencies: number[];
  rawCalls: number[];
}

async function run(factor: number, sessionMs: number, sessions: number): Promise<Run> {
  const clock = new ScaledClock(factor);
  const sb = await startSandbox({ clock, companies: 5000, esg: { sessionMs, itemsPerSession: 12 } });
  try {
    const companies = sb.control.esgCompanies('known', sessions * 2).map((c) => c.company_id);
    const ours = companies.slice(0, sessions);
    const raw = companies.slice(sessions);
    const w = featureOn(sb, clock);
    const bearer = await token(sb);
    const rawRuns = raw.map((c) => rawPoller(sb, clock, bearer, c, 1000));
    const views = await Promise.all(ours.map((companyId) => w.feature.handlers.request({ companyId, module: 'news', pageSize: 10 }, ctx())));
    const sids = views.map((v) => v.sessionId!);
    await until(() => sids.every((s) => w.completed(s)), clock.real(sessionMs) + 30_000 / Math.min(factor, 3), 'completions');
    const rawDone = await Promise.all(rawRuns);
    const stats = sb.control.stats();
    const out: Run = { latencies: [], progressLatencies: [], intervals: [], calls: [], rawLatencies: [], rawCalls: [] };
    ours.forEach((companyId, i) => {
      const completeAt = stats.moduleRequests[`${companyId}/news`]![0]! + sessionMs;
      const calls = stats.statusCalls[sids[i]!] ?? [];
      const doneEvent = w.rec.events.find((e) => e.name === 'completed' && (e.payload as { watch: WatchView }).watch.sessionId === sids[i])!;
      const progressEvent = w.rec.events.find((e) => e.name === 'progress' && (e.payload as WatchView).sessionId === sids[i] && (e.payload as WatchView).state === 'complete')!;
      out.latencies.push(doneEvent.at - completeAt);
      out.progressLatencies.push(progressEvent.at - completeAt);
      out.intervals.push(calls.length > 1 ? calls.at(-1)! - calls.at(-2)! : (calls[0] ?? NaN) - (completeAt - sessionMs));
      out.calls.push(calls.length);
    });
    raw.forEach((companyId, i) => {
      const completeAt = stats.moduleRequests[`${companyId}/news`]![0]! + sessionMs;
      out.rawLatencies.push(rawDone[i]!.doneAt - completeAt);
      out.rawCalls.push(stats.statusCalls[rawDone[i]!.sid]!.length);
    });
    await w.feature.dispose!();
    return out;
  } finally {
    await sb.close();
  }
}

async function main() {
  console.log(`ESG watch benchmark (policy: ${DEFAULT_BACKOFF.baseMs} ms doubling to ${DEFAULT_BACKOFF.capMs} ms, jitter ${DEFAULT_BACKOFF.jitter})`);

  console.log(`\n1) Latency, real time: ${N} news sessions of ${SESSION_MS} ms, watched at once; raw baseline polls every 1 s`);
  const a = await run(1, SESSION_MS, N);
  console.log('   session  completed-event ms  progress-event ms  poll interval ms  target ms  ok');
  let allOk = true;
  a.latencies.forEach((l, i) => {
    const target = a.intervals[i]! + SLACK_MS;
    const ok = l <= target;
    allOk &&= ok;
    console.log(`   ${String(i + 1).padStart(7)}  ${fmt(l).padStart(18)}  ${fmt(a.progressLatencies[i]!).padStart(17)}  ${fmt(a.intervals[i]!).padStart(16)}  ${fmt(target).padStart(9)}  ${ok ? 'yes' : 'NO'}`);
  });
  const worst = Math.max(...a.latencies.map((l, i) => l / (a.intervals[i]! + SLACK_MS)));
  console.log(`   mean latency ${mean(a.latencies).toFixed(0)} ms (raw 1 s poller: ${mean(a.rawLatencies).toFixed(0)} ms); worst latency / (interval + 250 ms) = ${worst.toFixed(2)} ${allOk ? '(target met)' : '(TARGET MISSED)'}`);
  console.log(`   status calls per session: ours ${mean(a.calls).toFixed(1)}, raw ${mean(a.rawCalls).toFixed(1)}, ratio ${(mean(a.calls) / mean(a.rawCalls)).toFixed(2)}`);

  console.log(`\n2) Status calls for a ${LONG_MS / 1000} s session: ${N} sessions on a virtual clock ${FACTOR}x real time (sandbox and watcher share it)`);
  const b = await run(FACTOR, LONG_MS, N);
  const bound = maxPollsWithin(DEFAULT_BACKOFF, LONG_MS);
  console.log(`   ours: mean ${mean(b.calls).toFixed(1)}, max ${Math.max(...b.calls)} per session (bound ${bound}); raw 1 s poller: ${mean(b.rawCalls).toFixed(1)}`);
  console.log(`   ratio ours / raw = ${(mean(b.calls) / mean(b.rawCalls)).toFixed(2)}; completion latency (virtual) mean ${mean(b.latencies).toFixed(0)} ms, raw ${mean(b.rawLatencies).toFixed(0)} ms`);
  if (!allOk || Math.max(...b.calls) > bound) process.exitCode = 1;
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
