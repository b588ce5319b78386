// Pagination sessions live here, in main: tokens never reach the renderer. A session is frozen to one
// body + page size (its fingerprint); a changed search is always a new session started without a token.
import { randomUUID } from 'node:crypto';
import { AppError, isAppError } from '../../../shared/errors';
import type { SearchPageView } from '../../../shared/bridge/groups/search';
import type { SearchBody, SearchPage } from '../../../shared/service/schemas';
import { searchFingerprint } from '../../../shared/search/body';
import type { ApiClient } from '../../platform/api/types';

interface PageTokens {
  next: string | null;
  previous: string | null;
}
interface Session {
  id: string;
  profileId: string | null;
  fingerprint: string;
  body: SearchBody;
  pageSize: number;
  count: number;
  /** Tokens seen per page number, so the renderer may step from any page it has shown. */
  pages: Map<number, PageTokens>;
  current: number;
  lastUsed: number;
  /** Page requests of one session run one after another (a token is never raced). */
  queue: Promise<unknown>;
}

export interface SessionOptions {
  api(): Promise<ApiClient>;
  profileId(): string | null;
  now?(): number;
  maxSessions?: number;
}

export class SearchSessions {
  private sessions = new Map<string, Session>();
  private readonly max: number;
  private readonly now: () => number;
  constructor(private readonly opts: SessionOptions) {
    this.max = opts.maxSessions ?? 32;
    this.now = opts.now ?? Date.now;
  }

  get size(): number {
    return this.sessions.size;
  }

  /** Page 1 of a new session. `body` must already be checked (checkSearchBody). */
  async start(body: SearchBody, pageSize: number, signal?: AbortSignal): Promise<SearchPageView> {
    const frozen = deepFreeze(structuredClone(body));
    const api = await this.opts.api();
    const res = await call(() => api.search({ body: frozen, pageSize }, { signal }), signal);
    const session: Session = {
      id: randomUUID(),
      profileId: this.opts.profileId(),
      fingerprint: searchFingerprint(frozen, pageSize),
      body: frozen,
      pageSize,
      count: res.count,
      pages: new Map([[1, tokensOf(res)]]),
      current: 1,
      lastUsed: this.now(),
      queue: Promise.resolve(),
    };
    this.remember(session);
    return view(session, 1, res);
  }

  /**
   * Page `pageNumber` of a new session (after a restart, main's tokens are gone): page 1, then `next`
   * tokens followed one by one. Stops early at the last page (the data may have shrunk).
   */
  async reopen(body: SearchBody, pageSize: number, pageNumber: number, signal?: AbortSignal): Promise<SearchPageView> {
    let shown = await this.start(body, pageSize, signal);
    while (shown.pageNumber < pageNumber && shown.hasNext) {
      shown = await this.page(shown.sessionId, 'next', shown.pageNumber, signal);
    }
    return shown;
  }

  page(sessionId: string, direction: 'next' | 'previous', fromPage?: number, signal?: AbortSignal): Promise<SearchPageView> {
    const session = this.sessions.get(sessionId);
    if (!session || session.profileId !== this.opts.profileId()) {
      if (session) this.sessions.delete(sessionId);
      return Promise.reject(
        new AppError('pagination_expired', 'These results are no longer open (the connection or app changed). Run the search again.'),
      );
    }
    const run = session.queue.then(() => this.step(session, direction, fromPage, signal));
    session.queue = run.catch(() => undefined);
    return run;
  }

  close(sessionId: string): void {
    this.sessions.delete(sessionId);
  }

  clear(): void {
    this.sessions.clear();
  }

  private async step(s: Session, direction: 'next' | 'previous', fromPage: number | undefined, signal?: AbortSignal) {
    const from = fromPage ?? s.current;
    const tokens = s.pages.get(from);
    if (!tokens) throw new AppError('invalid_input', `Page ${from} has not been shown in these results yet.`);
    const token = direction === 'next' ? tokens.next : tokens.previous;
    if (!token) throw new AppError('invalid_input', direction === 'next' ? 'This is the last page.' : 'This is the first page.');
    // Defensive: the frozen body cannot change, but a token must never travel with a different request.
    if (searchFingerprint(s.body, s.pageSize) !== s.fingerprint) {
      throw new AppError('internal', 'The search changed under an open result set; run it again.');
    }
    const target = direction === 'next' ? from + 1 : from - 1;
    const api = await this.opts.api();
    s.lastUsed = this.now();
    try {
      const res = await call(
        () => api.search({ body: s.body, pageSize: s.pageSize, paginationToken: token }, { signal }),
        signal,
      );
      s.pages.set(target, tokensOf(res));
      s.current = target;
      s.count = res.count;
      return view(s, target, res);
    } catch (e) {
      if (!isStaleSession(e)) throw e;
      // The server no longer accepts this session's tokens: start over without a token and say why.
      this.sessions.delete(s.id);
      const fresh = await this.start(s.body, s.pageSize, signal);
      return { ...fresh, restarted: { reason: restartReason(e as AppError) } };
    }
  }

  private remember(session: Session) {
    this.sessions.set(session.id, session);
    if (this.sessions.size <= this.max) return;
    // Evict the least recently used session.
    let oldest: Session | undefined;
    for (const s of this.sessions.values()) if (!oldest || s.lastUsed < oldest.lastUsed) oldest = s;
    if (oldest) this.sessions.delete(oldest.id);
  }
}

function restartReason(e: AppError): string {
  if (e.code === 'pagination_expired') {
    return 'The service ended the pagination session of these results, so they were loaded again from page 1.';
  }
  return `The service refused the next page of these results ("${e.message}"), so they were loaded again from page 1.`;
}

function isStaleSession(e: unknown): boolean {
  return isAppError(e) && (e.code === 'bad_request' || e.code === 'pagination_expired');
}

/** Runs an API call; an abort (however the client reports it) becomes AppError('cancelled'). */
async function call<T>(fnc: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  if (signal?.aborted) throw new AppError('cancelled', 'Cancelled.');
  try {
    return await fnc();
  } catch (e) {
    if (signal?.aborted || (e as { name?: string })?.name === 'AbortError') throw new AppError('cancelled', 'Cancelled.');
    throw e;
  }
}

function tokensOf(res: SearchPage): PageTokens {
  return { next: res.pagination.next ?? null, previous: res.pagination.previous ?? null };
}

function view(s: Session, pageNumber: number, res: SearchPage): SearchPageView {
  return {
    sessionId: s.id,
    pageNumber,
    pageSize: s.pageSize,
    count: res.count,
    firstRow: res.result.length === 0 ? 0 : (pageNumber - 1) * s.pageSize + 1,
    rows: res.result,
    hasNext: Boolean(res.pagination.next),
    hasPrevious: Boolean(res.pagination.previous),
  };
}

function deepFreeze<T>(v: T): T {
  if (v && typeof v === 'object') {
    for (const child of Object.values(v)) deepFreeze(child);
    Object.freeze(v);
  }
  return v;
}
