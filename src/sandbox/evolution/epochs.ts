// Data epochs on the sandbox clock. Epoch 0 starts when the sandbox starts; each lasts epochMs.
// Changing epochMs keeps the current epoch (the next one starts epochMs after the change), and
// turning evolution off holds the epoch where it is, so settings never make the data jump.
import type { Clock } from '../clock';

interface Segment {
  /** First epoch timed by this segment. */
  fromEpoch: number;
  /** Clock ms at which `fromEpoch` starts. */
  startMs: number;
  epochMs: number;
}

export class EpochClock {
  /** Never empty: the first segment times epoch 0. */
  private readonly segments: [Segment, ...Segment[]];
  private held: number | null = null;
  /** Length set while held: it times the epochs after the resume. */
  private pendingEpochMs: number | null = null;

  constructor(
    private readonly clock: Clock,
    epochMs: number,
    enabled: boolean,
    readonly startedAt: number = clock.now(),
  ) {
    this.segments = [{ fromEpoch: 0, startMs: startedAt, epochMs }];
    if (!enabled) this.held = 0;
  }

  get enabled(): boolean {
    return this.held === null;
  }

  get epochMs(): number {
    return this.pendingEpochMs ?? this.last().epochMs;
  }

  /** The epoch at clock time `t`, ignoring a hold. */
  epochAt(t: number): number {
    for (let i = this.segments.length - 1; i >= 0; i--) {
      const seg = this.segments[i]!;
      if (t < seg.startMs && i > 0) continue;
      const e = seg.fromEpoch + Math.max(0, Math.floor((t - seg.startMs) / seg.epochMs));
      const next = this.segments[i + 1];
      return next ? Math.min(e, next.fromEpoch - 1) : e;
    }
    return 0;
  }

  current(): number {
    return this.held ?? this.epochAt(this.clock.now());
  }

  /** Clock ms at which epoch `e` starts (or started). */
  startOf(e: number): number {
    const seg = this.segments.findLast((s) => s.fromEpoch <= e);
    return seg ? seg.startMs + (e - seg.fromEpoch) * seg.epochMs : this.segments[0].startMs;
  }

  private last(): Segment {
    return this.segments.at(-1) ?? this.segments[0];
  }

  /** When the next epoch starts, or null while held. */
  nextStart(): number | null {
    return this.held === null ? this.startOf(this.current() + 1) : null;
  }

  setEpochMs(epochMs: number): void {
    if (epochMs === this.epochMs) return;
    if (this.held !== null) {
      this.pendingEpochMs = epochMs;
      return;
    }
    this.beginNext(this.current() + 1, epochMs);
  }

  setEnabled(enabled: boolean): void {
    if (enabled === this.enabled) return;
    if (!enabled) {
      this.held = this.current();
      return;
    }
    const next = this.held! + 1;
    const epochMs = this.epochMs;
    this.held = null;
    this.pendingEpochMs = null;
    this.beginNext(next, epochMs);
  }

  /** Epoch `next` starts epochMs from now (replacing a start not reached yet). */
  private beginNext(next: number, epochMs: number): void {
    const last = this.last();
    if (this.segments.length > 1 && last.fromEpoch === next && last.startMs > this.clock.now()) this.segments.pop();
    this.segments.push({ fromEpoch: next, startMs: this.clock.now() + epochMs, epochMs });
  }
}
