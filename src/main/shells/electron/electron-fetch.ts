// The desktop app's fetch: Chromium's network stack from the main process, so the OS proxy settings
// and PAC files, the OS certificate store and client certificates apply as in a browser. Each
// profile gets its own in-memory session (its proxy choice, its CA file) and requests go through
// net.request, the primitive under net.fetch, because only it lets main answer a proxy's request
// for credentials (net.fetch cancels every login); credentials come from the vault.
import type { ProxyConfig } from 'electron';
import { X509Certificate } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FetchLike } from '../../platform/api/http';
import { describeNetworkFailure, heldBack, notResent, proxyAuthFailure, proxyEndpoint } from '../../platform/net/network-errors';
import { credentialKey, RefusedCredentials } from '../../platform/net/refused-credentials';
import { proxyAddress, TransportError } from '../../platform/api/http';
import type { NetworkConfig, NetworkFactory } from '../../platform/ports/network';

/** What this module uses of a ClientRequest / IncomingMessage / Session (unit tests pass fakes). */
export interface RequestLike {
  setHeader(name: string, value: string): void;
  on(event: 'response', cb: (res: ResponseLike) => void): this;
  on(event: 'error', cb: (err: Error) => void): this;
  on(event: 'login', cb: (authInfo: { isProxy: boolean; host: string; port: number }, callback: (username?: string, password?: string) => void) => void): this;
  write(chunk: string): void;
  end(): void;
  abort(): void;
}
export type ResponseLike = NodeJS.ReadableStream & { statusCode: number; statusMessage: string; headers: Record<string, string | string[]> };
export interface VerifyRequest {
  hostname: string;
  certificate: { data: string; issuerCert?: VerifyRequest['certificate'] };
  verificationResult: string;
  errorCode: number;
}
export interface SessionLike {
  setProxy(config: ProxyConfig): Promise<void>;
  setCertificateVerifyProc(proc: ((req: VerifyRequest, callback: (result: number) => void) => void) | null): void;
  closeAllConnections?(): Promise<void>;
  /** Chromium's PAC answer for a URL ("PROXY host:port; DIRECT"). */
  resolveProxy?(url: string): Promise<string>;
}
export interface ElectronNetDeps {
  fromPartition(partition: string): SessionLike;
  request(options: { method: string; url: string; session: SessionLike; redirect: 'error'; useSessionCookies: false }): RequestLike;
}

const ERR_CERT_AUTHORITY_INVALID = -202;

/** The first way out of a PAC answer as a proxy URL ("PROXY p:3128; DIRECT" -> http://p:3128); null: direct. */
export function proxyFromPac(answer: string): string | null {
  const first = answer.split(';')[0]?.trim() ?? '';
  const m = /^(PROXY|HTTPS|SOCKS5?|SOCKS4)\s+(\S+)$/i.exec(first);
  if (!m) return null;
  const scheme = { PROXY: 'http', HTTPS: 'https', SOCKS: 'socks4', SOCKS4: 'socks4', SOCKS5: 'socks5' }[m[1]!.toUpperCase()] ?? 'http';
  return `${scheme}://${m[2]}`;
}

export function proxyConfigFor(cfg: NetworkConfig): ProxyConfig {
  if (cfg.proxy.mode === 'none') return { mode: 'direct' };
  if (cfg.proxy.mode === 'system') return { mode: 'system' };
  const u = new URL(cfg.proxy.url);
  // '<-loopback>': the profile's proxy takes every request, as in browser mode (Chromium skips it for loopback by default).
  return { mode: 'fixed_servers', proxyRules: `${u.protocol === 'https:' ? 'https' : 'http'}://${u.host}`, proxyBypassRules: '<-loopback>' };
}

/** Accepts a chain Chromium found untrusted when the profile's CA issued it and it names the host. */
export function trustsExtraCa(caPem: string): (req: VerifyRequest, callback: (result: number) => void) => void {
  const cas = (caPem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? []).map((p) => new X509Certificate(p));
  return (req, callback) => {
    if (req.errorCode === 0) return callback(-3); // Chromium's own verdict
    if (req.errorCode !== ERR_CERT_AUTHORITY_INVALID) return callback(-3);
    try {
      const chain: X509Certificate[] = [];
      for (let c: VerifyRequest['certificate'] | undefined = req.certificate; c && chain.length < 8; c = c.issuerCert) chain.push(new X509Certificate(c.data));
      const leaf = chain[0];
      if (!leaf) return callback(-3); // no certificate to check: Chromium's verdict stands
      const named = /^[\d.]+$|:/.test(req.hostname) ? leaf.checkIP(req.hostname) : leaf.checkHost(req.hostname);
      const linked = chain.every((c, i) => i === 0 || chain[i - 1]!.checkIssued(c));
      const anchored = cas.some((ca) => chain.some((c) => c.checkIssued(ca) && c.verify(ca.publicKey)));
      const inDate = chain.every((c) => Date.parse(c.validFrom) <= Date.now() && Date.now() <= Date.parse(c.validTo));
      callback(named && linked && anchored && inDate ? 0 : -3);
    } catch {
      callback(-3);
    }
  };
}

export function createElectronNetwork(deps: ElectronNetDeps): NetworkFactory {
  const sessions = new Map<string, { key: string; session: SessionLike; ready: Promise<void> }>();
  // A proxy password that drew a 407 is held back from then on (platform/net/refused-credentials.ts).
  const refused = new RefusedCredentials();

  function sessionFor(cfg: NetworkConfig) {
    const key = JSON.stringify({ proxy: cfg.proxy.mode === 'url' ? cfg.proxy.url : cfg.proxy.mode, ca: cfg.caPem });
    let s = sessions.get(cfg.profileId);
    if (s?.key === key) return s;
    // No "persist:" prefix: an in-memory session, nothing of it on disk.
    const session = deps.fromPartition(`firmscope-net-${cfg.profileId}`);
    session.setCertificateVerifyProc(cfg.caPem ? trustsExtraCa(cfg.caPem) : null);
    s = { key, session, ready: session.setProxy(proxyConfigFor(cfg)).then(() => session.closeAllConnections?.()) };
    sessions.set(cfg.profileId, s);
    return s;
  }

  return {
    fetchFor(cfg) {
      const proxies = cfg.proxy.mode === 'url' ? [proxyEndpoint(cfg.proxy.url)].filter((p): p is string => !!p) : [];
      const creds = cfg.proxy.mode === 'url' && cfg.proxy.username ? { username: cfg.proxy.username, password: cfg.proxy.password ?? '' } : null;
      // An empty password is not held back: the message asks for one, and typing it makes a new credential.
      const credential = cfg.proxy.mode === 'url' && creds?.password ? credentialKey('proxy', cfg.proxy.url, creds.username, creds.password) : null;
      const fetchImpl: FetchLike = async (url, init) => {
        if (credential && !refused.maySend(credential)) throw new TransportError('proxy_auth', notResent(proxyAuthFailure(true)));
        const { session, ready } = sessionFor(cfg);
        await ready;
        return new Promise<Response>((resolve, reject) => {
          const signal = init.signal ?? undefined;
          if (signal?.aborted) return reject(new DOMException('The operation was aborted.', 'AbortError'));
          let settled = false;
          const fail = (e: unknown) => {
            if (settled) return;
            settled = true;
            signal?.removeEventListener('abort', onAbort);
            reject(e);
          };
          const req = deps.request({ method: init.method ?? 'GET', url, session, redirect: 'error', useSessionCookies: false });
          const onAbort = () => {
            req.abort();
            fail(new DOMException('The operation was aborted.', 'AbortError'));
          };
          signal?.addEventListener('abort', onAbort, { once: true });
          for (const [k, v] of new Headers(init.headers as ConstructorParameters<typeof Headers>[0])) req.setHeader(k, v);
          let proxyLogins = 0;
          req.on('login', (authInfo, callback) => {
            if (!authInfo.isProxy) return callback(); // the service itself never uses HTTP auth
            proxyLogins++;
            if (creds && proxyLogins === 1) return callback(creds.username, creds.password);
            callback();
            req.abort();
            // Asked again after our answer: the proxy refused it.
            if (credential) refused.refuse(credential);
            const refusal = proxyAuthFailure(!!creds, !!creds?.password);
            fail(new TransportError('proxy_auth', credential ? heldBack(refusal) : refusal));
          });
          req.on('response', (res) => {
            if (settled) return;
            settled = true;
            if (credential) refused.accept(credential);
            signal?.removeEventListener('abort', onAbort);
            const headers = new Headers();
            for (const [k, v] of Object.entries(res.headers)) headers.set(k, Array.isArray(v) ? v.join(', ') : v);
            const empty = [101, 204, 205, 304].includes(res.statusCode) || init.method === 'HEAD';
            const body = empty ? null : (Readable.toWeb(res as unknown as Readable) as ReadableStream<Uint8Array>);
            resolve(new Response(body, { status: res.statusCode, statusText: res.statusMessage, headers }));
          });
          req.on('error', (err) => fail(describeNetworkFailure(err, { proxies, sentCredentials: !!creds, passwordMissing: !!creds && !creds.password }) ?? err));
          if (typeof init.body === 'string') req.write(init.body);
          req.end();
        });
      };
      fetchImpl.proxyFor = async (url) => {
        if (cfg.proxy.mode === 'none') return null;
        if (cfg.proxy.mode === 'url') return { url: proxyAddress(cfg.proxy.url), authenticated: !!creds };
        const { session, ready } = sessionFor(cfg);
        await ready;
        const via = session.resolveProxy ? proxyFromPac(await session.resolveProxy(url)) : null;
        return via ? { url: via, authenticated: false } : null;
      };
      return fetchImpl;
    },
    async close() {
      const all = [...sessions.values()];
      sessions.clear();
      await Promise.allSettled(all.map((s) => s.session.closeAllConnections?.()));
    },
  };
}
