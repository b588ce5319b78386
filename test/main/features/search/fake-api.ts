// A small in-memory stand-in for the service's search operation, with the spec's session rules:
// tokens are bound to body + page size; a changed request with a token, or a token from an older epoch, is 400.
import { AppError } from '../../../../src/shared/errors';
import type { ApiClient, CallOptions } from '../../../../src/main/platform/api/types';
import type { SearchBody, SearchPage } from '../../../../src/shared/service/schemas';
import { searchFingerprint } from '../../../../src/shared/search/body';

export interface Call {
  body: SearchBody;
  pageSize: number;
  paginationToken?: string;
}

export class FakeSearchApi implements ApiClient {
  calls: Call[] = [];
  epoch = 1;
  /** Throw this once on the next call (e.g. a network error). */
  failNext: Error | null = null;
  /** When set, calls wait for this promise (or the abort). */
  gate: Promise<void> | null = null;
  private tokens = new Map<string, { fp: string; offset: number; epoch: number }>();
  private seq = 0;
  private readonly arrivals = new Set<() => void>();

  /** Resolves once `n` calls have reached this service (counting those already in). */
  reached(n: number): Promise<void> {
    return new Promise((resolve) => {
      const check = () => {
        if (this.calls.length < n) return;
        this.arrivals.delete(check);
        resolve();
      };
      this.arrivals.add(check);
      check();
    });
  }

  constructor(readonly total: number) {}

  async search(req: Call, opts: CallOptions = {}): Promise<SearchPage> {
    this.calls.push(structuredClone(req));
    for (const a of [...this.arrivals]) a();
    if (this.gate) {
      await Promise.race([
        this.gate,
        new Promise((_, reject) => {
          const abort = () => reject(Object.assign(new Error('aborted'), { name: 'AbortError' }));
          if (opts.signal?.aborted) abort();
          opts.signal?.addEventListener('abort', abort);
        }),
      ]);
    }
    if (this.failNext) {
      const e = this.failNext;
      this.failNext = null;
      throw e;
    }
    const fp = searchFingerprint(req.body, req.pageSize);
    let offset = 0;
    if (req.paginationToken) {
      const t = this.tokens.get(req.paginationToken);
      if (!t || t.fp !== fp || t.epoch !== this.epoch) {
        throw new AppError('bad_request', 'pagination token does not match this request', { details: { status: 400 } });
      }
      offset = t.offset;
    }
    const result = Array.from({ length: Math.max(0, Math.min(req.pageSize, this.total - offset)) }, (_, i) => ({
      company_id: `c${offset + i + 1}`,
      name: `Company ${offset + i + 1}`,
    }));
    const mint = (o: number) => {
      const id = `tok${++this.seq}`;
      this.tokens.set(id, { fp, offset: o, epoch: this.epoch });
      return id;
    };
    return {
      pagination: {
        next: offset + req.pageSize < this.total ? mint(offset + req.pageSize) : null,
        previous: offset > 0 ? mint(Math.max(0, offset - req.pageSize)) : null,
      },
      count: this.total,
      result,
    };
  }
  esgModule(): never {
    throw new Error('not used');
  }
  processingStatus(): never {
    throw new Error('not used');
  }
  match(): never {
    throw new Error('not used');
  }
}
