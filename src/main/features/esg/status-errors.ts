// How a failed status call affects a watch. Explains 400/404/403 in words an analyst can act on;
// 401 was already retried once by the API client, so reaching us it is final.
import { AppError, isRetryable, type BridgeError } from '../../../shared/errors';
import { retryAfterOf } from '../../platform/api/retry';

export type StatusFailure =
  | { kind: 'retry'; error: BridgeError; retryAfterMs?: number }
  | { kind: 'stop'; state: 'expired' | 'error'; error: BridgeError };

export function classifyStatusError(e: unknown): StatusFailure {
  if (!(e instanceof AppError)) {
    return { kind: 'stop', state: 'error', error: { code: 'internal', message: 'Watching this session failed unexpectedly. Details are in the diagnostics log.', retryable: false } };
  }
  switch (e.code) {
    case 'not_found':
      return {
        kind: 'stop',
        state: 'expired',
        error: {
          code: 'not_found',
          // Said without guessing its age: after a service restart a one-minute-old session is gone too.
          message: 'HTTP 404: the service no longer has this session; request again for current data.',
          retryable: false,
          details: { status: 404 },
        },
      };
    case 'bad_request':
      return {
        kind: 'stop',
        state: 'error',
        error: { code: 'bad_request', message: 'The service rejected this session id as not a valid UUID (400). Request the module again to get a fresh session.', retryable: false, details: { status: 400 } },
      };
    case 'forbidden':
      return {
        kind: 'stop',
        state: 'error',
        error: { code: 'forbidden', message: 'This account lacks access to the ESG API (403). Ask the service operator to enable ESG for this client.', retryable: false, details: { status: 403 } },
      };
  }
  if (isRetryable(e)) return { kind: 'retry', error: e.toBridge(), retryAfterMs: retryAfterOf(e) };
  return { kind: 'stop', state: 'error', error: e.toBridge() };
}

/** Same wording for a 403 from the module request itself. */
export function explainModuleError(e: unknown): unknown {
  if (e instanceof AppError && e.code === 'forbidden') {
    return new AppError('forbidden', 'This account lacks access to the ESG API (403). Ask the service operator to enable ESG for this client.', { details: { status: 403 }, cause: e });
  }
  if (e instanceof AppError && e.code === 'not_found') {
    return new AppError('not_found', 'The service has no such company or module path (404). Check the company id and the ESG module path in the profile.', { details: { status: 404 }, cause: e });
  }
  return e;
}
