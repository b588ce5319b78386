// Access tokens for one profile: obtained as the spec says (HTTP Basic with form-urlencoded id and
// secret, form body grant_type=client_credentials&scope=...), cached in memory, renewed early,
// shared by concurrent callers (single flight), dropped on an API 401 so the caller can replay once.
import { credentialKey, RefusedCredentials } from '../net/refused-credentials';
import { AppError, isRetryable, toBridgeError, type BridgeError } from '../../../shared/errors';
import { TokenResponseSchema } from '../../../shared/service/schemas';
import { TransportError } from '../api/http';
import { cancelledError, parseRetryAfter, withRetry, type RetryPolicy } from '../api/retry';
import { clientCredentialSecrets, redactCredentials } from '../api/redact-credentials';
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
  /** Wait between attempts (tests); default: the retry helper's abortable sleep. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  onChange?(): void;
}

export interface TokenStatus {
  signedIn: boolean;
  /** A token request is in flight. */
  fetching: boolean;
  /** The in-flight request failed for a transient reason and waits to try again (e.g. HTTP 429). */
  retrying?: { error: BridgeError; retryAt: number };
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

interface Inflight {
  promise: Promise<Token>;
  /** Aborted when every caller waiting on it has given up, or on clear(). */
  controller: AbortController;
  waiters: number;
}

export class TokenManager {
  private token: Token | null = null;
  private inflight: Inflight | null = null;
  private retrying: TokenStatus['retrying'] | null = null;
  private tokenEndpoint: string | null = null;
  private readonly now: () => number;
  private readonly authHost: string;
  /** Token requests sent (tests and diagnostics). */
  requests = 0;
  /**
   * A client secret the server refused (invalid_client) is not sent again by the app on its own (the
   * live count at every edit): only a new secret, or once per action of the analyst.
   */
  private readonly refused = new RefusedCredentials();
  private lastRefusal: AppError | null = null;

  constructor(private readonly opts: TokenManagerOptions) {
    this.now = opts.now ?? Date.now;
    this.authHost = new URL(opts.authUrl).host;
  }

  /**
   * A valid access token; callers arriving while one is being fetched share that request. A
   * caller's `signal` stops its own wait; the request itself stops once no caller waits for it.
   */
  async getToken(signal?: AbortSignal): Promise<string> {
    const t = this.token;
    const now = this.now();
    if (t && now < t.renewsAt) return t.value;
    if (signal?.aborted) throw cancelledError();
    const shared = this.fetchShared();
    const pending = shared.promise.catch((e: unknown) => {
      // Renewal failed for a transient reason but the old token is still valid: keep using it.
      if (t && this.now() < t.expiresAt && isRetryable(e)) return t;
      throw e;
    });
    shared.waiters++;
    const leave = () => {
      if (--shared.waiters === 0) shared.controller.abort();
    };
    try {
      return (await raceAbort(pending, signal, leave)).value;
    } finally {
      if (!signal?.aborted) shared.waiters--;
    }
  }

  /** After an API 401: forget `value` unless a newer token already replaced it. */
  invalidate(value: string): void {
    if (this.token?.value === value) {
      this.token = null;
      this.opts.onChange?.();
    }
  }

  /** Forgets the token and stops a token request in flight (sign-out, profile switched). */
  clear(): void {
    const had = this.token !== null || this.inflight !== null;
    this.token = null;
    this.inflight?.controller.abort();
    if (had) this.opts.onChange?.();
  }

  status(): TokenStatus {
    const t = this.token;
    const fetching = this.inflight !== null;
    const retrying = fetching && this.retrying ? { retrying: this.retrying } : {};
    if (!t || this.now() >= t.expiresAt) return { signedIn: false, fetching, ...retrying };
    return { signedIn: true, fetching, scope: t.scope, expiresAt: t.expiresAt, renewsAt: t.renewsAt, ...retrying };
  }

  /** Fetches a fresh token regardless of the cache (connection test). Does not replace the cached one. */
  async fetchFresh(signal?: AbortSignal): Promise<{ scope: string; expiresAt: number }> {
    const t = await this.request(signal);
    return { scope: t.scope, expiresAt: t.expiresAt };
  }

  private fetchShared(): Inflight {
    // A request every earlier caller gave up on is stopping: a new caller starts a new one.
    if (!this.inflight || this.inflight.controller.signal.aborted) {
      const controller = new AbortController();
      // `inflight` is cleared before onChange, so a listener reading status() sees the outcome
      // (signed in, or not), not a fetch still running.
      const settle = () => {
        if (this.inflight?.controller === controller) {
          this.inflight = null;
          this.retrying = null;
        }
      };
      const promise = this.request(controller.signal, (r) => {
        this.retrying = r;
        this.opts.onChange?.();
      }).then(
        (t) => {
          // A request stopped by clear() may still have finished: its token is not wanted any more.
          if (!controller.signal.aborted) this.token = t;
          settle();
          this.opts.onChange?.();
          return t;
        },
        (e: unknown) => {
          settle();
          this.opts.onChange?.();
          throw e;
        },
      );
      // Callers that all gave up leave nobody to observe the rejection.
      promise.catch(() => undefined);
      this.inflight = { promise, controller, waiters: 0 };
      this.opts.onChange?.();
    }
    return this.inflight;
  }

  private async endpoint(): Promise<string> {
    if (!this.opts.useDiscovery) return defaultTokenEndpoint(this.opts.authUrl);
    this.tokenEndpoint ??= await discoverTokenEndpoint(this.opts.transport, this.opts.authUrl, { timeoutMs: this.opts.timeoutMs });
    return this.tokenEndpoint;
  }

  private async request(signal?: AbortSignal, onRetry?: (r: NonNullable<TokenStatus['retrying']>) => void): Promise<Token> {
    const secret = await this.opts.getSecret();
    if (!secret) {
      throw new AppError('not_configured', 'No client secret is stored for this profile. Open the connection settings and enter the client secret.');
    }
    const url = await this.endpoint();
    assertSecretDestination(url, this.opts.authUrl);
    const key = credentialKey(url, this.opts.clientId, secret);
    if (this.lastRefusal && !this.refused.maySend(key)) throw this.lastRefusal;
    try {
      const token = await this.send(url, secret, signal, onRetry);
      this.refused.accept(key);
      return token;
    } catch (e) {
      if (e instanceof AppError && e.code === 'auth_invalid_client') {
        this.refused.refuse(key);
        this.lastRefusal = e;
      }
      throw e;
    }
  }

  private send(url: string, secret: string, signal?: AbortSignal, onRetry?: (r: NonNullable<TokenStatus['retrying']>) => void): Promise<Token> {
    const attempt = async (n: number): Promise<Token> => {
      this.requests++;
      let res;
      try {
        res = await this.opts.transport.send(
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
            signal,
          },
          n,
        );
      } catch (e) {
        throw e instanceof TransportError ? tokenTransportError(e, this.authHost) : e;
      }
      if (res.status >= 200 && res.status < 300) return this.parseToken(res.text);
      const retryAfterMs = parseRetryAfter(res.headers.get('retry-after'), this.now());
      // An echo of the Basic header or the form body must not reach the error's text.
      const answer = redactCredentials(res.text, clientCredentialSecrets(this.opts.clientId, secret, basicAuthHeader(this.opts.clientId, secret)));
      throw tokenHttpError(res.status, answer, { authHost: this.authHost, clientId: this.opts.clientId, scope: this.opts.scope, retryAfterMs });
    };
    return withRetry(attempt, {
        policy: this.opts.retry ?? TOKEN_RETRY,
        signal,
        now: this.now,
        sleep: this.opts.sleep,
        onRetry: onRetry && (({ error, delayMs }) => onRetry({ error: toBridgeError(error), retryAt: this.now() + delayMs })),
      });
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
      const issue = parsed.error.issues[0];
      const field = issue?.path.join('.') || 'body';
      if (field === 'access_token' && typeof (json as { access_token?: unknown }).access_token === 'string' && issue?.code !== 'too_small') {
        throw tokenBadResponse(this.authHost, 'the access token holds line breaks or other characters an HTTP header cannot carry');
      }
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
function raceAbort<T>(p: Promise<T>, signal: AbortSignal | undefined, onAbort: () => void): Promise<T> {
  if (!signal) return p;
  return new Promise<T>((resolve, reject) => {
    const abort = () => {
      onAbort();
      reject(cancelledError());
    };
    signal.addEventListener('abort', abort, { once: true });
    p.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}
