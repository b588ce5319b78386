// API answers and transport failures as typed AppErrors with messages an analyst can act on.
import { AppError } from '../../../shared/errors';
import { ApiErrorBodySchema, type ApiErrorBody } from '../../../shared/service/schemas';
import type { TransportError } from './http';

/** Error codes of the documented API error body that mean "the pagination session is gone". */
const PAGINATION_ERRORS = new Set(['pagination_mismatch', 'invalid_pagination_token', 'pagination_expired']);

export function parseApiErrorBody(text: string): ApiErrorBody | null {
  try {
    const r = ApiErrorBodySchema.safeParse(JSON.parse(text));
    return r.success ? r.data : null;
  } catch {
    return null;
  }
}

/** A non-2xx API answer that will not be retried (any more). */
export function apiHttpError(status: number, text: string, ctx: { host: string; retryAfterMs?: number }): AppError {
  const body = parseApiErrorBody(text);
  const server = body?.message ? ` The service said: ${clean(body.message)}` : '';
  const details = {
    status,
    ...(body ? { apiError: clean(body.error) } : {}),
    ...(body?.field ? { field: clean(body.field) } : {}),
    // The service's own sentence, apart from the app's wording around it (the search builder shows it at the condition).
    ...(body?.message ? { serviceMessage: clean(body.message) } : {}),
    // The retry helper waits this long instead of its backoff.
    ...(ctx.retryAfterMs !== undefined ? { retryAfterMs: ctx.retryAfterMs } : {}),
  };
  if (status === 401) {
    return new AppError('unauthorized', 'The service rejected the access token even after signing in again. Test the connection in Settings; if it keeps failing, ask the service operator to check the client.', { details });
  }
  if (status === 403) {
    return new AppError('forbidden', `Your API account lacks permission for this data (HTTP 403). Ask the service operator to grant access.${server}`, { details });
  }
  if (status === 400 && body && PAGINATION_ERRORS.has(body.error)) {
    return new AppError('pagination_expired', 'The pagination session of these results is no longer valid. Run the search again from page 1.', { details });
  }
  if (status === 400) {
    return new AppError('bad_request', body?.message ? `The service refused the request: ${clean(body.message)}` : 'The service refused the request as malformed (HTTP 400).', { details });
  }
  if (status === 404) {
    return new AppError('not_found', body?.message ? `Not found: ${clean(body.message)}` : 'The service found nothing at this address (HTTP 404). Check the paths in the connection profile.', { details });
  }
  if (status === 408) {
    return new AppError('timeout', 'The service timed out handling the request (HTTP 408). Try again.', { retryable: true, details });
  }
  if (status === 429) {
    const wait = ctx.retryAfterMs !== undefined ? ` It asks to wait ${Math.ceil(ctx.retryAfterMs / 1000)} s.` : '';
    return new AppError('rate_limited', `The service is limiting requests (HTTP 429) and Firmscope's retries ran out.${wait} Wait a moment and try again.`, { details });
  }
  if (status >= 500) {
    return new AppError('server_error', `The service at ${ctx.host} has a problem (HTTP ${status}) and retrying did not help. Try again later.`, { retryable: true, details });
  }
  return new AppError('bad_response', `The service answered with unexpected HTTP status ${status}.${server}`, { details });
}

export function apiTransportError(e: TransportError, host: string): AppError {
  switch (e.kind) {
    case 'cancelled':
      return new AppError('cancelled', 'Cancelled.');
    case 'timeout':
      return new AppError('timeout', `The service at ${host} did not answer in time. Try again; if it persists, check the Base URL and your network.`, { retryable: true });
    case 'too_large':
      return new AppError('bad_response', `The service at ${host} sent a response that is too large to handle (${e.message}). Use a smaller page size.`);
    // Not retryable: the same credentials or the same certificate would fail the same way.
    case 'proxy_auth':
      return new AppError('auth_proxy', `Firmscope could not reach the service at ${host}: ${e.message}.`);
    case 'certificate':
      return new AppError('auth_certificate', `Firmscope could not connect securely to the service at ${host}: ${e.message}. Nothing was sent.`);
    default:
      return new AppError('network', `Could not reach the service at ${host} (${e.message}). Check the Base URL in the profile and your network connection.`, { retryable: true });
  }
}

function clean(s: string): string {
  return s.replace(/\s+/g, ' ').slice(0, 300);
}
