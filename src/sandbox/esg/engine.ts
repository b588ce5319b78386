// ESG processing sessions. Progress is a pure function of the clock (no timers): a session
// knows when each item arrives and when it completes, and state is read at request time.
// See docs/service-defaults.md, "ESG", for the freshness rule, and docs/sandbox.md, "Data that
// changes over time", for what a new data epoch does to held data.
import { randomUUID } from 'node:crypto';
import type { EsgModule, SessionStatus } from '../../shared/service/schemas';
import type { Clock } from '../clock';
import type { Dataset, SandboxCompany } from '../dataset';
import { createRng, hashString, intBetween, chance, type Rng } from '../random';
import { arrivalOffsets, commitment, newsArticle, score, scoreItem, sessionItemCount, type EsgItem } from './content';
import { BaseEsgContent, esgKnownId, staticEsgSource, type EsgSource } from './source';

export interface EsgPace {
  /** Typical duration of a session in clock ms. */
  sessionMs: number;
  /**
   * Spread of durations around `sessionMs` (0..1): a session lasts sessionMs x (1 ± jitter), drawn
   * per session (deterministic per seed, company, module and run). 0 = every session exactly sessionMs.
   */
  sessionJitter: number;
  /** Upper bound of news items per session (commitments use half). */
  itemsPerSession: number;
  /** Completed data stays fresh this long (clock ms); default: for the sandbox's lifetime. */
  freshForMs: number;
}

export const DEFAULT_ESG_PACE: EsgPace = { sessionMs: 4000, sessionJitter: 0, itemsPerSession: 12, freshForMs: Number.POSITIVE_INFINITY };

/**
 * Why a session runs. `first`: nothing held yet, delivers the data of its epoch. `refresh`: held data
 * was invalidated or went stale, re-drawn as always (new articles, a new commitment set, a new score).
 * `evolution`: a data epoch changed this module, delivers exactly those changes.
 */
export type SessionKind = 'first' | 'refresh' | 'evolution';

export interface EsgSession {
  id: string;
  companyId: string;
  module: EsgModule;
  startedAt: number;
  durationMs: number;
  arrivals: number[];
  newItems: EsgItem[];
  /** Items held before this session that the count includes (news only). */
  carriedCount: number;
  finalized: boolean;
  kind: SessionKind;
  /** Data epoch the session was created in: its content is that epoch's. */
  epoch: number;
}

interface ModuleState {
  items: EsgItem[];
  completedAt: number | null;
  /** Set by invalidate(): the next request re-draws the module. */
  invalidated: boolean;
  /** Kind of a forgotten session: the next request starts one of the same kind. */
  requeue: SessionKind | null;
  current: EsgSession | null;
  runs: number;
  /** Data epoch the held items reflect. */
  epoch: number;
}

export interface ModuleView {
  status: SessionStatus;
  sessionId: string | null;
  items: EsgItem[];
}

export interface SessionView {
  company_id: string;
  module: EsgModule;
  status: SessionStatus;
  result_count: number;
}

export class EsgEngine {
  private readonly states = new Map<string, ModuleState>();
  private readonly sessions = new Map<string, EsgSession>();
  private pace: EsgPace;
  private sessionCounter = 0;
  private readonly source: EsgSource;

  /** Without `source`, the data never changes (epoch 0); base commitments count back from now. */
  constructor(dataset: Dataset, private readonly clock: Clock, pace: Partial<EsgPace> = {}, source?: EsgSource) {
    this.pace = { ...DEFAULT_ESG_PACE, ...pace };
    this.source = source ?? staticEsgSource(dataset, new BaseEsgContent(dataset.seed, this.pace.itemsPerSession, clock.now()));
  }

  private get seed(): number {
    return this.source.seed;
  }

  setPace(pace: Partial<EsgPace>): EsgPace {
    this.pace = { ...this.pace, ...pace };
    return { ...this.pace };
  }

  getPace(): EsgPace {
    return { ...this.pace };
  }

  /** About 5% of companies (deterministic per seed) are unknown to the ESG sources. */
  isKnown(companyId: string): boolean {
    return this.source.company(companyId) !== undefined && esgKnownId(this.seed, companyId);
  }

  /** The module request: may start a session, never blocks. */
  request(companyId: string, module: EsgModule): ModuleView {
    if (!this.isKnown(companyId)) return { status: 'not_found', sessionId: null, items: [] };
    const state = this.state(companyId, module);
    this.settle(state);
    if (state.current) return { status: 'processing', sessionId: state.current.id, items: [] };
    const kind = this.staleKind(companyId, module, state);
    if (kind) {
      const session = this.start(companyId, module, state, kind);
      return { status: 'processing', sessionId: session.id, items: [] };
    }
    return { status: 'complete', sessionId: null, items: state.items };
  }

  /** The status operation: read-only for clients (settling a finished session is internal bookkeeping). */
  status(sessionId: string, now = this.clock.now()): SessionView | null {
    const s = this.sessions.get(sessionId);
    if (!s) return null;
    const elapsed = now - s.startedAt;
    const done = elapsed >= s.durationMs;
    let arrived = s.newItems.length;
    if (!done) {
      arrived = 0;
      while ((s.arrivals[arrived] ?? Infinity) <= elapsed) arrived++;
    }
    const count = s.module === 'scores' ? (s.carriedCount > 0 || arrived > 0 ? 1 : 0) : s.carriedCount + arrived;
    return { company_id: s.companyId, module: s.module, status: done ? 'complete' : 'processing', result_count: count };
  }

  /** Mark data stale so the next module request starts a new session (all, one company, or one module). */
  invalidate(companyId?: string, module?: EsgModule): number {
    let n = 0;
    for (const [key, state] of this.states) {
      const [c, m] = key.split('|');
      if ((companyId && c !== companyId) || (module && m !== module)) continue;
      state.invalidated = true;
      n++;
    }
    return n;
  }

  /**
   * Forgets sessions still processing, as a restarted service would: their status answers 404 and
   * the next module request for that company and module starts a new session. `share` (0..1) forgets
   * that share of them, chosen by session id (deterministic). Returns how many were forgotten.
   */
  forget(share = 1): number {
    let n = 0;
    for (const state of this.states.values()) {
      const s = state.current;
      if (!s || this.clock.now() - s.startedAt >= s.durationMs) continue; // finished: its data is the service's
      if (share < 1 && (hashString(`forget:${s.id}`) % 1000) / 1000 >= share) continue;
      this.sessions.delete(s.id);
      state.current = null;
      state.requeue = s.kind;
      n++;
    }
    return n;
  }

  sessionIds(): string[] {
    return [...this.sessions.keys()];
  }

  /** When each session began and how long it runs (clock ms): benches measure completion latency against it. */
  sessionTimings(): Array<{ sessionId: string; companyId: string; module: EsgModule; startedAt: number; durationMs: number }> {
    return [...this.sessions.values()].map((s) => ({ sessionId: s.id, companyId: s.companyId, module: s.module, startedAt: s.startedAt, durationMs: s.durationMs }));
  }

  private key(companyId: string, module: EsgModule): string {
    return `${companyId}|${module}`;
  }

  private state(companyId: string, module: EsgModule): ModuleState {
    const key = this.key(companyId, module);
    let state = this.states.get(key);
    if (!state) {
      const company = this.source.company(companyId)!;
      state = { items: module === 'news' ? this.earlierNews(company) : [], completedAt: null, invalidated: false, requeue: null, current: null, runs: 0, epoch: 0 };
      this.states.set(key, state);
    }
    return state;
  }

  /** Some companies already hold older articles before their first session (news counts them). */
  private earlierNews(company: SandboxCompany): EsgItem[] {
    const rng = createRng(hashString(`news-held:${this.seed}:${company.company_id}`));
    if (!chance(rng, 0.6)) return [];
    const n = intBetween(rng, 1, 6);
    const now = this.clock.now();
    const items: EsgItem[] = [];
    for (let i = 0; i < n; i++) items.push(newsArticle(rng, company.name, now - intBetween(rng, 30, 900) * 86_400_000));
    return items.sort(byNewest);
  }

  /** Why held data needs a session now, or null when it is fresh and its epoch brought nothing new. */
  private staleKind(companyId: string, module: EsgModule, state: ModuleState): SessionKind | null {
    if (state.requeue) return state.requeue;
    if (state.completedAt === null) return 'first';
    if (state.invalidated || this.clock.now() - state.completedAt > this.pace.freshForMs) return 'refresh';
    const epoch = this.source.epoch();
    if (state.epoch < epoch) {
      if (this.source.changed(companyId, module, state.epoch, epoch)) return 'evolution';
      state.epoch = epoch;
    }
    return null;
  }

  private start(companyId: string, module: EsgModule, state: ModuleState, kind: SessionKind): EsgSession {
    const company = this.source.company(companyId)!;
    const run = state.runs++;
    const rng: Rng = createRng(hashString(`session:${this.seed}:${companyId}:${module}:${run}`));
    const now = this.clock.now();
    const epoch = this.source.epoch();
    const durationMs = this.durationFor(companyId, module, run);
    const n = sessionItemCount(rng, module, this.pace.itemsPerSession);
    let arrivals: number[];
    let newItems: EsgItem[];
    if (kind === 'refresh' || (kind === 'first' && module === 'news')) {
      arrivals = arrivalOffsets(rng, n, durationMs);
      newItems = arrivals.map((offset) => {
        // Gathered articles were published any time in the last three years, most of them recently.
        if (module === 'news') return newsArticle(rng, company.name, now + offset - (chance(rng, 0.5) ? intBetween(rng, 0, 30 * 24) : intBetween(rng, 30 * 24, 1100 * 24)) * 3_600_000);
        if (module === 'commitments') return commitment(rng, company.name, now - intBetween(rng, 0, 6 * 365) * 86_400_000);
        return score(rng, now + offset);
      });
      if (module === 'news') {
        // Articles of data epochs not yet delivered come along, on their own arrival times.
        const arrived = this.source.newsBetween(companyId, state.epoch, epoch);
        if (arrived.length > 0) {
          newItems = [...newItems, ...arrived];
          const more = arrivalOffsets(createRng(hashString(`session-epoch-news:${this.seed}:${companyId}:${run}`)), arrived.length, durationMs);
          arrivals = [...arrivals, ...more].sort((a, b) => a - b);
        }
      }
    } else if (module === 'scores') {
      arrivals = arrivalOffsets(rng, 1, durationMs);
      newItems = [scoreItem(this.source.scoreAt(companyId, epoch), now + arrivals[0]!)]; // one arrival asked for
    } else {
      newItems = module === 'commitments' ? this.source.commitmentsAt(companyId, epoch) : this.source.newsBetween(companyId, state.epoch, epoch);
      arrivals = arrivalOffsets(rng, newItems.length, durationMs);
    }
    this.sessionCounter++;
    const session: EsgSession = {
      id: randomUUID(),
      companyId,
      module,
      startedAt: now,
      durationMs,
      arrivals,
      newItems,
      carriedCount: module === 'news' ? state.items.length : module === 'scores' && state.items.length > 0 ? 1 : 0,
      finalized: false,
      kind,
      epoch,
    };
    state.current = session;
    state.invalidated = false;
    state.requeue = null;
    this.sessions.set(session.id, session);
    return session;
  }

  /** This session's duration: its own generator, so the jitter never changes the items drawn. */
  private durationFor(companyId: string, module: EsgModule, run: number): number {
    const base = Math.max(0, this.pace.sessionMs);
    const jitter = Math.min(1, Math.max(0, this.pace.sessionJitter));
    if (jitter === 0) return base;
    const r = createRng(hashString(`duration:${this.seed}:${companyId}:${module}:${run}`))();
    return Math.round(base * (1 + jitter * (2 * r - 1)));
  }

  /** Apply a finished session's items to the held data (news appends, others replace). */
  private settle(state: ModuleState): void {
    const s = state.current;
    if (!s || this.clock.now() - s.startedAt < s.durationMs) return;
    if (s.module === 'news') state.items = [...s.newItems, ...state.items].sort(byNewest);
    else if (s.module === 'commitments') state.items = s.newItems;
    else if (s.newItems.length > 0) state.items = s.newItems;
    s.finalized = true;
    state.completedAt = s.startedAt + s.durationMs;
    state.epoch = Math.max(state.epoch, s.epoch);
    state.current = null;
  }
}

function byNewest(a: EsgItem, b: EsgItem): number {
  return String(b.published_at).localeCompare(String(a.published_at));
}
