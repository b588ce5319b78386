// Normalise anything thrown (AppError from unwrap, a BridgeError object, a plain Error) to what the UI shows.
import type { BridgeError } from '../../shared/errors';

export function toDisplayError(e: unknown): BridgeError {
  if (e && typeof e === 'object' && 'code' in e && 'message' in e) {
    const b = e as Partial<BridgeError>;
    return {
      code: b.code ?? 'internal',
      message: String(b.message ?? ''),
      retryable: Boolean(b.retryable),
      ...(b.details ? { details: b.details } : {}),
    };
  }
  // A renderer-side bug: keep the text generic, the console has the rest.
  return { code: 'internal', message: 'Something went wrong in this screen.', retryable: false };
}

/** Field name a server-side validation error points at, if any. */
export function errorField(e: unknown): string | undefined {
  const f = toDisplayError(e).details?.field;
  return typeof f === 'string' ? f : undefined;
}

/** The service's own sentence (details.serviceMessage, set by main for a service's 4xx), if it gave one. */
export function errorServiceMessage(e: unknown): string | undefined {
  const m = toDisplayError(e).details?.serviceMessage;
  return typeof m === 'string' ? m : undefined;
}
