// Counters tests and benchmarks read through `control.stats()` (e.g. "one token request",
// "status polled every N ms").
import type { Clock } from './clock';

export interface TokenRequestRecord {
  at: number;
  clientId: string | null;
  status: number;
}

export interface SandboxStatsSnapshot {
  tokenRequests: TokenRequestRecord[];
  /** Successful token grants. */
  tokensIssued: number;
  /** Status operation calls per session id, each with its clock timestamp (ms). */
  statusCalls: Record<string, number[]>;
  /** Module requests per "company_id/module", with timestamps. */
  moduleRequests: Record<string, number[]>;
  searches: number;
  matches: number;
  /** Every request that reached the API (after faults), by status code. */
  apiResponses: Record<string, number>;
  faultsInjected: number;
  /** Requests answered 429 by the per-client rate limit (not injected faults). */
  rateLimited: number;
}

export class SandboxStats {
  private data!: SandboxStatsSnapshot;

  constructor(private readonly clock: Clock) {
    this.reset();
  }

  reset(): void {
    this.data = { tokenRequests: [], tokensIssued: 0, statusCalls: {}, moduleRequests: {}, searches: 0, matches: 0, apiResponses: {}, faultsInjected: 0, rateLimited: 0 };
  }

  tokenRequest(clientId: string | null, status: number): void {
    if (this.data.tokenRequests.length < 100_000) this.data.tokenRequests.push({ at: this.clock.now(), clientId, status });
    if (status === 200) this.data.tokensIssued++;
  }

  /** `at`: the instant the answer was decided at, so a call's time and what it saw never disagree. */
  statusCall(sessionId: string, at = this.clock.now()): void {
    (this.data.statusCalls[sessionId] ??= []).push(at);
  }

  moduleRequest(companyId: string, module: string): void {
    (this.data.moduleRequests[`${companyId}/${module}`] ??= []).push(this.clock.now());
  }

  search(): void {
    this.data.searches++;
  }

  match(): void {
    this.data.matches++;
  }

  response(status: number): void {
    this.data.apiResponses[status] = (this.data.apiResponses[status] ?? 0) + 1;
  }

  rateLimited(): void {
    this.data.rateLimited++;
  }

  fault(): void {
    this.data.faultsInjected++;
  }

  snapshot(): SandboxStatsSnapshot {
    return structuredClone(this.data);
  }
}
