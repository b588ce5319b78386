// The ApiClient for one profile: bearer token from the TokenManager (one replay after a 401, never a
// loop, never after a 403), per-attempt timeouts, cancellation, retries with full-jitter backoff and
// Retry-After for idempotent calls, zod parsing of every answer.
import type { z } from 'zod';
import { AppError, isRetryable } from '../../../shared/errors';
import type { Profile } from '../../../shared/profile';
import {
  EsgModuleResponseSchema,
  MatchResponseSchema,
  ProcessingStatusSchema,
  SearchPageSchema,
  UuidSchema,
} from '../../../shared/service/schemas';
import type { TokenManager } from '../auth/token-manager';
import { TransportError, type HttpResponse } from './http';
import { apiHttpError, apiTransportError } from './api-errors';
import { redactCredentials, redactError } from './redact-credentials';
import { fastSearchPage } from './fast-page';
import { parseJsonResponse, type AnswerLimits } from './parse-response';
import { rateLimitedTransport, type RateLimiter } from './rate-limiter';
import { DEFAULT_RETRY, parseRetryAfter, withRetry, type RetryPolicy } from './retry';
import { ANSWER_MAX_DEPTH } from './tame-json';
import type { Transport } from './transport';
import type { ApiClient, CallOptions, SearchRequest } from './types';

export const DEFAULT_TIMEOUT_MS = 30_000;

export interface ApiClientOptions {
  profile: Pick<Profile, 'baseUrl' | 'searchPath' | 'esgModulePathTemplate' | 'esgStatusPathTemplate' | 'matchPath'>;
  tokens: Pick<TokenManager, 'getToken' | 'invalidate'>;
  transport: Transport;
  /** The profile's shared request budget; every call of this client goes through it. */
  limiter?: RateLimiter;
  retry?: RetryPolicy;
  random?: () => number;
  /** The wait between attempts (default: the abortable timer of retry.ts); tests pass a recording one. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

interface CallSpec<T> {
  method: 'GET' | 'POST';
  path: string;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  /** A 2xx answer to a value; throws AppError bad_response (`details.truncated` to try again). */
  read: (res: HttpResponse) => T;
  /** Safe to send again after a transient failure. */
  idempotent: boolean;
}

export function createApiClient(opts: ApiClientOptions): ApiClient {
  const base = opts.profile.baseUrl.replace(/\/+$/, '');
  const host = new URL(base).host;
  const policy = opts.retry ?? DEFAULT_RETRY;
  const limited = opts.limiter ? rateLimitedTransport(opts.transport, opts.limiter) : null;
  const now = opts.transport.now;

  async function call<T>(spec: CallSpec<T>, co: CallOptions = {}): Promise<T> {
    const url = buildUrl(base, spec.path, spec.query);
    const body = spec.body === undefined ? undefined : JSON.stringify(spec.body);
    const send = async (token: string, attempt: number): Promise<HttpResponse> => {
      try {
        const req = {
          method: spec.method,
          url,
          headers: {
            authorization: `Bearer ${token}`,
            accept: 'application/json',
            ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          },
          body,
          timeoutMs: co.timeoutMs ?? DEFAULT_TIMEOUT_MS,
          signal: co.signal,
        };
        return await (limited ? limited.send(req, attempt, co.priority) : opts.transport.send(req, attempt));
      } catch (e) {
        throw e instanceof TransportError ? apiTransportError(e, host) : e;
      }
    };
    let replayed401 = false;
    let sent = 0;
    // Every token this call sent: a service may echo one in its error body (redacted below).
    const tokens: string[] = [];
    const attempt = async (): Promise<T> => {
      for (;;) {
        const token = await opts.tokens.getToken(co.signal);
        tokens.push(token);
        const res = await send(token, ++sent);
        if (res.status >= 200 && res.status < 300) return spec.read(res);
        if (res.status === 401 && !replayed401) {
          // Invalid or expired token: drop it, get a new one, replay once. A second 401 is final.
          replayed401 = true;
          opts.tokens.invalidate(token);
          continue;
        }
        // Redacted before any of it is cut or quoted into the error's message and details.
        throw apiHttpError(res.status, redactCredentials(res.text, tokens), { host, retryAfterMs: parseRetryAfter(res.headers.get('retry-after'), now()) });
      }
    };
    // Transient failures (network, timeout, 408, 429, 5xx, a cut-short body) of idempotent calls only.
    try {
      return await withRetry(attempt, {
        policy,
        signal: co.signal,
        now,
        random: opts.random,
        sleep: opts.sleep,
        retryable: (e) => spec.idempotent && (isRetryable(e) || (e instanceof AppError && e.details?.truncated === true)),
      });
    } catch (e) {
      // Whatever error the answer made (a parse error quoting a value too): no token in it.
      throw redactError(e, tokens);
    }
  }

  const json =
    <T>(schema: z.ZodType<T>, what: string, fast?: (json: unknown) => T | null, limits?: AnswerLimits) =>
    (res: HttpResponse) =>
      parseJsonResponse(res.text, schema, what, fast, limits);

  const searchSpec = (req: SearchRequest) => ({
    method: 'POST' as const,
    path: opts.profile.searchPath,
    query: { page_size: req.pageSize, pagination_token: req.paginationToken },
    body: req.body,
    // A first page is a pure read; once a pagination token is spent the server holds a session
    // we cannot see, so a repeat could land on a different page: surface the error instead.
    idempotent: req.paginationToken === undefined,
  });

  return {
    search(req, co) {
      return call({ ...searchSpec(req), read: json(SearchPageSchema, 'search', fastSearchPage) }, co);
    },
    esgModule(req, co) {
      return call(
        {
          method: 'GET',
          path: fillTemplate(opts.profile.esgModulePathTemplate, { company_id: req.companyId, module: req.module }),
          query: { page_size: req.pageSize, pagination_token: req.paginationToken },
          // Items are the service's free-form data, passed on to the screen, the store and exports.
          read: json(EsgModuleResponseSchema, `ESG ${req.module}`, undefined, { maxDepth: ANSWER_MAX_DEPTH, subject: `company ${req.companyId}` }),
          idempotent: true,
        },
        co,
      );
    },
    async processingStatus(sessionId, co) {
      if (!UuidSchema.safeParse(sessionId).success) {
        throw new AppError('bad_request', 'The processing session id is not a valid UUID.', { details: { field: 'session_id' } });
      }
      return call(
        {
          method: 'GET',
          path: fillTemplate(opts.profile.esgStatusPathTemplate, { session_id: sessionId }),
          read: json(ProcessingStatusSchema, 'processing status'),
          idempotent: true,
        },
        co,
      );
    },
    match(body, co) {
      return call({ method: 'POST', path: opts.profile.matchPath, body, read: json(MatchResponseSchema, 'match'), idempotent: true }, co);
    },
  };
}

export function fillTemplate(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (m, name: string) => {
    // Own keys only: `{constructor}` is not a value (`in` would find Object.prototype's).
    const value = Object.hasOwn(values, name) ? values[name] : undefined;
    return value === undefined ? m : encodeURIComponent(value);
  });
}

function buildUrl(base: string, path: string, query?: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) params.set(k, String(v));
  const qs = params.toString();
  return `${base}${path}${qs ? `?${qs}` : ''}`;
}
