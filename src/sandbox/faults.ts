// Fault injection for tests and benchmarks; off unless configured. Decisions come from a seeded
// generator so a run with the same config and request order misbehaves the same way.
import { createRng, type Rng } from './random';

/** Which requests a fault applies to. `api` = everything under base_url; `token` = the token endpoint. */
export type FaultTarget = 'api' | 'token' | 'all' | 'search' | 'esg' | 'status' | 'match';

export interface FaultConfig {
  /** Added latency per request: a fixed ms value or [min, max]. */
  latencyMs?: number | [number, number];
  /** Share (0..1) of requests answered 503 (or `errorStatus`). */
  errorRate?: number;
  errorStatus?: number;
  /** Share (0..1) of requests answered 429 with Retry-After. */
  rateLimitRate?: number;
  retryAfterSeconds?: number;
  /** Share (0..1) of requests whose socket is destroyed without an answer. */
  dropRate?: number;
  /** Share (0..1) of successful JSON answers that are cut short (invalid JSON). */
  malformedRate?: number;
  /** Requests the rates apply to; default 'api'. */
  targets?: FaultTarget[];
  /** Seed of the fault generator; default 1. */
  seed?: number;
}

export type OneShotFault =
  | { kind: 'error'; status?: number }
  | { kind: 'rate_limit'; retryAfterSeconds?: number }
  | { kind: 'drop' }
  | { kind: 'malformed' }
  | { kind: 'latency'; ms: number };

export interface QueuedFault {
  fault: OneShotFault;
  target: FaultTarget;
  remaining: number;
}

export type FaultDecision =
  | { kind: 'none'; latencyMs: number; malformed: boolean }
  | { kind: 'error'; status: number; latencyMs: number }
  | { kind: 'rate_limit'; retryAfterSeconds: number; latencyMs: number }
  | { kind: 'drop'; latencyMs: number };

function matches(targets: readonly FaultTarget[], area: FaultTarget): boolean {
  return targets.some((t) => t === 'all' || t === area || (t === 'api' && area !== 'token'));
}

export class FaultInjector {
  private config: FaultConfig = {};
  private rng: Rng = createRng(1);
  private queue: QueuedFault[] = [];

  constructor(config?: FaultConfig) {
    if (config) this.set(config);
  }

  set(config: FaultConfig): void {
    this.config = { ...config };
    this.rng = createRng(config.seed ?? 1);
  }

  get current(): FaultConfig {
    return { ...this.config };
  }

  clear(): void {
    this.set({});
    this.queue = [];
  }

  /** Apply `fault` to the next `count` requests of `target` (default: every API request). */
  enqueue(fault: OneShotFault, count = 1, target: FaultTarget = 'api'): void {
    this.queue.push({ fault, target, remaining: count });
  }

  get active(): boolean {
    const c = this.config;
    return this.queue.length > 0 || !!(c.latencyMs || c.errorRate || c.rateLimitRate || c.dropRate || c.malformedRate);
  }

  decide(area: FaultTarget): FaultDecision {
    const queued = this.takeQueued(area);
    const c = this.config;
    const inScope = matches(c.targets ?? ['api'], area);
    let latencyMs = inScope ? this.latency() : 0;
    if (queued) {
      const f = queued;
      if (f.kind === 'latency') return { kind: 'none', latencyMs: latencyMs + f.ms, malformed: false };
      if (f.kind === 'error') return { kind: 'error', status: f.status ?? 503, latencyMs };
      if (f.kind === 'rate_limit') return { kind: 'rate_limit', retryAfterSeconds: f.retryAfterSeconds ?? 1, latencyMs };
      if (f.kind === 'drop') return { kind: 'drop', latencyMs };
      return { kind: 'none', latencyMs, malformed: true };
    }
    if (!inScope) return { kind: 'none', latencyMs: 0, malformed: false };
    if (c.dropRate && this.rng() < c.dropRate) return { kind: 'drop', latencyMs };
    if (c.rateLimitRate && this.rng() < c.rateLimitRate) {
      return { kind: 'rate_limit', retryAfterSeconds: c.retryAfterSeconds ?? 1, latencyMs };
    }
    if (c.errorRate && this.rng() < c.errorRate) return { kind: 'error', status: c.errorStatus ?? 503, latencyMs };
    const malformed = !!c.malformedRate && this.rng() < c.malformedRate;
    latencyMs = Math.max(0, latencyMs);
    return { kind: 'none', latencyMs, malformed };
  }

  private latency(): number {
    const l = this.config.latencyMs;
    if (!l) return 0;
    if (typeof l === 'number') return l;
    return l[0] + this.rng() * (l[1] - l[0]);
  }

  private takeQueued(area: FaultTarget): OneShotFault | null {
    const i = this.queue.findIndex((q) => matches([q.target], area));
    const q = this.queue[i];
    if (!q) return null;
    q.remaining -= 1;
    if (q.remaining <= 0) this.queue.splice(i, 1);
    return q.fault;
  }
}
