// Time source for everything time-dependent in the sandbox (token expiry, ESG session progress).
// Tests pass a ManualClock so sessions and expiries move only when they say so.

export interface Clock {
  /** Epoch milliseconds. */
  now(): number;
}

export const realClock: Clock = { now: () => Date.now() };

export class ManualClock implements Clock {
  private current: number;

  constructor(startMs: number = Date.UTC(2026, 0, 1)) {
    this.current = startMs;
  }

  now(): number {
    return this.current;
  }

  advance(ms: number): number {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError('ManualClock.advance needs a non-negative number');
    this.current += ms;
    return this.current;
  }

  set(ms: number): void {
    if (!Number.isFinite(ms)) throw new RangeError('ManualClock.set needs a finite number');
    this.current = ms;
  }
}

/** Real time plus an adjustable offset: lets the HTTP control routes move time in a live sandbox. */
export class OffsetClock implements Clock {
  private offset = 0;

  constructor(private readonly base: Clock = realClock) {}

  now(): number {
    return this.base.now() + this.offset;
  }

  advance(ms: number): number {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError('OffsetClock.advance needs a non-negative number');
    this.offset += ms;
    return this.now();
  }
}

/** Move `clock` forward if it can be moved; returns false for a clock that cannot. */
export function advanceClock(clock: Clock, ms: number): boolean {
  if (clock instanceof ManualClock || clock instanceof OffsetClock) {
    clock.advance(ms);
    return true;
  }
  return false;
}
