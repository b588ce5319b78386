// A virtual clock for the rate limiter's `now` and `sleep`: sleeps resolve in time order when the
// test runs the clock, with promise chains settling in between.
export function virtualTime() {
  let now = 0;
  const timers: { at: number; seq: number; resolve(): void; reject(e: Error): void }[] = [];
  let seq = 0;
  const sleep = (ms: number, signal?: AbortSignal) =>
    new Promise<void>((resolve, reject) => {
      const t = { at: now + ms, seq: seq++, resolve, reject };
      timers.push(t);
      signal?.addEventListener('abort', () => {
        const i = timers.indexOf(t);
        if (i >= 0) timers.splice(i, 1);
        const e = new Error('Cancelled.');
        e.name = 'AbortError';
        reject(e);
      });
    });
  const settle = () => new Promise<void>((r) => setImmediate(r));
  return {
    now: () => now,
    sleep,
    /** Fires timers in order until none is left, letting promise chains run in between. */
    async run(): Promise<void> {
      await this.runUntil(Infinity);
    },
    /** Fires the timers due by `until` in order, then sets the clock to `until` (when finite). */
    async runUntil(until: number): Promise<void> {
      await settle();
      for (;;) {
        timers.sort((a, b) => a.at - b.at || a.seq - b.seq);
        if (!timers.length || timers[0]!.at > until) break;
        const t = timers.shift()!;
        now = Math.max(now, t.at);
        t.resolve();
        await settle();
      }
      if (Number.isFinite(until)) now = Math.max(now, until);
      await settle();
    },
  };
}
