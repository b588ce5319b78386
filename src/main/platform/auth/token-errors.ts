// Every token-endpoint outcome of the spec as a typed AppError with a message an analyst can act on.
import { AppError } from '../../../shared/errors';
import { OAuthErrorSchema } from '../../../shared/service/schemas';
import type { TransportError } from '../api/http';

export function tokenTransportError(e: TransportError, authHost: string): AppError {
  if (e.kind === 'cancelled') return new AppError('cancelled', 'Cancelled.');
  if (e.kind === 'too_large') {
    return new AppError('auth_bad_response', `The authorization server at ${authHost} sent an oversized answer instead of a token. Check the profile's Auth URL.`);
  }
  // Refused credentials or an untrusted certificate: named as such, never "unreachable" (which is
  // retried): one more attempt would be one more failed sign-in at the proxy.
  if (e.kind === 'proxy_auth') return new AppError('auth_proxy', `Firmscope could not sign in at ${authHost}: ${e.message}.`);
  if (e.kind === 'certificate') {
    return new AppError('auth_certificate', `Firmscope could not connect securely to the authorization server at ${authHost}: ${e.message}. Nothing was sent.`);
  }
  const why = e.kind === 'timeout' ? 'did not answer in time' : `could not be reached (${e.message})`;
  return new AppError('auth_unreachable', `The authorization server at ${authHost} ${why}. Check the Auth URL in the profile and your network connection, then try again.`, {
    retryable: true,
  });
}

/** A non-2xx answer from the token endpoint. */
export function tokenHttpError(status: number, body: string, ctx: { authHost: string; clientId: string; scope: string; retryAfterMs?: number }): AppError {
  const oauth = parseOAuthError(body);
  const details = {
    status,
    ...(oauth ? { oauthError: oauth.error } : {}),
    // The retry helper waits this long instead of its backoff.
    ...(ctx.retryAfterMs !== undefined ? { retryAfterMs: ctx.retryAfterMs } : {}),
  };
  // Checked before the OAuth body: a 429 or 408 says nothing about the profile, whatever the body.
  if (status === 429) {
    const wait = ctx.retryAfterMs !== undefined ? ` It asks to wait ${Math.ceil(ctx.retryAfterMs / 1000)} s.` : '';
    return new AppError('rate_limited', `The authorization server at ${ctx.authHost} is limiting requests (HTTP 429): rate limited, retrying.${wait} If this stays, wait a minute and test the connection again.`, { details });
  }
  if (status === 408) {
    return new AppError('auth_unreachable', `The authorization server at ${ctx.authHost} timed out handling the request (HTTP 408). Try again.`, { details });
  }
  if (status === 404 || status === 405) {
    return new AppError(
      'auth_bad_response',
      `There is no token endpoint at ${ctx.authHost} (HTTP ${status}). Check the Auth URL in the profile: it is the authorization server's base address (Firmscope adds /oauth2/token).`,
      { details },
    );
  }
  if (!oauth) {
    if (status >= 500) {
      return new AppError('auth_unreachable', `The authorization server at ${ctx.authHost} has a problem (HTTP ${status}). Try again in a few minutes.`, { retryable: true, details });
    }
    return new AppError(
      'auth_bad_response',
      `The authorization server at ${ctx.authHost} answered HTTP ${status} without an OAuth error. Check that the Auth URL is the server's base address (Firmscope adds /oauth2/token).`,
      { details },
    );
  }
  const description = (oauth.error_description ?? '').toLowerCase();
  switch (oauth.error) {
    case 'invalid_client':
      return new AppError('auth_invalid_client', `The client ID "${ctx.clientId}" or its secret was not accepted. Re-enter the client secret in Settings and check the client ID with the service operator.`, { details });
    case 'invalid_scope':
      return new AppError('auth_invalid_scope', `The authorization server refused the request (invalid_scope): the scope "${ctx.scope}" or the credentials are not set up properly. Set the scope to api:use and check the client ID.`, { details });
    case 'access_denied':
      if (description.includes('not been setup') || description.includes('not been set up')) {
        return new AppError('auth_not_setup', 'Your API account has not been set up (activated) yet. Ask the service operator to activate it, then test the connection again.', { details });
      }
      if (description.includes('disabled')) {
        return new AppError('auth_disabled', 'Your API account has been disabled. Contact the service operator to have it enabled again.', { details });
      }
      return new AppError('auth_denied', `The authorization server denied access${oauth.error_description ? ` (${truncate(oauth.error_description)})` : ''}. Contact the service operator.`, { details });
    default:
      if (status >= 500) {
        return new AppError('auth_unreachable', `The authorization server at ${ctx.authHost} has a problem (HTTP ${status}). Try again in a few minutes.`, { retryable: true, details });
      }
      return new AppError('auth_denied', `The authorization server refused the token request (${truncate(oauth.error)}, HTTP ${status}). Check the profile's client ID, secret and scope.`, { details });
  }
}

export function tokenBadResponse(authHost: string, what: string): AppError {
  return new AppError(
    'auth_bad_response',
    `The authorization server at ${authHost} did not answer with a token (${what}). Check that the Auth URL points at the authorization server, not a web page or the API host.`,
  );
}

function parseOAuthError(body: string) {
  try {
    const r = OAuthErrorSchema.safeParse(JSON.parse(body));
    return r.success ? r.data : null;
  } catch {
    return null;
  }
}

function truncate(s: string): string {
  // Server-provided text: keep it short and single-line.
  return s.replace(/\s+/g, ' ').slice(0, 160);
}
