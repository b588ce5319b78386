// One virtual time for the sandbox and the watcher, running `factor` times faster than the wall
// clock: a 60 s session takes 60/factor real seconds, and both sides agree on every timestamp.
import type { WatchTimers } from '../../../../../src/main/features/esg/timers';

export class ScaledClock {
  private readonly realStart = performance.now();
  private readonly virtualStart: number;
  constructor(readonly factor: number, start = Date.UTC(2026, 0, 1)) {
    this.virtualStart = start;
  }
  now = (): number => Math.floor(this.virtualStart + (performance.now() - this.realStart) * this.factor);
  /** Real ms for a span of virtual ms. */
  real(virtualMs: number): number {
    return virtualMs / this.factor;
  }
  /**
   * Watcher timers on the same virtual time. `pending()` counts the timers set and not yet fired or
   * cleared: with none pending and no request in flight, the feature can do nothing more by itself.
   */
  timers(random: () => number = Math.random): WatchTimers & { pending(): number } {
    const live = new Set<NodeJS.Timeout>();
    return {
      now: this.now,
      random,
      setTimeout: (fn, ms) => {
        const h = setTimeout(() => {
          live.delete(h);
          fn();
        }, this.real(ms));
        live.add(h);
        return h;
      },
      clearTimeout: (h) => {
        live.delete(h as NodeJS.Timeout);
        clearTimeout(h as NodeJS.Timeout);
      },
      pending: () => live.size,
    };
  }
  sleep(virtualMs: number): Promise<void> {
    return new Promise((r) => setTimeout(r, this.real(virtualMs)));
  }
}
