// One HTTP exchange with a per-attempt timeout, caller cancellation and a cap on the body size.
// Failures below HTTP (refused, reset, DNS, timeout, abort) become a TransportError with a kind;
// HTTP statuses are returned as they are, interpretation is left to the callers.

export type TransportKind = 'network' | 'timeout' | 'cancelled' | 'too_large';

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
  method: 'GET' | 'POST';
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

export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

export const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;

export async function httpSend(req: HttpRequest, fetchImpl: FetchLike = fetch): Promise<HttpResponse> {
  if (req.signal?.aborted) throw new TransportError('cancelled', 'Cancelled.');
  const ctrl = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    ctrl.abort();
  }, req.timeoutMs);
  const onCallerAbort = () => ctrl.abort();
  req.signal?.addEventListener('abort', onCallerAbort, { once: true });
  const failure = (e: unknown): TransportError => {
    if (e instanceof TransportError) return e;
    if (timedOut) return new TransportError('timeout', `No answer within ${Math.round(req.timeoutMs / 1000)} s`);
    if (req.signal?.aborted) return new TransportError('cancelled', 'Cancelled.');
    return new TransportError('network', describeNetworkError(e));
  };
  try {
    const res = await fetchImpl(req.url, { method: req.method, headers: req.headers, body: req.body, signal: ctrl.signal, redirect: 'error' });
    const maxBytes = req.maxBytes ?? DEFAULT_MAX_BYTES;
    const text = await readCapped(res, maxBytes);
    return { status: res.status, headers: res.headers, text };
  } catch (e) {
    throw failure(e);
  } finally {
    clearTimeout(timer);
    req.signal?.removeEventListener('abort', onCallerAbort);
  }
}

async function refuseDeclaredTooLarge(res: Response, maxBytes: number): Promise<void> {
  const declared = Number(res.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await res.body?.cancel().catch(() => {});
    throw new TransportError('too_large', `Response of ${declared} bytes is larger than the ${maxBytes}-byte limit`);
  }
}

/** Body chunks, failing as soon as more than `maxBytes` have arrived (no declared length). */
async function* cappedChunks(body: ReadableStream<Uint8Array>, maxBytes: number): AsyncGenerator<Uint8Array> {
  const reader = body.getReader();
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      throw new TransportError('too_large', `Response is larger than the ${maxBytes}-byte limit`);
    }
    yield value;
  }
}

async function readCapped(res: Response, maxBytes: number): Promise<string> {
  await refuseDeclaredTooLarge(res, maxBytes);
  // A declared length within the limit is enforced by the HTTP stack: read it in one go (fast path).
  if (res.headers.has('content-length') || !res.body) return res.text();
  const decoder = new TextDecoder();
  let out = '';
  for await (const chunk of cappedChunks(res.body, maxBytes)) out += decoder.decode(chunk, { stream: true });
  return out + decoder.decode();
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
