// Everything the route modules share for one running sandbox.
import type { Clock } from './clock';
import type { Dataset } from './dataset';
import type { EsgEngine } from './esg/engine';
import type { FaultInjector } from './faults';
import type { PaginationTokens } from './pagination';
import type { ClientRateLimits } from './rate-limit';
import type { SandboxStats } from './stats';
import type { TokenStore } from './tokens';

export interface SandboxContext {
  dataset: Dataset;
  clock: Clock;
  tokens: TokenStore;
  pagination: PaginationTokens;
  faults: FaultInjector;
  /** Per-client quota (token bucket), checked after authentication. */
  rateLimits: ClientRateLimits;
  stats: SandboxStats;
  esg: EsgEngine;
  /** Control routes registered: their paths skip faults and bearer checks. */
  controlEnabled: boolean;
  /** Filled in once the server listens. */
  urls: { authUrl: string; baseUrl: string };
}

export const AUTH_PREFIX = '/auth';
export const API_PREFIX = '/api';
