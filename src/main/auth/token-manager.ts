// Access tokens for one profile: obtained as the spec says (HTTP Basic with form-urlencoded id and
// secret, form body grant_type=client_credentials&scope=...), cached in memory, renewed early,
// shared by concurrent callers (single flight), dropped on an API 401 so the caller can replay once.
import { AppError } from '../../shared/errors';
import { TokenResponseSchema } from '../../shared/service/schemas';
import { TransportError } from '../api/http';
import { backoffDelay, isTransientStatus, sleep, type RetryPolicy } from '../api/retry';
import type { Transport } from '../api/transport';
import { assertSecretDestination, defaultTokenEndpoint, discoverTokenEndpoint } from './discovery';
import { tokenBadResponse, tokenHttpError, tokenTransportError } from './token-errors';

export interface TokenManagerOptions {
  authUrl: string;
  clientId: string;
  scope: string;
  useDiscovery: boolean;
  /** Read at each token request so a newly saved secret is used at once. */
  getSecret(): Promise<string | null>;
  transport: Transport;
  now?: () => number;
  timeoutMs?: number;
  /** Transient failures (network, 5xx, 429) of the token endpoint; OAuth errors are never retried. */
  retry?: RetryPolicy;
  onChange?(): void;
}

export interface TokenStatus {
  signedIn: boolean;
  /** A token request is in flight. */
  fetching: boolean;
  scope?: string;
  expiresAt?: number;
  renewsAt?: number;
}

interface Token {
  value: string;
  scope: string;
  expiresAt: number;
  renewsAt: number;
}

const TOKEN_RETRY: RetryPolicy = { maxAttempts: 3, baseDelayMs: 250, maxDelayMs: 2_000, budgetMs: 10_000 };
const FIVE_MINUTES = 5 * 60_000;

/** Renew 5 minutes before expiry, or at 10% of the lifetime before expiry for short-lived tokens. */
export function renewalMargin(lifetimeMs: number): number {
  return Math.min(FIVE_MINUTES, lifetimeMs * 0.1);
}

/** RFC 6749 §2.3.1: id and secret are form-urlencoded before Basic encoding. */
export function basicAuthHeader(clientId: string, secret: string): string {
  return `Basic ${Buffer.from(`${formEncode(clientId)}:${formEncode(secret)}`, 'utf8').toString('base64')}`;
}

function formEncode(s: string): string {
  return encodeURIComponent(s).replace(/%20/g, '+');
}

export class TokenManager {
  private token: Token | null = null;
  private inflight: Promise<Token> | null = null;
  private tokenEndpoint: string | null = null;
  private readonly now: () => number;
  private readonly authHost: string;
  /** Token requests sent (tests and diagnostics). */
  requests = 0;

  constructor(private readonly opts: TokenManagerOptions) {
    this.now = opts.now ?? Date.now;
    this.authHost = new URL(opts.authUrl).host;
  }

  /** A valid access token; callers arriving while one is being fetched share that request. */
  async getToken(signal?: AbortSignal): Promise<string> {
    const t = this.token;
    const now = this.now();
    if (t && now < t.renewsAt) return t.value;
    const pending = this.fetchShared().catch((e: unknown) => {
      // Renewal failed for a transient reason but the old token is still valid: keep using it.
      if (t && this.now() < t.expiresAt && e instanceof AppError && e.retryable) return t;
      throw e;
    });
    return (await raceAbort(pending, signal)).value;
  }

  /** After an API 401: forget `value` unless a newer token already replaced it. */
  invalidate(value: string): void {
    if (this.token?.value === value) {
      this.token = null;
      this.opts.onChange?.();
    }
  }

  clear(): void {
    const had = this.token !== null;
    this.token = null;
    if (had) this.opts.onChange?.();
  }

  status(): TokenStatus {
    const t = this.token;
    const fetching = this.inflight !== null;
    if (!t || this.now() >= t.expiresAt) return { signedIn: false, fetching };
    return { signedIn: true, fetching, scope: t.scope, expiresAt: t.expiresAt, renewsAt: t.renewsAt };
  }

  /** Fetches a fresh token regardless of the cache (connection test). Does not replace the cached one. */
  async fetchFresh(signal?: AbortSignal): Promise<{ scope: string; expiresAt: number }> {
    const t = await raceAbort(this.request(), signal);
    return { scope: t.scope, expiresAt: t.expiresAt };
  }

  private fetchShared(): Promise<Token> {
    if (!this.inflight) {
      // `inflight` is cleared before onChange, so a listener reading status() sees the outcome
      // (signed in, or not), not a fetch still running.
      this.inflight = this.request().then(
        (t) => {
          this.token = t;
          this.inflight = null;
          this.opts.onChange?.();
          return t;
        },
        (e: unknown) => {
          this.inflight = null;
          this.opts.onChange?.();
          throw e;
        },
      );
      this.opts.onChange?.();
    }
    return this.inflight;
  }

  private async endpoint(): Promise<string> {
    if (!this.opts.useDiscovery) return defaultTokenEndpoint(this.opts.authUrl);
    this.tokenEndpoint ??= await discoverTokenEndpoint(this.opts.transport, this.opts.authUrl, { timeoutMs: this.opts.timeoutMs });
    return this.tokenEndpoint;
  }

  private async request(): Promise<Token> {
    const secret = await this.opts.getSecret();
    if (!secret) {
      throw new AppError('not_configured', 'No client secret is stored for this profile. Open the connection settings and enter the client secret.');
    }
    const url = await this.endpoint();
    assertSecretDestination(url, this.opts.authUrl);
    const policy = this.opts.retry ?? TOKEN_RETRY;
    const started = this.now();
    for (let attempt = 1; ; attempt++) {
      let error: AppError;
      let retryAfterMs: number | undefined;
      try {
        this.requests++;
        const res = await this.opts.transport.send(
          {
            method: 'POST',
            url,
            headers: {
              authorization: basicAuthHeader(this.opts.clientId, secret),
              'content-type': 'application/x-www-form-urlencoded',
              accept: 'application/json',
            },
            // Literal form body of the spec; ':' is left as is (both forms decode the same).
            body: `grant_type=client_credentials&scope=${encodeURIComponent(this.opts.scope).replace(/%3A/gi, ':')}`,
            timeoutMs: this.opts.timeoutMs ?? 15_000,
          },
          attempt,
        );
        if (res.status >= 200 && res.status < 300) return this.parseToken(res.text);
        error = tokenHttpError(res.status, res.text, { authHost: this.authHost, clientId: this.opts.clientId, scope: this.opts.scope });
        if (!isTransientStatus(res.status)) throw error;
        const ra = res.headers.get('retry-after');
        retryAfterMs = ra && /^\d+$/.test(ra.trim()) ? Number(ra) * 1000 : undefined;
      } catch (e) {
        if (!(e instanceof TransportError)) throw e;
        error = tokenTransportError(e, this.authHost);
        if (e.kind !== 'network' && e.kind !== 'timeout') throw error;
      }
      const delay = retryAfterMs ?? backoffDelay(attempt, policy);
      if (attempt >= policy.maxAttempts || this.now() - started + delay > policy.budgetMs) throw error;
      await sleep(delay);
    }
  }

  private parseToken(text: string): Token {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw tokenBadResponse(this.authHost, /^\s*</.test(text) ? 'it sent an HTML page' : 'the answer is not JSON');
    }
    const parsed = TokenResponseSchema.safeParse(json);
    if (!parsed.success) {
      const field = parsed.error.issues[0]?.path.join('.') || 'body';
      throw tokenBadResponse(this.authHost, `field "${field}" is missing or invalid`);
    }
    const lifetimeMs = parsed.data.expires_in * 1000;
    const now = this.now();
    return {
      value: parsed.data.access_token,
      scope: parsed.data.scope,
      expiresAt: now + lifetimeMs,
      renewsAt: now + lifetimeMs - renewalMargin(lifetimeMs),
    };
  }
}

/** Lets one caller stop waiting without cancelling the shared request the others wait on. */
function raceAbort<T>(p: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return p;
  if (signal.aborted) return Promise.reject(new AppError('cancelled', 'Cancelled.'));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new AppError('cancelled', 'Cancelled.'));
    signal.addEventListener('abort', onAbort, { once: true });
    p.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
