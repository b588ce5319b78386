// Watches one processing session by polling the shared read-only status operation.
// Completion is decided only by `status`; result_count is progress, never a stop signal.
import type { WatchView } from '../../../shared/bridge/groups/esg';
import type { EsgModule, ProcessingStatus } from '../../../shared/service/schemas';
import type { ApiClient } from '../../platform/api/types';
import { delayFor, type BackoffPolicy } from './backoff';
import { classifyStatusError } from './status-errors';
import type { WatchTimers } from './timers';

export interface SessionWatchInit {
  sessionId: string;
  companyId: string;
  module: EsgModule;
  startedAt: number;
  resultCount?: number;
  /** A watch that already ended (restored after a restart): shown with its result, never polled. */
  ended?: Pick<WatchView, 'state' | 'updatedAt' | 'polls' | 'error'>;
}

export interface SessionWatchDeps {
  api(): Promise<ApiClient>;
  policy: BackoffPolicy;
  timers: WatchTimers;
  /** Consecutive transient failures (5xx, network, 429) tolerated before the watch gives up. */
  maxConsecutiveFailures: number;
  onChange(view: WatchView): void;
  onTerminal(view: WatchView): void;
}

type Terminal = 'complete' | 'not_found' | 'expired' | 'error';

export class SessionWatch {
  private state: WatchView;
  private attempt = 0;
  private failures = 0;
  private timer: unknown = null;
  private inFlight: AbortController | null = null;
  private stopped = false;

  constructor(init: SessionWatchInit, private readonly deps: SessionWatchDeps) {
    const now = deps.timers.now();
    this.state = {
      sessionId: init.sessionId,
      companyId: init.companyId,
      module: init.module,
      state: 'processing',
      resultCount: init.resultCount ?? 0,
      startedAt: init.startedAt,
      updatedAt: now,
      polls: 0,
    };
    if (init.ended) {
      this.state = { ...this.state, ...init.ended };
      this.stopped = true;
    }
  }

  get sessionId(): string {
    return this.state.sessionId;
  }
  get isActive(): boolean {
    return !this.stopped && this.state.state === 'processing';
  }
  view(): WatchView {
    return { ...this.state };
  }

  /** Schedules the first poll (fast: the first backoff step). */
  start(): void {
    if (this.stopped) return;
    this.schedule();
    this.deps.onChange(this.view());
  }

  /** Stops timers and aborts a poll in flight; no further status call is made. */
  stop(): void {
    this.stopped = true;
    if (this.timer !== null) this.deps.timers.clearTimeout(this.timer);
    this.timer = null;
    this.inFlight?.abort();
    this.inFlight = null;
    delete this.state.nextPollAt;
  }

  private schedule(minMs = 0): void {
    const delay = Math.max(minMs, delayFor(this.deps.policy, this.attempt, this.deps.timers.random()));
    this.attempt++;
    this.state.nextPollAt = this.deps.timers.now() + delay;
    this.timer = this.deps.timers.setTimeout(() => {
      this.timer = null;
      void this.poll();
    }, delay);
  }

  private async poll(): Promise<void> {
    if (this.stopped || this.inFlight) return;
    const ac = new AbortController();
    this.inFlight = ac;
    let status: ProcessingStatus | undefined;
    let failure: unknown;
    try {
      const api = await this.deps.api();
      if (this.stopped) return;
      status = await api.processingStatus(this.state.sessionId, { signal: ac.signal });
    } catch (e) {
      failure = e;
    } finally {
      if (this.inFlight === ac) this.inFlight = null;
    }
    if (this.stopped) return;
    this.state.polls++;
    this.state.updatedAt = this.deps.timers.now();
    if (status) this.onStatus(status);
    else this.onFailure(failure);
  }

  private onStatus(s: ProcessingStatus): void {
    this.failures = 0;
    delete this.state.error;
    this.state.resultCount = s.result_count;
    if (s.status === 'processing') {
      this.schedule();
      this.deps.onChange(this.view());
      return;
    }
    this.finish(s.status);
  }

  private onFailure(e: unknown): void {
    const f = classifyStatusError(e);
    if (f.kind === 'retry' && ++this.failures < this.deps.maxConsecutiveFailures) {
      this.state.error = f.error;
      this.schedule(f.retryAfterMs ?? 0);
      this.deps.onChange(this.view());
      return;
    }
    this.state.error = f.error;
    this.finish(f.kind === 'stop' ? f.state : 'error');
  }

  private finish(state: Terminal): void {
    this.stop();
    this.state.state = state;
    this.deps.onTerminal(this.view());
  }
}
