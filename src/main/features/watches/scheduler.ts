// When automatic checks happen, for the active profile's watches: at their schedule while the app
// runs ('schedule'), once at start for a check that fell due while it was closed ('missed', once
// however many were missed), at start for watches set to check at start ('start'), and going on
// with a check the app was closed in the middle of ('resume'). One timer, set for the earliest due
// watch and at least every PLAN_EVERY_MS (a profile switch, a clock that jumped). Automatic checks
// run one after the other at low priority, each only if the day's budget has room for its estimate;
// otherwise it waits (status 'waiting', a note in words) and is tried again as the plan runs.
import type { CheckTrigger } from '../../../shared/watches/watches';
import { budgetGate, type BudgetLedger } from './budget';
import type { CheckRunner } from './runner';
import { nextRunAfter } from './schedule';
import type { StoredCheck, StoredWatch, WatchStore } from './store';

/** How the scheduler waits (fake in tests; real timers never keep the process alive). */
export interface CheckTimers {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export function realCheckTimers(now: () => number): CheckTimers {
  return {
    now,
    setTimeout: (fn, ms) => {
      const h = setTimeout(fn, ms);
      h.unref();
      return h;
    },
    clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout),
  };
}

/** The plan runs at least this often (and at every due time). */
export const PLAN_EVERY_MS = 60_000;

/** One profile's watches as the scheduler works them. */
export interface ScheduledProfile {
  profileId: string;
  store: WatchStore;
  budget: BudgetLedger;
  runner: CheckRunner;
  dailyBudget(): number;
  /** Requests the watch's next check needs (may send one count request for a search never checked). */
  estimate(watch: StoredWatch): Promise<number | null>;
  /** Whether the watch's saved search or list still exists (a watch without one is not checked automatically). */
  hasTarget(watch: StoredWatch): boolean;
  emitChanged(watchId: number | null): void;
}

interface Queued {
  watchId: number;
  trigger: CheckTrigger;
}

const INTERRUPTED_NOTE = 'The app was closed during this check; it went on at the next start.';

export class Scheduler {
  private timer: unknown = null;
  private readonly started = new Set<string>();
  private queue: Queued[] = [];
  private pumping: Promise<void> | null = null;
  private disposed = false;

  constructor(
    private readonly timers: CheckTimers,
    /** The active profile's watches, or null (no profile, no workspace). */
    private readonly active: () => ScheduledProfile | null,
  ) {}

  /** When the watch is next due by its schedule (null: manual or paused). */
  static nextDue(w: StoredWatch): number | null {
    if (w.paused) return null;
    return nextRunAfter(w.schedule, w.lastDueAt ?? w.createdAt);
  }

  /** Looks at every watch of the active profile now, starts what is due, and sets the next wake-up. */
  plan(): void {
    if (this.disposed) return;
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
    let wake = this.timers.now() + PLAN_EVERY_MS;
    try {
      const p = this.active();
      if (p) wake = Math.min(wake, this.planProfile(p));
    } catch {
      // The workspace cannot be read now (said by its notice): tried again at the next plan.
    }
    this.timer = this.timers.setTimeout(() => this.plan(), Math.max(0, wake - this.timers.now()));
  }

  /** Automatic checks queued or running (tests, shutdown). */
  idle(): Promise<void> {
    return this.pumping ?? Promise.resolve();
  }

  dispose(): void {
    this.disposed = true;
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
    this.queue = [];
  }

  /** Queues what is due; returns the earliest next due time of the profile's watches. */
  private planProfile(p: ScheduledProfile): number {
    const now = this.timers.now();
    const first = !this.started.has(p.profileId);
    this.started.add(p.profileId);
    if (first) this.resumeInterrupted(p);
    const open = new Map(p.store.openChecks().map((c) => [c.watchId, c]));
    let earliest = Infinity;
    for (const w of p.store.all()) {
      const due = Scheduler.nextDue(w);
      const waiting = open.get(w.id)?.status === 'waiting';
      if (due !== null && due <= now) {
        // Several due times passed (the app was closed, the computer slept): one check for all of them.
        p.store.setLastDue(w.id, now);
        if (!open.has(w.id) && !p.runner.isRunning(w.id)) this.enqueue({ watchId: w.id, trigger: first ? 'missed' : 'schedule' });
      } else if (first && w.checkAtStart && !w.paused && !open.has(w.id)) {
        this.enqueue({ watchId: w.id, trigger: 'start' });
      }
      if (waiting) this.enqueue({ watchId: w.id, trigger: open.get(w.id)!.trigger });
      const next = Scheduler.nextDue({ ...w, lastDueAt: due !== null && due <= now ? now : w.lastDueAt });
      if (next !== null) earliest = Math.min(earliest, next);
    }
    this.pump(p);
    return earliest;
  }

  /** Checks left 'running' by the last run of the app: each is marked interrupted and goes on as a 'resume' check. */
  private resumeInterrupted(p: ScheduledProfile): void {
    for (const c of p.store.openChecks()) {
      if (c.status !== 'running' || p.runner.isRunning(c.watchId)) continue;
      const w = p.store.get(c.watchId);
      p.store.updateCheck(c.id, { status: 'interrupted', finishedAt: this.timers.now(), note: INTERRUPTED_NOTE });
      if (!w) continue;
      const next = p.store.createCheck({ watchId: w.id, trigger: 'resume', status: 'running', lowPriority: c.lowPriority });
      // A list check goes on with its ESG run; a search check loads again.
      const resumed = p.store.updateCheck(next.id, { runId: c.runId });
      p.runner.start(w, { trigger: 'resume', lowPriority: c.lowPriority, existing: resumed });
    }
  }

  private enqueue(q: Queued): void {
    if (!this.queue.some((x) => x.watchId === q.watchId)) this.queue.push(q);
  }

  /** Runs the queue one check after the other (a new plan while it runs only adds to it). */
  private pump(p: ScheduledProfile): void {
    if (this.pumping || this.queue.length === 0) return;
    this.pumping = (async () => {
      try {
        while (this.queue.length > 0 && !this.disposed) {
          const q = this.queue.shift()!;
          await this.runOne(p, q);
        }
      } finally {
        this.pumping = null;
      }
    })();
  }

  private async runOne(p: ScheduledProfile, q: Queued): Promise<void> {
    try {
      const w = p.store.get(q.watchId);
      // Paused, busy, or its target deleted (the screen shows that: targetName null): not now.
      if (!w || w.paused || p.runner.isRunning(w.id) || !p.hasTarget(w)) return;
      const open = p.store.openCheck(w.id);
      const waiting: StoredCheck | undefined = open?.status === 'waiting' ? open : undefined;
      if (open && !waiting) return;
      const estimate = (await p.estimate(w)) ?? 0;
      if (this.disposed) return;
      const gate = budgetGate(p.budget.state(this.timers.now(), p.dailyBudget()), estimate);
      if (!gate.ok) {
        if (waiting) {
          if (waiting.note !== gate.note) p.store.updateCheck(waiting.id, { note: gate.note });
        } else p.store.createCheck({ watchId: w.id, trigger: q.trigger, status: 'waiting', lowPriority: true, note: gate.note });
        p.emitChanged(w.id);
        return;
      }
      p.runner.start(w, { trigger: q.trigger, lowPriority: true, existing: waiting });
      await p.runner.whenDone(w.id);
    } catch {
      // A check that cannot start (the workspace refused a write) is tried again at the next plan.
    }
  }
}
