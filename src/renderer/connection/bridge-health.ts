// Is the core (Electron main, or the browser-mode host) answering? A heartbeat (`app.ping`) every
// few seconds; a ping that fails (socket gone) or does not answer in time (main hung) marks the
// link lost at once. While lost, pings continue every second (the browser transport reconnects on
// its own backoff; a ping waits for its next attempt); the first answer marks it back and calls
// `onRecover` so the app re-reads everything it shows. Pure: timers and ping are injected.

export type BridgeHealth =
  | { state: 'ok' }
  | { state: 'lost'; since: number; reason: 'unreachable' | 'not_answering'; message: string; checks: number };

export interface BridgeHealthOptions {
  /** Resolves true when the core answered, false when the call failed; may also never settle. */
  ping(): Promise<boolean>;
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

/** Worst case from the core going away to the banner: intervalMs + timeoutMs (4 s; the issue asks for 5). */
export const HEARTBEAT = { intervalMs: 1500, timeoutMs: 2500, lostIntervalMs: 1000 } as const;

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
    else this.markLost(answer === 'late' ? 'not_answering' : 'unreachable');
    this.schedule(this.health.state === 'ok' ? this.o.intervalMs : this.o.lostIntervalMs);
  }

  private markOk() {
    if (this.health.state === 'ok') return;
    this.set({ state: 'ok' });
    this.o.onRecover();
  }

  private markLost(reason: 'unreachable' | 'not_answering') {
    const prev = this.health;
    const since = prev.state === 'lost' ? prev.since : this.o.now();
    const checks = prev.state === 'lost' ? prev.checks + 1 : 1;
    this.set({ state: 'lost', since, reason, message: LOST_MESSAGES[reason], checks });
  }

  private set(h: BridgeHealth) {
    this.health = h;
    for (const s of [...this.subs]) s();
  }
}
