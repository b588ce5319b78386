// Injectable time sources so tests and the bench can drive the watcher with fake or accelerated clocks.

export interface WatchTimers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  /** Epoch ms, used for startedAt/updatedAt/nextPollAt shown to the analyst. */
  now(): number;
  /** Uniform in [0, 1), for jitter. */
  random(): number;
}

export function realTimers(now: () => number = Date.now): WatchTimers {
  return {
    setTimeout: (fn, ms) => {
      const h = setTimeout(fn, ms);
      // Watches must never keep a Node process (tests, browser host) alive on their own.
      if (typeof h === 'object' && h && 'unref' in h) (h as NodeJS.Timeout).unref();
      return h;
    },
    clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout),
    now,
    random: Math.random,
  };
}
