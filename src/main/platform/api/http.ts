// One HTTP exchange with a per-attempt timeout, caller cancellation and a cap on the body size.
// Failures below HTTP (refused, reset, DNS, timeout, abort) become a TransportError with a kind;
// HTTP statuses are returned as they are, interpretation is left to the callers.

/**
 * `proxy_auth`: the proxy asked for credentials or refused them (407); `certificate`: the server's
 * (or the proxy's) certificate is not trusted. Neither is worth another attempt by itself.
 */
export type TransportKind = 'network' | 'timeout' | 'cancelled' | 'too_large' | 'proxy_auth' | 'certificate';

export class TransportError extends Error {
  constructor(
    readonly kind: TransportKind,
    message: string,
  ) {
    super(message);
    this.name = 'TransportError';
  }
}

export interface HttpRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
  signal?: AbortSignal;
  /** Bodies larger than this are refused (default 64 MiB). */
  maxBytes?: number;
}

export interface HttpResponse {
  status: number;
  headers: Headers;
  text: string;
}

/** The proxy a request goes through: its address without credentials, and whether it is sent credentials. */
export interface ProxyUsed {
  url: string;
  authenticated: boolean;
}

/** A fetch; a network's fetch also says which proxy a URL goes through (for the request log's cURL line). */
export type FetchLike = ((url: string, init: RequestInit) => Promise<Response>) & { proxyFor?(url: string): Promise<ProxyUsed | null> };

/** A proxy URL as `scheme://host:port`, its user name and password left out. */
export function proxyAddress(url: string): string {
  const u = new URL(url);
  return `${u.protocol}//${u.host}`;
}

export const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;

export async function httpSend(req: HttpRequest, fetchImpl: FetchLike = fetch): Promise<HttpResponse> {
  if (req.signal?.aborted) throw new TransportError('cancelled', 'Cancelled.');
  const ctrl = new AbortController();
  let headersIn = false;
  // Settles when the deadline passes or the caller aborts, whatever fetch makes of the abort: after
  // abort() a pending body read of Node's fetch can stay pending for good (nodejs/undici#4089), so
  // every wait below races this instead of trusting the abort alone.
  let stop!: (e: TransportError) => void;
  const stopped = new Promise<never>((_, reject) => (stop = reject));
  stopped.catch(() => undefined);
  const timer = setTimeout(() => {
    const within = req.timeoutMs < 1000 ? `${req.timeoutMs} ms` : `${Math.round(req.timeoutMs / 1000)} s`;
    stop(new TransportError('timeout', headersIn ? `The answer did not arrive in full within ${within}` : `No answer within ${within}`));
    ctrl.abort();
  }, req.timeoutMs);
  const onCallerAbort = () => {
    stop(new TransportError('cancelled', 'Cancelled.'));
    ctrl.abort();
  };
  req.signal?.addEventListener('abort', onCallerAbort, { once: true });
  const race = <T>(p: Promise<T>): Promise<T> => Promise.race([p, stopped]);
  try {
    const res = await race(fetchImpl(req.url, { method: req.method, headers: req.headers, body: req.body, signal: ctrl.signal, redirect: 'error' }));
    headersIn = true;
    const maxBytes = req.maxBytes ?? DEFAULT_MAX_BYTES;
    const chunks = await readBody(res, maxBytes, race);
    return { status: res.status, headers: res.headers, text: decode(chunks) };
  } catch (e) {
    if (e instanceof TransportError) throw e;
    if (req.signal?.aborted) throw new TransportError('cancelled', 'Cancelled.');
    throw new TransportError('network', describeNetworkError(e));
  } finally {
    clearTimeout(timer);
    req.signal?.removeEventListener('abort', onCallerAbort);
  }
}

function decode(chunks: Uint8Array[]): string {
  if (chunks.length === 1) return new TextDecoder().decode(chunks[0]);
  const decoder = new TextDecoder();
  let out = '';
  for (const chunk of chunks) out += decoder.decode(chunk, { stream: true });
  return out + decoder.decode();
}

/**
 * The body's chunks, each read raced against the exchange's deadline; on any failure the reader is
 * cancelled without waiting for it (a stuck stream must not hold the caller). Refuses more than
 * `maxBytes`, declared or streamed.
 */
async function readBody(res: Response, maxBytes: number, race: <T>(p: Promise<T>) => Promise<T>): Promise<Uint8Array[]> {
  const declared = Number(res.headers.get('content-length'));
  if (res.headers.has('content-length') && Number.isFinite(declared) && declared > maxBytes) {
    void res.body?.cancel().catch(() => undefined);
    throw new TransportError('too_large', `Response of ${declared} bytes is larger than the ${maxBytes}-byte limit`);
  }
  if (!res.body) return [];
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await race(reader.read());
      if (done) return chunks;
      size += value.byteLength;
      if (size > maxBytes) throw new TransportError('too_large', `Response is larger than the ${maxBytes}-byte limit`);
      chunks.push(value);
    }
  } catch (e) {
    void reader.cancel().catch(() => undefined);
    throw e;
  }
}

/** Network error text without anything from the request (URLs with credentials never reach here, but be safe). */
function describeNetworkError(e: unknown): string {
  const cause = (e as { cause?: { code?: string; message?: string } })?.cause;
  const code = cause?.code ?? (e as { code?: string })?.code;
  if (code === 'ECONNREFUSED') return 'connection refused';
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') return 'connection dropped';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'host name not found';
  if (code) return `network error ${code}`;
  // Redirects are refused on purpose (a POST must not turn into a GET, credentials stay on one host).
  if (/redirect/i.test(cause?.message ?? '')) return 'the server answered with a redirect; put the final address in the profile';
  return 'network error';
}
