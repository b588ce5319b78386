// Where the renderer's long tasks go: a Chromium trace (timeline events) and a sampled JS profile
// taken together over one phase of a bench, then, for each main-thread task over 50 ms, its time by
// timeline event (self time: Layout, UpdateLayoutTree, FunctionCall, GC, Paint...) and the JS
// functions with the most self time inside the long tasks. Opt-in (it slows the page it measures).
import type { CDPSession, Page } from '@playwright/test';
import { writeFileSync } from 'node:fs';

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  /** Thread (CPU) time: far below dur when the thread waited for a core. */
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: Record<string, unknown> };
}

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number } }[];
  startTime: number;
  samples?: number[];
  timeDeltas?: number[];
}

const LONG_MS = 50;
const CATEGORIES = [...(process.env.SCROLL_TRACE_EXTRA ?? '').split(',').filter(Boolean), 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'blink', 'toplevel'];

export async function startLongTaskProfile(page: Page): Promise<() => Promise<string>> {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...(e.value as unknown as TraceEvent[])));
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  // The profiler first: starting it is itself a long task, kept out of the trace.
  await cdp.send('Profiler.start');
  await cdp.send('Tracing.start', { categories: CATEGORIES.join(','), transferMode: 'ReportEvents' });
  return async () => {
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
    const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
    await cdp.send('Tracing.end');
    await done;
    await cdp.detach();
    // SCROLL_TRACE_OUT=file: the raw trace too, for chrome://tracing or a closer look.
    if (process.env.SCROLL_TRACE_OUT) writeFileSync(process.env.SCROLL_TRACE_OUT, JSON.stringify({ traceEvents: events }));
    return describe(events, profile);
  };
}

function describe(events: TraceEvent[], profile: CpuProfile): string {
  // The page's main thread: the CrRendererMain with the most events.
  const mains = events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const count = (m: TraceEvent) => events.filter((e) => e.pid === m.pid && e.tid === m.tid).length;
  const main = mains.sort((a, b) => count(b) - count(a))[0];
  if (!main) return 'no renderer main thread in the trace';
  const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur !== undefined);
  const tasks = onMain.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) / 1000 > LONG_MS).sort((a, b) => a.ts - b.ts);
  const allTasks = onMain.filter((e) => e.name === 'RunTask');
  const whole = selfTimes(onMain.filter((e) => e.name !== 'RunTask'));
  const cpu = allTasks.map((e) => (e.tdur ?? 0) / 1000).sort((a, b) => a - b);
  const lines = [
    `renderer main thread over the whole phase: ${allTasks.length} tasks, ${(allTasks.reduce((a, e) => a + (e.dur ?? 0), 0) / 1000).toFixed(0)} ms wall, ${cpu.reduce((a, b) => a + b, 0).toFixed(0)} ms CPU (task CPU p99 ${cpu[Math.floor(cpu.length * 0.99)]?.toFixed(1)} ms, max ${cpu[cpu.length - 1]?.toFixed(1)} ms)`,
    `  self time by event (ms): ${[...whole]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 12)
      .map(([k, v]) => `${k} ${(v / 1000).toFixed(0)}`)
      .join(', ')}`,
    ...byMark(events, allTasks),
    'JS self time over the whole phase (sampled profile, ms):',
    ...topFunctions(profile, [[-Infinity, Infinity]]).slice(0, 12),
    `long tasks on the renderer main thread (trace, over ${LONG_MS} ms): ${tasks.length}`,
  ];
  for (const task of tasks) {
    const end = task.ts + (task.dur ?? 0);
    const inside = onMain.filter((e) => e !== task && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end);
    const self = selfTimes(inside);
    const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, 8).map(([k, v]) => `${k} ${(v / 1000).toFixed(1)}`).join(', ');
    const scripts = inside
      .filter((e) => e.name === 'FunctionCall' || e.name === 'EvaluateScript' || e.name === 'TimerFire' || e.name === 'FireAnimationFrame' || e.name === 'EventDispatch')
      .slice(0, 4)
      .map((e) => `${e.name}${e.args?.data?.type ? `(${String(e.args.data.type)})` : ''}${e.args?.data?.functionName ? ` ${String(e.args.data.functionName)}` : ''} ${((e.dur ?? 0) / 1000).toFixed(1)}`)
      .join('; ');
    lines.push(`  task of ${((task.dur ?? 0) / 1000).toFixed(1)} ms (CPU ${((task.tdur ?? 0) / 1000).toFixed(1)} ms); self time by event (ms): ${top}`);
    if (scripts) lines.push(`    entered by: ${scripts}`);
  }
  lines.push('JS self time inside those long tasks (sampled profile, ms):');
  lines.push(...topFunctions(profile, tasks.map((t) => [t.ts, t.ts + (t.dur ?? 0)])));
  return lines.join('\n');
}

/** Self time by event name for nested complete events (each event minus its direct children). */
function selfTimes(inside: TraceEvent[]): Map<string, number> {
  const sorted = [...inside].sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const self = new Map<string, number>();
  const stack: { e: TraceEvent; end: number }[] = [];
  for (const e of sorted) {
    const end = e.ts + (e.dur ?? 0);
    while (stack.length && stack[stack.length - 1]!.end <= e.ts) stack.pop();
    const parent = stack[stack.length - 1];
    self.set(e.name, (self.get(e.name) ?? 0) + (e.dur ?? 0));
    if (parent) self.set(parent.e.name, (self.get(parent.e.name) ?? 0) - (e.dur ?? 0));
    stack.push({ e, end });
  }
  return self;
}

function topFunctions(profile: CpuProfile, windows: [number, number][]): string[] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  let t = profile.startTime;
  let inWindows = 0;
  profile.samples?.forEach((id, i) => {
    const dt = profile.timeDeltas?.[i] ?? 0;
    t += dt;
    if (!windows.some(([a, b]) => t >= a && t <= b)) return;
    inWindows += dt;
    const f = byId.get(id)?.callFrame;
    if (!f) return;
    const k = `${f.functionName || '(anonymous)'} ${f.url.split('/').pop() || ''}:${f.lineNumber + 1}:${f.columnNumber + 1}`;
    self.set(k, (self.get(k) ?? 0) + dt);
  });
  if (!inWindows) return ['  (no samples inside the long tasks)'];
  return [...self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 20)
    .map(([k, v]) => `${(v / 1000).toFixed(1).padStart(7)}  ${k}`);
}

/** CPU time of the main thread's tasks between the page's console.timeStamp() marks. */
function byMark(events: TraceEvent[], tasks: TraceEvent[]): string[] {
  const marks = events.filter((e) => e.name === 'TimeStamp' && e.args?.data?.message).sort((a, b) => a.ts - b.ts);
  return marks.map((m, i) => {
    const end = marks[i + 1]?.ts ?? Infinity;
    const inside = tasks.filter((t) => t.ts >= m.ts && t.ts < end);
    const cpu = inside.map((t) => (t.tdur ?? 0) / 1000).sort((a, b) => a - b);
    return `  from "${String(m.args?.data?.message)}": ${inside.length} tasks, ${cpu.reduce((a, b) => a + b, 0).toFixed(0)} ms CPU, task CPU p99 ${cpu[Math.floor(cpu.length * 0.99)]?.toFixed(1)} ms, max ${cpu[cpu.length - 1]?.toFixed(1)} ms`;
  });
}
