// When automatic checks happen, for the active profile's watches: at their schedule while the app
// runs ('schedule'), once at start for a check that fell due while it was closed ('missed', once
// however many were missed), at start for watches set to check at start ('start'), and going on
// with a check the app was closed in the middle of ('resume'). One timer, set for the earliest due
// watch and at least every PLAN_EVERY_MS (a profile switch, a clock that jumped). Automatic checks
// run one after the other at low priority, each only if the day's budget has room for its estimate;
// otherwise it waits (status 'waiting', a note in words), spends nothing, and is tried again when the
// budget resets (or is changed). Every queued check carries its own profile: one queued or running
// when another profile becomes active waits for its own (issue 36).
import type { CheckTrigger } from '../../../shared/watches/watches';
import { budgetGate, nextLocalMidnight, type BudgetLedger } from './budget';
import { WAITING_FOR_PROFILE } from './profile-api';
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

/**
 * A watch's last handled due time further ahead of now than this means the clock was set back: its
 * schedule counts from now (a correction of a few minutes does not repeat a check just made).
 */
export const CLOCK_SET_BACK_MS = 10 * 60_000;

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
  profile: ScheduledProfile;
  watchId: number;
  trigger: CheckTrigger;
}

/** A waiting check the budget holds: not estimated (no count request) before `until` unless the budget changes. */
interface Held {
  until: number;
  dailyBudget: number;
}

const INTERRUPTED_NOTE = 'The app was closed during this check; it went on at the next start.';

const keyOf = (p: ScheduledProfile, watchId: number) => `${p.profileId}\0${watchId}`;

function settledOnce(): { promise: Promise<void>; settle(): void } {
  let settle = () => {};
  const promise = new Promise<void>((resolve) => (settle = resolve));
  return { promise, settle };
}

export class Scheduler {
  private timer: unknown = null;
  private readonly started = new Set<string>();
  private queue: Queued[] = [];
  private pumping: Promise<void> | null = null;
  private disposed = false;
  private readonly held = new Map<string, Held>();
  /** The profile the last plan found active; `switched` settles when a plan finds another one. */
  private activeId: string | null = null;
  private switched = settledOnce();

  constructor(
    private readonly timers: CheckTimers,
    /** The active profile's watches, or null (no profile, no workspace). */
    private readonly active: () => ScheduledProfile | null,
  ) {}

  /**
   * What the watch's schedule counts from at `now`: its last handled due time, or now when that lies
   * ahead (the clock was set back; counting from it would stop every check until the clock caught up).
   */
  static countsFrom(w: StoredWatch, now: number): number {
    const from = w.lastDueAt ?? w.createdAt;
    return from - now > CLOCK_SET_BACK_MS ? now : from;
  }

  /** When the watch is next due by its schedule at `now` (null: manual or paused). */
  static nextDue(w: StoredWatch, now: number): number | null {
    if (w.paused) return null;
    return nextRunAfter(w.schedule, Scheduler.countsFrom(w, now));
  }

  /** Looks at every watch of the active profile now, starts what is due, and sets the next wake-up. */
  plan(): void {
    if (this.disposed) return;
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
    let wake = this.timers.now() + PLAN_EVERY_MS;
    try {
      const p = this.active();
      this.noteActive(p?.profileId ?? null);
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
    this.switched.settle();
  }

  private noteActive(profileId: string | null): void {
    if (profileId === this.activeId) return;
    this.activeId = profileId;
    this.switched.settle();
    this.switched = settledOnce();
  }

  private isActive(p: ScheduledProfile): boolean {
    try {
      return this.active()?.profileId === p.profileId;
    } catch {
      return false;
    }
  }

  /** Queues what is due; returns the earliest time the plan should look again for the profile's watches. */
  private planProfile(p: ScheduledProfile): number {
    const now = this.timers.now();
    const first = !this.started.has(p.profileId);
    this.started.add(p.profileId);
    if (first) this.resumeInterrupted(p);
    const open = new Map(p.store.openChecks().map((c) => [c.watchId, c]));
    let earliest = Infinity;
    for (const stored of p.store.all()) {
      const from = Scheduler.countsFrom(stored, now);
      // Set back: the schedule counts from now on, so the next due time comes (and is not counted from now again at each plan).
      if (from !== (stored.lastDueAt ?? stored.createdAt)) p.store.setLastDue(stored.id, from);
      const w = { ...stored, lastDueAt: from };
      const due = Scheduler.nextDue(w, now);
      const openCheck = open.get(w.id);
      if (due !== null && due <= now) {
        // Several due times passed (the app was closed, the computer slept): one check for all of them.
        p.store.setLastDue(w.id, now);
        if (!open.has(w.id) && !p.runner.isRunning(w.id)) this.enqueue({ profile: p, watchId: w.id, trigger: first ? 'missed' : 'schedule' });
      } else if (first && w.checkAtStart && !w.paused && !open.has(w.id)) {
        this.enqueue({ profile: p, watchId: w.id, trigger: 'start' });
      }
      if (openCheck?.status === 'waiting') {
        const until = this.heldUntil(p, w.id, now);
        if (until === null) this.enqueue({ profile: p, watchId: w.id, trigger: openCheck.trigger });
        else earliest = Math.min(earliest, until);
      }
      const next = Scheduler.nextDue({ ...w, lastDueAt: due !== null && due <= now ? now : w.lastDueAt }, now);
      if (next !== null) earliest = Math.min(earliest, next);
    }
    this.pump();
    return earliest;
  }

  /** Until when the budget holds the watch's waiting check (its reset), or null: try it now. */
  private heldUntil(p: ScheduledProfile, watchId: number, now: number): number | null {
    const h = this.held.get(keyOf(p, watchId));
    // A reset later than tonight's midnight: the clock was set back, so the day is judged again.
    if (h && now < h.until && h.until <= nextLocalMidnight(now) && h.dailyBudget === p.dailyBudget()) return h.until;
    this.held.delete(keyOf(p, watchId));
    return null;
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
    if (!this.queue.some((x) => x.profile.profileId === q.profile.profileId && x.watchId === q.watchId)) this.queue.push(q);
  }

  /** Runs the queue one check after the other (a new plan while it runs only adds to it). */
  private pump(): void {
    if (this.pumping || this.queue.length === 0) return;
    this.pumping = (async () => {
      try {
        while (this.queue.length > 0 && !this.disposed) {
          const q = this.queue.shift()!;
          await this.runOne(q);
        }
      } finally {
        this.pumping = null;
      }
    })();
  }

  private async runOne(q: Queued): Promise<void> {
    const p = q.profile;
    try {
      const w = p.store.get(q.watchId);
      // Paused, busy, or its target deleted (the screen shows that: targetName null): not now.
      if (!w || w.paused || p.runner.isRunning(w.id) || !p.hasTarget(w)) return;
      const open = p.store.openCheck(w.id);
      const waiting: StoredCheck | undefined = open?.status === 'waiting' ? open : undefined;
      if (open && !waiting) return;
      // Its profile is no longer the active one: it waits for it, and nothing is estimated or sent meanwhile.
      if (!this.isActive(p)) return this.wait(p, w, q.trigger, waiting, WAITING_FOR_PROFILE);
      // A Check now that waited for its profile keeps its lane and is not held by the budget.
      const lowPriority = waiting?.lowPriority ?? true;
      if (lowPriority) {
        const gate = await this.budgetGate(p, w);
        if (this.disposed) return;
        if (!this.isActive(p)) return this.wait(p, w, q.trigger, waiting, WAITING_FOR_PROFILE);
        if (!gate.ok) return this.wait(p, w, q.trigger, waiting, gate.note);
      }
      const switched = this.switched.promise;
      p.runner.start(w, { trigger: q.trigger, lowPriority, existing: waiting });
      // A check whose profile was switched away waits for it (an ESG run does): the next profile's checks do not wait behind it.
      await Promise.race([p.runner.whenDone(w.id), switched]);
    } catch {
      // A check that cannot start (the workspace refused a write) is tried again at the next plan.
    }
  }

  /** Whether the day's budget has room for the watch's next check; if not, the check is held until the budget resets. */
  private async budgetGate(p: ScheduledProfile, w: StoredWatch): Promise<ReturnType<typeof budgetGate>> {
    const before = p.budget.state(this.timers.now(), p.dailyBudget());
    // Nothing left today: no estimate, which for a search never checked would cost a count request.
    const estimate = before.usedToday >= before.dailyBudget ? null : ((await p.estimate(w)) ?? 0);
    const state = p.budget.state(this.timers.now(), p.dailyBudget());
    const gate = budgetGate(state, estimate);
    if (gate.ok) this.held.delete(keyOf(p, w.id));
    else this.held.set(keyOf(p, w.id), { until: state.resetsAt, dailyBudget: state.dailyBudget });
    return gate;
  }

  /** Records the watch's check as waiting, with `note` saying for what. */
  private wait(p: ScheduledProfile, w: StoredWatch, trigger: CheckTrigger, waiting: StoredCheck | undefined, note: string): void {
    if (waiting) {
      if (waiting.note !== note) p.store.updateCheck(waiting.id, { note });
    } else p.store.createCheck({ watchId: w.id, trigger, status: 'waiting', lowPriority: true, note });
    p.emitChanged(w.id);
  }
}
