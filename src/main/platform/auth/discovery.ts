// Token endpoint resolution: the discovery document's `token_endpoint` when the profile asks for it,
// else `{auth_url}/oauth2/token` as the spec says.
import { AppError } from '../../../shared/errors';
import { insecureUrlProblem } from '../../../shared/profile';
import { DiscoveryDocumentSchema } from '../../../shared/service/schemas';
import { TransportError } from '../api/http';
import type { Transport } from '../api/transport';
import { tokenTransportError } from './token-errors';

export const DISCOVERY_PATH = '/.well-known/openid-configuration';

export function defaultTokenEndpoint(authUrl: string): string {
  return `${authUrl.replace(/\/+$/, '')}/oauth2/token`;
}

export async function discoverTokenEndpoint(
  transport: Transport,
  authUrl: string,
  opts: { timeoutMs?: number; signal?: AbortSignal } = {},
): Promise<string> {
  const url = `${authUrl.replace(/\/+$/, '')}${DISCOVERY_PATH}`;
  const host = new URL(url).host;
  let res;
  try {
    res = await transport.send({ method: 'GET', url, headers: { accept: 'application/json' }, timeoutMs: opts.timeoutMs ?? 10_000, signal: opts.signal }, 1);
  } catch (e) {
    if (e instanceof TransportError) throw tokenTransportError(e, host);
    throw e;
  }
  if (res.status !== 200) {
    throw new AppError('auth_bad_response', `The discovery document at ${host}${DISCOVERY_PATH} is not available (HTTP ${res.status}). Turn off "use discovery" in the profile or check the Auth URL.`, {
      details: { status: res.status },
    });
  }
  let json: unknown;
  try {
    json = JSON.parse(res.text);
  } catch {
    throw new AppError('auth_bad_response', `The discovery document at ${host} is not JSON. Turn off "use discovery" in the profile or check the Auth URL.`);
  }
  const parsed = DiscoveryDocumentSchema.safeParse(json);
  if (!parsed.success) {
    throw new AppError('auth_bad_response', `The discovery document at ${host} has no valid token_endpoint. Turn off "use discovery" in the profile.`, {
      details: { field: 'token_endpoint' },
    });
  }
  return checkedTokenEndpoint(parsed.data.token_endpoint, authUrl);
}

/**
 * The client secret goes only to the server it was entered for: a discovered token endpoint must be
 * on the Auth URL's origin (same scheme, host and port), else discovery fails with a clear message.
 */
export function checkedTokenEndpoint(endpoint: string, authUrl: string): string {
  const expected = new URL(authUrl).origin;
  let actual: string;
  try {
    const u = new URL(endpoint);
    actual = u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : `${u.protocol}…`;
  } catch {
    actual = 'an address that is not a URL';
  }
  if (actual !== expected) {
    throw new AppError(
      'auth_bad_response',
      `The discovery document names a token endpoint on ${actual}, not on the Auth URL's server (${expected}). Firmscope sends the client secret only to the server it was entered for: turn off "use discovery", or set the Auth URL to the server that issues tokens and enter the secret again.`,
      { details: { field: 'token_endpoint' } },
    );
  }
  return endpoint;
}

/** Last check before a secret leaves: the token endpoint is on the Auth URL's origin, over https unless loopback. */
export function assertSecretDestination(endpoint: string, authUrl: string): void {
  checkedTokenEndpoint(endpoint, authUrl);
  const problem = insecureUrlProblem(endpoint);
  if (problem) {
    throw new AppError('not_configured', `The client secret is not sent to ${new URL(endpoint).origin}: ${problem}. Edit the profile's Auth URL.`, {
      details: { field: 'authUrl' },
    });
  }
}
