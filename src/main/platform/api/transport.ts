// httpSend plus an entry in the request log for every attempt (success or failure).
import { httpSend, TransportError, type FetchLike, type HttpRequest, type HttpResponse } from './http';
import type { RequestLog } from './request-log';

export interface Transport {
  send(req: HttpRequest, attempt: number): Promise<HttpResponse>;
  readonly now: () => number;
}

export function createTransport(opts: { log: RequestLog; fetchImpl?: FetchLike; now?: () => number }): Transport {
  const now = opts.now ?? Date.now;
  // Which proxy the request went through, for the log's cURL line; not knowing it never fails a request.
  const proxyOf = async (url: string) => (await opts.fetchImpl?.proxyFor?.(url).catch(() => null)) ?? null;
  return {
    now,
    async send(req, attempt) {
      const at = now();
      const t0 = performance.now();
      try {
        const res = await httpSend(req, opts.fetchImpl);
        const failureText = res.status >= 400 ? res.text : undefined;
        opts.log.add({ at, method: req.method, url: req.url, status: res.status, durationMs: performance.now() - t0, attempt, headers: req.headers, body: req.body, failureText, proxy: await proxyOf(req.url) });
        return res;
      } catch (e) {
        const errorClass = e instanceof TransportError ? e.kind : 'internal';
        const failureText = e instanceof TransportError ? e.message : undefined;
        opts.log.add({ at, method: req.method, url: req.url, durationMs: performance.now() - t0, attempt, errorClass, headers: req.headers, body: req.body, failureText, proxy: await proxyOf(req.url) });
        throw e;
      }
    },
  };
}

