// The ESG feature wired to a real sandbox over HTTP, on one scaled virtual clock.
import { createEsgFeature } from '../../../../../src/main/features/esg/feature';
import type { BackoffPolicy } from '../../../../../src/main/features/esg/backoff';
import type { EsgModuleView, WatchView } from '../../../../../src/shared/bridge/groups/esg';
import { startSandbox, type SandboxHandle } from '../../../../../src/sandbox/server';
import type { EsgPace } from '../../../../../src/sandbox/server';
import type { FeatureSettings } from '../../../../../src/main/platform/ports/feature-deps';
import { fakeDeps, type MemorySettings } from './fake-deps';
import { realClient } from './real-client';
import { ScaledClock } from './scaled-clock';

export type Completed = { watch: WatchView; view: EsgModuleView | null };

export async function sandboxWithClock(factor: number, esg: Partial<EsgPace>, companies = 2000) {
  const clock = new ScaledClock(factor);
  const sandbox = await startSandbox({ clock, esg, companies, seed: 42 });
  return { clock, sandbox };
}

export function featureOn(sandbox: SandboxHandle, clock: ScaledClock, opts: { settings?: MemorySettings | FeatureSettings; client?: { id: string; secret: string }; policy?: Partial<BackoffPolicy> } = {}) {
  const api = realClient(sandbox, opts.client ?? sandbox.control.clients.analyst, clock.now);
  const { deps, rec } = fakeDeps(async () => api, { settings: opts.settings, now: clock.now });
  const timers = clock.timers();
  const feature = createEsgFeature(deps, { timers, policy: opts.policy });
  const progress = (sessionId: string) => rec.events.filter((e) => e.name === 'progress' && (e.payload as WatchView).sessionId === sessionId).map((e) => e.payload as WatchView);
  const completed = (sessionId: string) => rec.events.find((e) => e.name === 'completed' && (e.payload as Completed).watch.sessionId === sessionId)?.payload as Completed | undefined;
  const lastState = (sessionId: string) => progress(sessionId).at(-1)?.state;
  return { feature, rec, api, progress, completed, lastState, timers };
}

/**
 * A give-up, not a speed limit: a loaded 2-core machine may take this long for what takes a second
 * when quiet. The test's own timeout still applies.
 */
const GIVE_UP_AFTER_AT_LEAST_MS = 60_000;

/** Waits (real time) until `cond` holds; gives up after `timeoutMs` (at least a minute). */
export async function until(cond: () => boolean, timeoutMs = GIVE_UP_AFTER_AT_LEAST_MS, what = 'condition'): Promise<void> {
  const t0 = Date.now();
  const giveUpMs = Math.max(timeoutMs, GIVE_UP_AFTER_AT_LEAST_MS);
  while (!cond()) {
    if (Date.now() - t0 > giveUpMs) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}
