// Network failures named by their real cause ("the proxy refused the connection", "the certificate
// is signed by an unknown authority …") instead of a generic network error. Both stacks: undici
// error codes (browser mode) and Chromium net::ERR_* names (Electron). Returns null for anything
// else, so the transport's own classification (timeout, cancelled, refused …) stays in charge.
import { TransportError, type TransportKind } from '../api/http';

export const UNKNOWN_AUTHORITY = 'the certificate is signed by an unknown authority (add your company CA in Settings)';
export const PROXY_REFUSED = 'the proxy refused the connection';
export const PROXY_AUTH_MISSING = 'the proxy asks for a user name and password (enter them in Settings → Network)';
export const PROXY_PASSWORD_MISSING = 'the proxy asks for a password; enter it in Settings → Network (none is stored for this user name)';
export const PROXY_AUTH_REFUSED = 'the proxy refused the user name and password in Settings → Network';

/**
 * The 407 text for what was offered: nothing, a user name with no stored password, or both; from the
 * profile (Settings → Network) or, with `envVariable`, from that environment variable (proxy: system).
 */
export function proxyAuthFailure(offered: boolean, passwordStored = true, envVariable?: string): string {
  if (envVariable) {
    return offered
      ? `the proxy refused the user name and password in the ${envVariable} environment variable (correct them there and restart Firmscope, or set the proxy in Settings → Network)`
      : `the proxy in the ${envVariable} environment variable asks for a user name and password (add them to it as http://user:password@host:port and restart Firmscope, or set the proxy in Settings → Network)`;
  }
  if (!offered) return PROXY_AUTH_MISSING;
  return passwordStored ? PROXY_AUTH_REFUSED : PROXY_PASSWORD_MISSING;
}

/** A refusal of a password that was offered: the app holds it back from now on (refused-credentials.ts). */
export function heldBack(refusal: string): string {
  return `${refusal}; Firmscope does not send them again by itself, only when you press Retry or Test connection, or once they are changed`;
}

/** A request that did not go: its credentials were refused before and nobody asked to try them again. */
export function notResent(refusal: string): string {
  return `${refusal} earlier, so they were not sent again; they go once more when you press Retry or Test connection, or once they are changed`;
}

const UNKNOWN_CA_CODES = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'UNABLE_TO_GET_ISSUER_CERT', 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'SELF_SIGNED_CERT_IN_CHAIN', 'DEPTH_ZERO_SELF_SIGNED_CERT', 'CERT_UNTRUSTED',
]);

const CHROMIUM: Record<string, [TransportKind, string]> = {
  ERR_CERT_AUTHORITY_INVALID: ['certificate', UNKNOWN_AUTHORITY],
  ERR_CERT_DATE_INVALID: ['certificate', "the server's certificate has expired or is not valid yet"],
  ERR_CERT_COMMON_NAME_INVALID: ['certificate', "the server's certificate is for a different host name"],
  ERR_PROXY_CONNECTION_FAILED: ['network', PROXY_REFUSED],
  ERR_TUNNEL_CONNECTION_FAILED: ['network', `${PROXY_REFUSED} (it would not open a tunnel to the service)`],
  ERR_PROXY_AUTH_UNSUPPORTED: ['proxy_auth', 'the proxy asks for a sign-in method Firmscope does not support'],
  ERR_PROXY_AUTH_REQUESTED: ['proxy_auth', PROXY_AUTH_MISSING],
  ERR_PROXY_CERTIFICATE_INVALID: ['certificate', "the proxy's certificate is not trusted"],
  ERR_MANDATORY_PROXY_CONFIGURATION_FAILED: ['network', 'the system proxy configuration (PAC file) could not be loaded'],
  ERR_PAC_SCRIPT_FAILED: ['network', 'the system proxy configuration (PAC file) failed'],
};

/** What the failed request was sent through, to tell a proxy's refusal from the service's. */
export interface ProxyContext {
  /** host:port of the proxies this request may have used. */
  proxies: string[];
  /** Credentials were offered to the proxy. */
  sentCredentials: boolean;
  /** A user name was offered with no stored password (an empty one): a 407 means "enter the password". */
  passwordMissing?: boolean;
  /** The proxy came from this environment variable (HTTPS_PROXY …), not from Settings → Network. */
  envVariable?: string;
}

export function describeNetworkFailure(e: unknown, ctx: ProxyContext): TransportError | null {
  if (e instanceof TransportError) return null;
  const chain = causes(e);
  for (const c of chain) {
    const net = /net::(ERR_[A-Z_]+)/.exec(c.message ?? '')?.[1];
    const chromium = net ? CHROMIUM[net] : undefined;
    if (chromium) return new TransportError(...chromium);
    if (c.code && UNKNOWN_CA_CODES.has(c.code)) return new TransportError('certificate', UNKNOWN_AUTHORITY);
    if (c.code === 'CERT_HAS_EXPIRED') return new TransportError('certificate', "the server's certificate has expired");
    if (c.code === 'ERR_TLS_CERT_ALTNAME_INVALID') return new TransportError('certificate', "the server's certificate is for a different host name");
    const proxyStatus = /Proxy response \((\d+)\)/.exec(c.message ?? '')?.[1];
    if (proxyStatus === '407') return new TransportError('proxy_auth', proxyAuthFailure(ctx.sentCredentials, !ctx.passwordMissing, ctx.envVariable));
    if (proxyStatus) return new TransportError('network', `${PROXY_REFUSED} (HTTP ${proxyStatus})`);
    if (c.code === 'ECONNREFUSED' && c.port !== undefined && ctx.proxies.some((p) => p.endsWith(`:${c.port}`) && (!c.address || hostOf(p) === c.address || isLocal(hostOf(p))))) {
      return new TransportError('network', `${PROXY_REFUSED} (nothing answers at ${ctx.proxies.find((p) => p.endsWith(`:${c.port}`))})`);
    }
  }
  return null;
}

interface Cause {
  code?: string;
  message?: string;
  port?: number;
  address?: string;
}

function causes(e: unknown): Cause[] {
  const out: Cause[] = [];
  let cur: unknown = e;
  for (let i = 0; cur && typeof cur === 'object' && i < 6; i++) {
    out.push(cur as Cause);
    const c = cur as { cause?: unknown; errors?: unknown[] };
    if (Array.isArray(c.errors)) out.push(...(c.errors as Cause[]));
    cur = c.cause;
  }
  return out;
}

const hostOf = (hostPort: string) => hostPort.replace(/:\d+$/, '').replace(/^\[|\]$/g, '');
const isLocal = (host: string) => host === 'localhost' || host === '127.0.0.1' || host === '::1';

/** host:port of a proxy URL (default ports filled in). */
export function proxyEndpoint(url: string): string | null {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || (u.protocol === 'https:' ? '443' : '80')}`;
  } catch {
    return null;
  }
}
