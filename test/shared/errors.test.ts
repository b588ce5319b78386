// The one table of what an error code means for its catcher (src/shared/errors.ts).
import { describe, expect, it } from 'vitest';
import { AppError, ERROR_CLASSES, ERROR_CODES, isConnectionProblem, isJobFatal, isRetryable } from '../../src/shared/errors';

describe('error classification table', () => {
  it('classifies every code', () => {
    expect(Object.keys(ERROR_CLASSES).sort()).toEqual([...ERROR_CODES].sort());
  });

  it('retries transient failures only, never a cancellation or a verdict about the profile', () => {
    for (const code of ['network', 'timeout', 'server_error', 'rate_limited', 'auth_unreachable'] as const) expect(isRetryable(new AppError(code, 'x'))).toBe(true);
    for (const code of ['cancelled', 'auth_invalid_client', 'forbidden', 'bad_request', 'bad_response', 'unauthorized'] as const) {
      expect(isRetryable(new AppError(code, 'x'))).toBe(false);
    }
    expect(isRetryable(new AppError('cancelled', 'x', { retryable: true }))).toBe(false);
    expect(isRetryable(new Error('plain'))).toBe(false);
  });

  it('takes an error’s retryable flag from the table unless its maker says otherwise', () => {
    expect(new AppError('rate_limited', 'x').retryable).toBe(true);
    expect(new AppError('auth_denied', 'x').retryable).toBe(false);
    expect(new AppError('bad_response', 'x', { retryable: true }).retryable).toBe(true);
  });

  it('stops a job and flags the connection for credential problems; a 403 stops the job only', () => {
    expect(isJobFatal({ code: 'auth_invalid_client', message: '', retryable: false })).toBe(true);
    expect(isConnectionProblem(new AppError('auth_invalid_client', 'x'))).toBe(true);
    expect(isJobFatal(new AppError('forbidden', 'x'))).toBe(true);
    expect(isConnectionProblem(new AppError('forbidden', 'x'))).toBe(false);
    expect(isJobFatal(new AppError('network', 'x'))).toBe(false);
    expect(isConnectionProblem(new AppError('auth_unreachable', 'x'))).toBe(true);
    expect(isJobFatal(new AppError('not_found', 'x'))).toBe(false);
  });
});
