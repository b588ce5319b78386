// A deterministic clock for the watcher: timers fire only when the test advances time.
import type { WatchTimers } from '../../../../../src/main/features/esg/timers';

interface Pending {
  id: number;
  at: number;
  fn: () => void;
}

export class ManualTimers implements WatchTimers {
  private t: number;
  private seq = 0;
  private pending: Pending[] = [];
  constructor(start = 1_700_000_000_000, private readonly rand: () => number = () => 0.5) {
    this.t = start;
  }
  now = (): number => this.t;
  random = (): number => this.rand();
  setTimeout = (fn: () => void, ms: number): unknown => {
    const p = { id: ++this.seq, at: this.t + Math.max(0, ms), fn };
    this.pending.push(p);
    return p.id;
  };
  clearTimeout = (h: unknown): void => {
    this.pending = this.pending.filter((p) => p.id !== h);
  };
  get pendingCount(): number {
    return this.pending.length;
  }

  /** Moves time forward, firing due timers in order and letting promises settle after each. */
  async advance(ms: number): Promise<void> {
    const end = this.t + ms;
    for (;;) {
      await flush();
      this.pending.sort((a, b) => a.at - b.at || a.id - b.id);
      const next = this.pending[0];
      if (!next || next.at > end) break;
      this.pending.shift();
      this.t = next.at;
      next.fn();
    }
    this.t = end;
    await flush();
  }
}

/** Lets chained promise callbacks (fake API replies, handlers) run. */
export async function flush(rounds = 20): Promise<void> {
  for (let i = 0; i < rounds; i++) await Promise.resolve();
}
