// Walks every page of a search from the start, in a fresh pagination session, following `next`.
// The next page is requested as soon as the previous one arrives, whatever the consumer is doing
// (a few pages may wait, READ_AHEAD_PAGES), so writing overlaps fetching and an export runs at the
// speed of the page chain itself. A walk always ends: at the row limit, at a page with no rows, or
// at a `next` token the service already gave (a broken or hostile server could loop forever).
import { AppError, isAppError, isRetryable } from '../../../shared/errors';
import { sleep, withRetry } from '../api/retry';
import type { CompanyRecord, SearchBody, SearchPage } from '../../../shared/service/schemas';
import type { ApiClient, CallOptions, SearchRequest } from '../api/types';

export interface WalkedPage {
  /** 1-based page number in this walk. */
  number: number;
  records: CompanyRecord[];
  /** `count` reported by the service for the search. */
  count: number;
}

type FetchPage<P> = (req: SearchRequest, opts: CallOptions) => Promise<P>;

export interface PageRetryPolicy {
  /** Attempts per page in total (first try included). */
  attempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

// The client does not retry a POST that carries a pagination token; the server accepts the same
// token + body again, so the walker repeats that one request a bounded number of times.
export const DEFAULT_PAGE_RETRY: PageRetryPolicy = { attempts: 6, baseDelayMs: 250, maxDelayMs: 4_000 };

/** Why a walk ended before the service said "no next page". */
export interface WalkStop {
  reason: 'row_limit' | 'empty_page' | 'repeated_token';
  /** The last page taken. */
  page: number;
}

export interface WalkOptions {
  body: SearchBody;
  pageSize: number;
  rowLimit?: number;
  /** Told once when the walk ends early (row limit, empty page, repeated token). */
  onStop?(stop: WalkStop): void;
  signal: AbortSignal;
  retry?: PageRetryPolicy;
  /** Injected in tests. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

/** Typed errors follow the error table; anything untyped from the transport (a socket reset surfacing raw) is worth another try. */
export function isRetryablePageError(e: unknown): boolean {
  if (isAppError(e)) return isRetryable(e);
  return !(e instanceof Error && e.name === 'AbortError');
}

export function cancelled(): AppError {
  return new AppError('cancelled', 'Export cancelled.');
}

async function fetchPage<P>(fetch: FetchPage<P>, opts: WalkOptions, pageNumber: number, token: string | undefined, signal: AbortSignal): Promise<P> {
  const policy = opts.retry ?? DEFAULT_PAGE_RETRY;
  let attempts = 0;
  try {
    return await withRetry(
      (n) => {
        attempts = n;
        return fetch({ body: opts.body, pageSize: opts.pageSize, ...(token ? { paginationToken: token } : {}) }, { signal });
      },
      {
        policy: { maxAttempts: policy.attempts, baseDelayMs: policy.baseDelayMs, maxDelayMs: policy.maxDelayMs, budgetMs: Infinity, jitter: 0.5 },
        signal,
        retryable: isRetryablePageError,
        sleep: (ms) => (opts.sleep ?? sleep)(ms, signal),
        cancelled,
      },
    );
  } catch (e) {
    if (signal.aborted) throw cancelled();
    throw pageFailure(e, pageNumber, attempts);
  }
}

function pageFailure(e: unknown, pageNumber: number, attempts: number): AppError {
  const tries = attempts > 1 ? ` after ${attempts} attempts` : '';
  if (isAppError(e)) {
    return new AppError(e.code, `Page ${pageNumber} could not be fetched${tries}: ${e.message}`, {
      retryable: e.retryable,
      details: { ...e.details, page: pageNumber },
      cause: e,
    });
  }
  return new AppError('network', `Page ${pageNumber} could not be fetched${tries}.`, { retryable: true, details: { page: pageNumber }, cause: e });
}

/** Pages fetched ahead of the consumer at most: the chain keeps going while a page is being written. */
export const READ_AHEAD_PAGES = 3;

/** Every page of the search, parsed by the same zod-checked client as Search. */
export async function* walkPages(api: ApiClient, opts: WalkOptions): AsyncGenerator<WalkedPage> {
  for await (const p of walkChain((req, co) => api.search(req, co), opts)) {
    yield { number: p.number, count: p.count, records: p.page.result.slice(0, p.take) };
  }
}

interface ChainPage<P> {
  number: number;
  count: number;
  page: P;
  /** Records of this page within the row limit. */
  take: number;
}

async function* walkChain(fetch: FetchPage<SearchPage>, opts: WalkOptions): AsyncGenerator<ChainPage<SearchPage>> {
  // Our own controller: a consumer that stops early (return/throw) also stops the fetching.
  const inner = new AbortController();
  const onAbort = () => inner.abort();
  opts.signal.addEventListener('abort', onAbort, { once: true });
  const buffer: ChainPage<SearchPage>[] = [];
  let finished = false;
  let failure: unknown = null;
  let wakeConsumer: (() => void) | null = null;
  let wakeProducer: (() => void) | null = null;
  const wake = (which: 'consumer' | 'producer') => {
    const fn = which === 'consumer' ? wakeConsumer : wakeProducer;
    if (which === 'consumer') wakeConsumer = null;
    else wakeProducer = null;
    fn?.();
  };

  // The page chain runs on its own, bounded by READ_AHEAD_PAGES, so the next request never waits for
  // the consumer to finish writing the previous page.
  const producer = (async () => {
    try {
      const limit = opts.rowLimit ?? Infinity;
      let rows = 0;
      let number = 1;
      let maxPages = Infinity;
      const seenTokens = new Set<string>();
      let pending: Promise<SearchPage> | null = fetchPage(fetch, opts, 1, undefined, inner.signal);
      while (pending) {
        const page: SearchPage = await pending;
        pending = null;
        const next = page.pagination.next ?? null;
        const { count } = page;
        const length = page.result.length;
        if (number === 1) maxPages = Math.ceil(count / opts.pageSize) * 2 + 10;
        const take = Math.min(length, Math.max(0, limit - rows));
        rows += take;
        const stop: WalkStop['reason'] | null = !next
          ? null
          : rows >= limit
            ? 'row_limit'
            : length === 0
              ? 'empty_page'
              : seenTokens.has(next)
                ? 'repeated_token'
                : null;
        if (stop) opts.onStop?.({ reason: stop, page: number });
        if (next && !stop) {
          seenTokens.add(next);
          if (number >= maxPages) {
            throw new AppError('bad_response', `The service kept returning more pages than its count of ${count} allows (page ${number}).`, {
              details: { page: number },
            });
          }
          while (buffer.length >= READ_AHEAD_PAGES && !inner.signal.aborted) await new Promise<void>((resolve) => (wakeProducer = resolve));
          if (inner.signal.aborted) throw cancelled();
          pending = fetchPage(fetch, opts, number + 1, next, inner.signal);
          // Keep a rejected prefetch from being reported as unhandled while this page is handed over.
          pending.catch(() => undefined);
          // Let the request actually leave (token lookup, dispatch to the socket take a few ticks)
          // before the consumer's synchronous CPU work on this page; otherwise nothing overlaps.
          await new Promise<void>((resolve) => setImmediate(resolve));
        }
        buffer.push({ number, count, page, take });
        wake('consumer');
        number++;
      }
    } catch (e) {
      failure = e;
    } finally {
      finished = true;
      wake('consumer');
    }
  })();

  try {
    for (;;) {
      const page = buffer.shift();
      if (page) {
        wake('producer');
        yield page;
        continue;
      }
      // Pages fetched before a failure are delivered first, so the error names the page that failed.
      if (finished) {
        if (failure) throw failure;
        return;
      }
      await new Promise<void>((resolve) => (wakeConsumer = resolve));
    }
  } finally {
    opts.signal.removeEventListener('abort', onAbort);
    inner.abort();
    wake('producer');
    await producer;
  }
}
