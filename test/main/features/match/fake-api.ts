// A scripted ApiClient for unit tests: match answers from a name -> outcome function and records concurrency.
import { AppError } from '../../../../src/shared/errors';
import type { ApiClient } from '../../../../src/main/platform/api/types';
import type { MatchResponse } from '../../../../src/shared/service/schemas';

export type Outcome = MatchResponse | AppError | ((body: Record<string, unknown>) => MatchResponse | AppError);

export class FakeMatchApi implements ApiClient {
  inFlight = 0;
  maxInFlight = 0;
  calls: Array<Record<string, unknown>> = [];
  answered = 0;
  private readonly watchers = new Set<() => void>();
  /** Resolves once `n` calls have been answered (counting those already answered). */
  answeredAtLeast(n: number): Promise<void> {
    return new Promise((resolve) => {
      const check = () => {
        if (this.answered < n) return;
        this.watchers.delete(check);
        resolve();
      };
      this.watchers.add(check);
      check();
    });
  }
  constructor(
    private readonly answer: (body: Record<string, unknown>, call: number) => MatchResponse | AppError,
    private readonly delayMs = 1,
  ) {}
  async match(body: unknown, opts?: { signal?: AbortSignal }): Promise<MatchResponse> {
    const b = body as Record<string, unknown>;
    this.calls.push(b);
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    try {
      // The service's answer time (simulated latency), on the global timer so tests' fake timers drive
      // it. The job's one signal goes to every row: each answered call takes its abort listener off.
      await new Promise<void>((resolve, reject) => {
        const onAbort = () => {
          clearTimeout(t);
          reject(new DOMException('Cancelled', 'AbortError'));
        };
        const t = setTimeout(() => {
          opts?.signal?.removeEventListener('abort', onAbort);
          resolve();
        }, this.delayMs);
        opts?.signal?.addEventListener('abort', onAbort, { once: true });
      });
      const r = this.answer(b, this.calls.length);
      if (r instanceof AppError) throw r;
      return r;
    } finally {
      this.inFlight--;
      this.answered++;
      for (const w of [...this.watchers]) w();
    }
  }
  search(): never {
    throw new Error('not used');
  }
  esgModule(): never {
    throw new Error('not used');
  }
  processingStatus(): never {
    throw new Error('not used');
  }
}

export function hit(name: string, confidence = 0.9, extra: Record<string, unknown> = {}): MatchResponse {
  return { count: 2, result: [{ confidence: confidence / 2, company: { company_id: `weak-${name}` } }, { confidence, company: { company_id: `id-${name}`, name, ...extra } }] };
}
export const miss: MatchResponse = { count: 0, result: [] };
