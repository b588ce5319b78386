// Is the core (Electron main, or the browser-mode host) answering? A heartbeat (`app.ping`) every
// few seconds; a ping that fails (socket gone) or does not answer in time (main hung) marks the
// link lost at once. While lost, pings continue every second (the browser transport reconnects on
// its own backoff; a ping waits for its next attempt); the first answer marks it back and calls
// `onRecover` so the app re-reads everything it shows. Pure: timers and ping are injected.

export type BridgeHealth =
  | { state: 'ok' }
  | { state: 'lost'; since: number; reason: LostReason; message: string; checks: number };

/** `stopped`: the link will not come back by waiting (another tab took it over; never signed in). */
export type LostReason = 'unreachable' | 'not_answering' | 'stopped';

export interface BridgeHealthOptions {
  /**
   * Resolves true when the core answered, false when the call failed, or the message of a failure
   * that waiting will not cure; may also never settle.
   */
  ping(): Promise<boolean | string>;
  now(): number;
  onRecover(): void;
  /** Between pings while healthy. */
  intervalMs?: number;
  /** A ping not answered by then counts as lost. */
  timeoutMs?: number;
  /** Between pings while lost. */
  lostIntervalMs?: number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (t: unknown) => void;
}

/**
 * A closed link fails a ping at once: the banner shows within intervalMs (1.5 s; the issue asks
 * for 5). A core that is alive but busy (the embedded sandbox building its data set blocks the
 * event loop for seconds on a loaded machine) must not read as gone, so "not answering" waits
 * timeoutMs (15 s) for a hung main or host.
 */
export const HEARTBEAT = { intervalMs: 1500, timeoutMs: 15_000, lostIntervalMs: 1000 } as const;

export const LOST_MESSAGES = {
  unreachable: 'Lost contact with the Firmscope core.',
  not_answering: 'The Firmscope core is not answering.',
} as const;

export class BridgeHealthMonitor {
  private health: BridgeHealth = { state: 'ok' };
  private readonly subs = new Set<() => void>();
  private timer: unknown = null;
  private running = false;
  private inFlight = false;
  private readonly o: Required<BridgeHealthOptions>;

  constructor(opts: BridgeHealthOptions) {
    this.o = {
      ...HEARTBEAT,
      setTimer: (fn, ms) => setTimeout(fn, ms),
      clearTimer: (t) => clearTimeout(t as ReturnType<typeof setTimeout>),
      ...opts,
    };
  }

  get snapshot(): BridgeHealth {
    return this.health;
  }

  subscribe = (cb: () => void): (() => void) => {
    this.subs.add(cb);
    return () => void this.subs.delete(cb);
  };

  getSnapshot = (): BridgeHealth => this.health;

  start(): void {
    if (this.running) return;
    this.running = true;
    this.schedule(0);
  }

  stop(): void {
    this.running = false;
    if (this.timer !== null) this.o.clearTimer(this.timer);
    this.timer = null;
  }

  /** "Check now": one ping at once (ignored while one is out). */
  checkNow(): void {
    if (!this.running || this.inFlight) return;
    if (this.timer !== null) this.o.clearTimer(this.timer);
    this.timer = null;
    void this.beat();
  }

  private schedule(ms: number) {
    if (!this.running) return;
    this.timer = this.o.setTimer(() => {
      this.timer = null;
      void this.beat();
    }, ms);
  }

  private async beat(): Promise<void> {
    this.inFlight = true;
    let timeout: unknown = null;
    const late = new Promise<'late'>((r) => (timeout = this.o.setTimer(() => r('late'), this.o.timeoutMs)));
    const answer = await Promise.race([this.o.ping().catch(() => false), late]);
    this.o.clearTimer(timeout);
    this.inFlight = false;
    if (answer === true) this.markOk();
    else if (answer === 'late') this.markLost('not_answering');
    else if (typeof answer === 'string') this.markLost('stopped', answer);
    else this.markLost('unreachable');
    this.schedule(this.health.state === 'ok' ? this.o.intervalMs : this.o.lostIntervalMs);
  }

  private markOk() {
    if (this.health.state === 'ok') return;
    this.set({ state: 'ok' });
    this.o.onRecover();
  }

  private markLost(reason: LostReason, message?: string) {
    const prev = this.health;
    const since = prev.state === 'lost' ? prev.since : this.o.now();
    const checks = prev.state === 'lost' ? prev.checks + 1 : 1;
    this.set({ state: 'lost', since, reason, message: message ?? LOST_MESSAGES[reason as keyof typeof LOST_MESSAGES], checks });
  }

  private set(h: BridgeHealth) {
    this.health = h;
    for (const s of [...this.subs]) s();
  }
}
