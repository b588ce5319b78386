// Token endpoint resolution: the discovery document's `token_endpoint` when the profile asks for it,
// else `{auth_url}/oauth2/token` as the spec says.
import { AppError } from '../../shared/errors';
import { DiscoveryDocumentSchema } from '../../shared/service/schemas';
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
  return parsed.data.token_endpoint;
}
