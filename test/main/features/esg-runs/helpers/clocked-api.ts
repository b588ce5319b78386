// A scripted ESG service on a manual clock: the first module request opens a session that
// completes `sessionMs` later; the next request returns its data. Module requests can be held
// (to see how many are in flight) and answers overridden per company.
import { randomUUID } from 'node:crypto';
import type { RequestPriority } from '../../../../../src/main/platform/api/rate-limiter';
import type { ApiClient, CallOptions } from '../../../../../src/main/platform/api/types';
import { AppError } from '../../../../../src/shared/errors';
import type { EsgModule, EsgModuleResponse, ProcessingStatus } from '../../../../../src/shared/service/schemas';

interface Session {
  id: string;
  companyId: string;
  module: EsgModule;
  startedAt: number;
}

export class ClockedEsgApi implements ApiClient {
  readonly moduleCalls: Array<{ companyId: string; module: EsgModule; at: number; priority?: RequestPriority }> = [];
  readonly statusCalls: Array<{ sessionId: string; at: number; status: string; priority?: RequestPriority }> = [];
  inFlight = 0;
  maxInFlight = 0;
  /** Module requests in flight per limiter lane asked for (new cells: low; data reads: high). */
  readonly inFlightBy: Partial<Record<RequestPriority, number>> = {};
  readonly maxInFlightBy: Partial<Record<RequestPriority, number>> = {};
  /** Holds module requests (every one, or those of one lane) until release(). */
  hold: boolean | RequestPriority = false;
  private held: Array<() => void> = [];
  private readonly sessions = new Map<string, Session>();
  private readonly current = new Map<string, Session>();
  /** Overrides the answer for a company (e.g. an AppError), checked before the session logic. */
  override: (companyId: string, module: EsgModule) => AppError | EsgModuleResponse | null = () => null;
  /** Sessions whose status calls answer 404 (forgotten by the service). */
  private readonly forgotten = new Set<string>();

  constructor(private readonly now: () => number, private readonly sessionMs = 2000) {}

  /** Lets every held module request go on. */
  release(): void {
    const h = this.held;
    this.held = [];
    for (const go of h) go();
  }
  get heldCount(): number {
    return this.held.length;
  }
  /** The service forgets a session: status answers 404, the next module request opens a new one. */
  forget(sessionId: string): void {
    this.forgotten.add(sessionId);
    for (const [k, v] of this.current) if (v.id === sessionId) this.current.delete(k);
  }
  sessionOf(companyId: string, module: EsgModule): string | undefined {
    return this.current.get(`${companyId}/${module}`)?.id;
  }

  async esgModule(req: { companyId: string; module: EsgModule }, o?: CallOptions): Promise<EsgModuleResponse> {
    this.moduleCalls.push({ companyId: req.companyId, module: req.module, at: this.now(), priority: o?.priority });
    const lane = o?.priority ?? 'normal';
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    this.inFlightBy[lane] = (this.inFlightBy[lane] ?? 0) + 1;
    this.maxInFlightBy[lane] = Math.max(this.maxInFlightBy[lane] ?? 0, this.inFlightBy[lane]);
    try {
      if (this.hold === true || this.hold === lane) {
        await new Promise<void>((resolve, reject) => {
          this.held.push(resolve);
          o?.signal?.addEventListener('abort', () => reject(new AppError('cancelled', 'Cancelled.')), { once: true });
        });
      }
      const o2 = this.override(req.companyId, req.module);
      if (o2 instanceof AppError) throw o2;
      if (o2) return o2;
      const key = `${req.companyId}/${req.module}`;
      const s = this.current.get(key);
      const base = { pagination: { next: null, previous: null }, company_id: req.companyId, module: req.module };
      if (s && this.now() >= s.startedAt + this.sessionMs) {
        const items = [{ article_id: `${req.companyId}-${req.module}`, title: `Item of ${req.companyId}` }];
        return { ...base, count: 1, result: items, status: 'complete', active_processing_session: null };
      }
      const session = s ?? { id: randomUUID(), companyId: req.companyId, module: req.module, startedAt: this.now() };
      this.sessions.set(session.id, session);
      this.current.set(key, session);
      return { ...base, count: 0, result: [], status: 'processing', active_processing_session: session.id };
    } finally {
      this.inFlight--;
      this.inFlightBy[lane]!--;
    }
  }

  async processingStatus(sessionId: string, o?: CallOptions): Promise<ProcessingStatus> {
    const s = this.sessions.get(sessionId);
    if (!s || this.forgotten.has(sessionId)) {
      this.statusCalls.push({ sessionId, at: this.now(), status: '404', priority: o?.priority });
      throw new AppError('not_found', 'No session with that id', { details: { status: 404 } });
    }
    const done = this.now() >= s.startedAt + this.sessionMs;
    this.statusCalls.push({ sessionId, at: this.now(), status: done ? 'complete' : 'processing', priority: o?.priority });
    return { company_id: s.companyId, module: s.module, status: done ? 'complete' : 'processing', result_count: done ? 1 : 0 };
  }

  async search(): Promise<never> {
    throw new Error('not used');
  }
  async match(): Promise<never> {
    throw new Error('not used');
  }
}
