// The life of one check of one profile's watches: started (or taken up from waiting or after a
// restart), its requests counted as they go (the check's count and the day's budget), its changes
// stored with its end in one transaction, then the notification. One check per watch at a time.
// When the app closes mid-check the check stays 'running' in the database: the next start resumes it.
import { AppError, toBridgeError } from '../../../shared/errors';
import type { CheckFinished, CheckTrigger } from '../../../shared/watches/watches';
import type { ApiClient } from '../../platform/api/types';
import type { BudgetLedger } from './budget';
import type { ChangeStore } from './change-store';
import { runListCheck, type ListCheckDeps } from './list-check';
import { createMeter } from './metered-api';
import { politeApi, type PoliteOptions } from './polite-api';
import { checkFinishedText } from './notice';
import { WAITING_FOR_PROFILE } from './profile-api';
import { runSearchCheck, type CheckOutcome, type SearchCheckDeps } from './search-check';
import type { StoredCheck, StoredWatch, WatchStore } from './store';
import { keepChange } from '../../../shared/watches/rules';

/** Progress (requests so far) is written and told at most this often while a check runs. */
export const PROGRESS_EVERY_MS = 1_000;

export interface RunnerDeps {
  profileId: string;
  store: WatchStore;
  changes: ChangeStore;
  budget: BudgetLedger;
  now(): number;
  /** The profile's own client, bound to it (profile-api.ts): refused while another profile is active. */
  api: ApiClient;
  /** Whether the profile is the active one now. */
  isActive(): boolean;
  search: Omit<SearchCheckDeps, 'profileId'>;
  list: Omit<ListCheckDeps, 'profileId'>;
  emitChanged(watchId: number | null): void;
  checkFinished(f: CheckFinished): void;
  /** The profile's limiter: an automatic search check pages only while others are quiet (polite-api.ts). */
  yieldTo?: PoliteOptions;
}

interface Running {
  checkId: number;
  controller: AbortController;
  done: Promise<void>;
}

export class CheckRunner {
  private readonly running = new Map<number, Running>();
  private closing = false;

  constructor(private readonly d: RunnerDeps) {}

  isRunning(watchId: number): boolean {
    return this.running.has(watchId);
  }

  /** Resolves when the watch's running check has ended (at once if none runs). */
  whenDone(watchId: number): Promise<void> {
    return this.running.get(watchId)?.done ?? Promise.resolve();
  }

  /**
   * Starts a check of `watch` now, or takes up `existing` (a waiting check, or a new row resuming an
   * interrupted one). A watch with a check already running gets that check back.
   */
  start(watch: StoredWatch, o: { trigger: CheckTrigger; lowPriority: boolean; existing?: StoredCheck }): StoredCheck {
    const { store } = this.d;
    const busy = this.running.get(watch.id);
    if (busy) return store.check(busy.checkId)!;
    if (this.closing) throw new AppError('cancelled', 'The app is shutting down.');
    const check = o.existing
      ? store.updateCheck(o.existing.id, { status: 'running', trigger: o.trigger, startedAt: this.d.now(), note: null })
      : store.createCheck({ watchId: watch.id, trigger: o.trigger, status: 'running', lowPriority: o.lowPriority });
    const controller = new AbortController();
    const entry: Running = { checkId: check.id, controller, done: Promise.resolve() };
    this.running.set(watch.id, entry);
    entry.done = this.execute(watch, check, o.lowPriority, controller.signal).finally(() => {
      if (this.running.get(watch.id) === entry) this.running.delete(watch.id);
    });
    this.d.emitChanged(watch.id);
    return check;
  }

  /** Stops the watch's check (the watch is being deleted). */
  async stop(watchId: number): Promise<void> {
    const r = this.running.get(watchId);
    if (!r) return;
    r.controller.abort();
    await r.done;
  }

  /** The app closes: checks stop where they are and stay 'running', resumed at the next start. */
  async dispose(): Promise<void> {
    this.closing = true;
    const all = [...this.running.values()];
    for (const r of all) r.controller.abort();
    await Promise.allSettled(all.map((r) => r.done));
  }

  private async execute(watch: StoredWatch, check: StoredCheck, lowPriority: boolean, signal: AbortSignal): Promise<void> {
    const { store, budget } = this.d;
    const meter = createMeter(lowPriority ? 'low' : null);
    let lastProgress = 0;
    /** Writes the requests counted so far (check and budget); told at most every PROGRESS_EVERY_MS unless `force`. */
    const progress = (force = false) => {
      const t = this.d.now();
      if (!force && t - lastProgress < PROGRESS_EVERY_MS) return;
      lastProgress = t;
      const spent = meter.take();
      if (spent === 0 && !force) return;
      budget.spend(t, spent);
      store.updateCheck(check.id, { requests: meter.count });
      if (!force) this.d.emitChanged(watch.id);
    };
    try {
      let outcome: CheckOutcome;
      if (watch.target.kind === 'search') {
        const metered = meter.wrap(this.d.api);
        const api = lowPriority && this.d.yieldTo ? politeApi(metered, this.d.yieldTo) : metered;
        outcome = await runSearchCheck({ ...this.d.search, profileId: this.d.profileId }, { watch, check, store, api, signal, onProgress: () => progress() });
      } else {
        outcome = await runListCheck({ ...this.d.list, profileId: this.d.profileId }, { watch, check, store, route: (api) => meter.wrap(api), signal, onProgress: () => progress() });
      }
      if (signal.aborted) throw new AppError('cancelled', 'The check was stopped.');
      // The watch's alert rules choose which of the found changes count (issue 38); the cost is the same.
      outcome = { ...outcome, changes: outcome.changes.filter((c) => keepChange(c, watch.rules, watch.scoreThreshold)) };
      store.sql.tx(() => {
        this.d.changes.insert(watch.id, check.id, outcome.changes);
        budget.spend(this.d.now(), meter.take());
        store.updateCheck(check.id, {
          status: 'done',
          finishedAt: this.d.now(),
          requests: meter.count,
          changes: outcome.changes.length,
          baseline: outcome.baseline,
          note: outcome.note ?? null,
        });
      });
      outcome.afterCommit?.();
      this.d.emitChanged(watch.id);
      const words = checkFinishedText(watch.name, watch.target.kind, outcome.changes, { scoreThreshold: watch.scoreThreshold });
      if (words) this.d.checkFinished({ watchId: watch.id, checkId: check.id, changes: outcome.changes.length, ...words });
    } catch (e) {
      try {
        if (this.closing) {
          // Resumed at the next start; the requests it sent are counted all the same.
          progress(true);
          return;
        }
        budget.spend(this.d.now(), meter.take());
        if (!signal.aborted && !this.d.isActive()) {
          // Its profile was switched away (its client refused): it waits for that profile, and the scheduler takes it up then.
          store.updateCheck(check.id, { status: 'waiting', requests: meter.count, note: WAITING_FOR_PROFILE });
          this.d.emitChanged(watch.id);
          return;
        }
        const stopped = signal.aborted;
        // Stopped (the watch deleted or pointed elsewhere): its ESG run would only spend requests now.
        const runId = stopped ? store.check(check.id)?.runId : null;
        if (runId) this.d.list.esgRuns.engineFor(this.d.profileId).cancel(runId);
        store.updateCheck(check.id, {
          status: 'failed',
          finishedAt: this.d.now(),
          requests: meter.count,
          error: toBridgeError(stopped ? new AppError('cancelled', 'The check was stopped.') : e),
        });
        this.d.emitChanged(watch.id);
      } catch {
        // The workspace refused the write too (said by its own notice); the check resumes at next start.
      }
    }
  }
}
