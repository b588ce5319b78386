// esgRuns.runFinished becomes a web notification with the run's label and counts.
import { afterEach, expect, it } from 'vitest';
import { watchRunFinished } from '../../../src/renderer/esg/run-finished-notify';
import type { RunFinished } from '../../../src/shared/esg-runs/schemas';

afterEach(() => {
  delete (globalThis as { window?: unknown }).window;
});

it('shows the title and body main sent when a run finishes, and stops after unsubscribe', () => {
  const listeners = new Set<(p: unknown) => void>();
  (globalThis as { window?: unknown }).window = {
    firmscope: { esgRuns: { onRunFinished: (cb: (p: unknown) => void) => (listeners.add(cb), () => listeners.delete(cb)) } },
  };
  const shown: Array<[string, string]> = [];
  const off = watchRunFinished((title, body) => shown.push([title, body]));
  const f = { title: 'ESG run finished: DAX 40', body: '40 companies (scores): 40 complete.' } as RunFinished;
  listeners.forEach((l) => l(f));
  off();
  listeners.forEach((l) => l(f));
  expect(shown).toEqual([['ESG run finished: DAX 40', '40 companies (scores): 40 complete.']]);
});
