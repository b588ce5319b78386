// The one API client every feature uses. Implemented in api-client.ts (core issue).
import type { RequestPriority } from './rate-limiter';
import type {
  EsgModule,
  EsgModuleResponse,
  MatchResponse,
  ProcessingStatus,
  SearchBody,
  SearchPage,
} from '../../../shared/service/schemas';

export interface CallOptions {
  signal?: AbortSignal;
  /** Per-attempt timeout; default 30 s. */
  timeoutMs?: number;
  /** Lane in the profile's rate limiter (default `normal`; see RequestPriority). */
  priority?: RequestPriority;
}

export interface SearchRequest {
  body: SearchBody;
  pageSize: number;
  paginationToken?: string;
}

export interface ApiClient {
  /** POST {searchPath}. Retried on transient errors only when `paginationToken` is absent (docs/service-defaults.md). */
  search(req: SearchRequest, opts?: CallOptions): Promise<SearchPage>;
  /** GET module request for a company (idempotent, retried). */
  esgModule(
    req: { companyId: string; module: EsgModule; pageSize?: number; paginationToken?: string },
    opts?: CallOptions,
  ): Promise<EsgModuleResponse>;
  /** GET processing status (read-only, retried). 400/404 come back as AppError bad_request/not_found. */
  processingStatus(sessionId: string, opts?: CallOptions): Promise<ProcessingStatus>;
  /** POST match; treated as idempotent (a lookup). */
  match(body: unknown, opts?: CallOptions): Promise<MatchResponse>;
}
