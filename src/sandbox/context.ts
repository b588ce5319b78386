// Everything the route modules share for one running sandbox.
import type { Clock } from './clock';
import type { EsgEngine } from './esg/engine';
import type { DataTimeline } from './evolution/timeline';
import type { RawEsgResults } from './esg/raw-results';
import type { FaultInjector } from './faults';
import type { PaginationTokens } from './pagination';
import type { ClientRateLimits } from './rate-limit';
import type { SandboxStats } from './stats';
import type { TokenStore } from './tokens';

export interface SandboxContext {
  /** The data of every epoch; `data.current()` is what the API serves now (docs/sandbox.md). */
  data: DataTimeline;
  clock: Clock;
  tokens: TokenStore;
  pagination: PaginationTokens;
  faults: FaultInjector;
  /** Per-client quota (token bucket), checked after authentication. */
  rateLimits: ClientRateLimits;
  stats: SandboxStats;
  esg: EsgEngine;
  /** Module answers a test chose as raw text (control only); they win over the engine. */
  esgRaw: RawEsgResults;
  /** Control routes registered: their paths skip faults and bearer checks. */
  controlEnabled: boolean;
  /** Filled in once the server listens. */
  urls: { authUrl: string; baseUrl: string };
}

export const AUTH_PREFIX = '/auth';
export const API_PREFIX = '/api';
