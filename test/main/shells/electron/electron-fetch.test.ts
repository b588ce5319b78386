// The desktop app's fetch over a fake Electron `net`/`session`: one in-memory session per profile
// with its proxy, requests sent as given (headers, body, no redirects), the proxy's credential
// request answered once from the vault, Chromium's errors named, cancellation, and the profile's CA
// file accepted for a chain Chromium found untrusted.
import { EventEmitter } from 'node:events';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTransport } from '../../../../src/main/platform/api/transport';
import { createRequestLog } from '../../../../src/main/platform/api/request-log';
import { createElectronNetwork, proxyFromPac, trustsExtraCa, type ElectronNetDeps, type SessionLike, type VerifyRequest } from '../../../../src/main/shells/electron/electron-fetch';
import { heldBack, notResent, PROXY_AUTH_MISSING, PROXY_AUTH_REFUSED, PROXY_PASSWORD_MISSING, PROXY_REFUSED, UNKNOWN_AUTHORITY } from '../../../../src/main/platform/net/network-errors';
import { asAnalystAction } from '../../../../src/main/platform/net/refused-credentials';
import type { NetworkConfig } from '../../../../src/main/platform/ports/network';
import { generateTestCa, type TestCa } from '../../../helpers/net-helpers';

class FakeRequest extends EventEmitter {
  headers: Record<string, string> = {};
  body = '';
  ended = false;
  aborted = false;
  constructor(readonly options: Parameters<ElectronNetDeps['request']>[0]) {
    super();
  }
  setHeader(k: string, v: string) {
    this.headers[k] = v;
  }
  write(chunk: string) {
    this.body += chunk;
  }
  end() {
    this.ended = true;
  }
  abort() {
    this.aborted = true;
  }
  respond(status: number, body: string, headers: Record<string, string> = { 'content-type': 'application/json' }) {
    const res = Object.assign(new PassThrough(), { statusCode: status, statusMessage: 'OK', headers });
    this.emit('response', res);
    res.end(body);
  }
}

function fakeElectron() {
  const sessions: Array<{ partition: string; proxies: unknown[]; verify: unknown }> = [];
  const requests: FakeRequest[] = [];
  let onRequest: (r: FakeRequest) => void = (r) => r.respond(200, '{"ok":true}');
  const deps: ElectronNetDeps = {
    fromPartition(partition) {
      const rec = { partition, proxies: [] as unknown[], verify: null as unknown };
      sessions.push(rec);
      const s: SessionLike = {
        setProxy: async (c) => void rec.proxies.push(c),
        setCertificateVerifyProc: (p) => void (rec.verify = p),
        closeAllConnections: async () => {},
        // Chromium's PAC answer: the system proxy for corp hosts, direct for the rest.
        resolveProxy: async (url) => (url.includes('.corp.example') ? 'PROXY sys-proxy.corp:8080; DIRECT' : 'DIRECT'),
      };
      return s;
    },
    request(options) {
      const r = new FakeRequest(options);
      requests.push(r);
      queueMicrotask(() => onRequest(r));
      return r;
    },
  };
  return { deps, sessions, requests, setHandler: (h: (r: FakeRequest) => void) => (onRequest = h) };
}

const cfg = (over: Partial<NetworkConfig> = {}): NetworkConfig => ({ profileId: 'acme', proxy: { mode: 'system' }, caPem: null, caFile: null, ...over });

describe('Electron network (fake net)', () => {
  it('sends the request as given through the profile session, no redirects, no cookies, and reads the answer', async () => {
    const f = fakeElectron();
    const fetchImpl = createElectronNetwork(f.deps).fetchFor(cfg());
    const res = await fetchImpl('https://api.example.com/search', { method: 'POST', headers: { authorization: 'Bearer t', 'content-type': 'application/json' }, body: '{"a":1}' });
    expect(await res.json()).toEqual({ ok: true });
    const [req] = f.requests;
    expect(req!.options).toMatchObject({ method: 'POST', url: 'https://api.example.com/search', redirect: 'error', useSessionCookies: false });
    expect(req!.headers).toMatchObject({ authorization: 'Bearer t', 'content-type': 'application/json' });
    expect(req!.body).toBe('{"a":1}');
    expect(f.sessions).toHaveLength(1);
    expect(f.sessions[0]).toMatchObject({ partition: 'firmscope-net-acme', proxies: [{ mode: 'system' }] });
  });

  it('the transport reads status and body through it', async () => {
    const f = fakeElectron();
    f.setHandler((r) => r.respond(201, 'created', { 'content-type': 'text/plain' }));
    const t = createTransport({ log: createRequestLog(), fetchImpl: createElectronNetwork(f.deps).fetchFor(cfg()) });
    const res = await t.send({ method: 'GET', url: 'https://api.example.com/x', headers: {}, timeoutMs: 5000 }, 1);
    expect(res).toMatchObject({ status: 201, text: 'created' });
  });

  it('maps each proxy choice to the session: system, direct, or the fixed proxy without its credentials', async () => {
    const f = fakeElectron();
    const network = createElectronNetwork(f.deps);
    await network.fetchFor(cfg({ profileId: 'a', proxy: { mode: 'none' } }))('https://x.example/', { method: 'GET' });
    await network.fetchFor(cfg({ profileId: 'b', proxy: { mode: 'url', url: 'http://proxy.corp:3128', username: 'u', password: 'p' } }))('https://x.example/', { method: 'GET' });
    expect(f.sessions.map((s) => [s.partition, s.proxies])).toEqual([
      ['firmscope-net-a', [{ mode: 'direct' }]],
      ['firmscope-net-b', [{ mode: 'fixed_servers', proxyRules: 'http://proxy.corp:3128', proxyBypassRules: '<-loopback>' }]],
    ]);
  });

  it('says which proxy a URL goes through, for the cURL line: the fixed one (without its credentials), the system PAC answer, or none', async () => {
    const f = fakeElectron();
    const network = createElectronNetwork(f.deps);
    const fixed = network.fetchFor(cfg({ profileId: 'a', proxy: { mode: 'url', url: 'http://ana:s3cret@proxy.corp:3128', username: 'ana', password: 's3cret' } }));
    expect(await fixed.proxyFor!('https://api.example.com/x')).toEqual({ url: 'http://proxy.corp:3128', authenticated: true });
    const system = network.fetchFor(cfg({ profileId: 'b', proxy: { mode: 'system' } }));
    expect(await system.proxyFor!('https://api.corp.example/x')).toEqual({ url: 'http://sys-proxy.corp:8080', authenticated: false });
    expect(await system.proxyFor!('https://api.example.com/x')).toBeNull();
    expect(await network.fetchFor(cfg({ profileId: 'c', proxy: { mode: 'none' } })).proxyFor!('https://api.corp.example/x')).toBeNull();
    expect(['PROXY p:3128; DIRECT', 'HTTPS p:443', 'SOCKS5 s:1080', 'SOCKS s:1080', 'DIRECT', ''].map(proxyFromPac)).toEqual(['http://p:3128', 'https://p:443', 'socks5://s:1080', 'socks4://s:1080', null, null]);
  });

  it("answers the proxy's credential request once with the vault's password; a second request means refused", async () => {
    const f = fakeElectron();
    const given: Array<[string?, string?]> = [];
    f.setHandler((r) => {
      r.emit('login', { isProxy: true, host: 'proxy.corp', port: 3128 }, (u?: string, p?: string) => given.push([u, p]));
      r.respond(200, '{}');
    });
    const withCreds = createElectronNetwork(f.deps).fetchFor(cfg({ proxy: { mode: 'url', url: 'http://proxy.corp:3128', username: 'ana', password: 's3cret' } }));
    await withCreds('https://x.example/', { method: 'GET' });
    expect(given).toEqual([['ana', 's3cret']]);

    f.setHandler((r) => {
      r.emit('login', { isProxy: true, host: 'proxy.corp', port: 3128 }, () => {});
      r.emit('login', { isProxy: true, host: 'proxy.corp', port: 3128 }, () => {});
    });
    await expect(withCreds('https://x.example/', { method: 'GET' })).rejects.toMatchObject({ kind: 'proxy_auth', message: heldBack(PROXY_AUTH_REFUSED) });
    const none = createElectronNetwork(f.deps).fetchFor(cfg({ profileId: 'z', proxy: { mode: 'system' } }));
    f.setHandler((r) => r.emit('login', { isProxy: true, host: 'proxy.corp', port: 3128 }, () => {}));
    await expect(none('https://x.example/', { method: 'GET' })).rejects.toMatchObject({ message: PROXY_AUTH_MISSING });
    // A user name with no stored password: the proxy asks for the password, it did not refuse one.
    const noPassword = createElectronNetwork(f.deps).fetchFor(cfg({ profileId: 'y', proxy: { mode: 'url', url: 'http://proxy.corp:3128', username: 'ana', password: null } }));
    f.setHandler((r) => {
      r.emit('login', { isProxy: true, host: 'proxy.corp', port: 3128 }, () => {});
      r.emit('login', { isProxy: true, host: 'proxy.corp', port: 3128 }, () => {});
    });
    await expect(noPassword('https://x.example/', { method: 'GET' })).rejects.toMatchObject({ message: PROXY_PASSWORD_MISSING });
  });

  it('a refused proxy password is not sent again on the app\'s own account; each action of the analyst sends it once', async () => {
    const f = fakeElectron();
    const refuse = (r: FakeRequest) => {
      r.emit('login', { isProxy: true, host: 'proxy.corp', port: 3128 }, () => {});
      r.emit('login', { isProxy: true, host: 'proxy.corp', port: 3128 }, () => {});
    };
    f.setHandler(refuse);
    const network = createElectronNetwork(f.deps);
    const proxy = (password: string) => cfg({ proxy: { mode: 'url', url: 'http://proxy.corp:3128', username: 'ana', password } });
    const wrong = network.fetchFor(proxy('wrong'));
    const get = () => wrong('https://x.example/', { method: 'GET' });
    await expect(get()).rejects.toMatchObject({ kind: 'proxy_auth' });
    expect(f.requests).toHaveLength(1);
    // The app on its own (a live count, a scheduled check): nothing goes out.
    await expect(get()).rejects.toMatchObject({ kind: 'proxy_auth', message: notResent(PROXY_AUTH_REFUSED) });
    expect(f.requests).toHaveLength(1);
    // One action of the analyst: one more try, whatever it sends after that.
    await asAnalystAction(async () => {
      await expect(get()).rejects.toMatchObject({ message: heldBack(PROXY_AUTH_REFUSED) });
      await expect(get()).rejects.toMatchObject({ message: notResent(PROXY_AUTH_REFUSED) });
    });
    expect(f.requests).toHaveLength(2);
    // Another password is another credential: it goes, and once it got through nothing is held back.
    f.setHandler((r) => r.respond(200, '{}'));
    const right = network.fetchFor(proxy('right'));
    await right('https://x.example/', { method: 'GET' });
    await right('https://x.example/', { method: 'GET' });
    expect(f.requests).toHaveLength(4);
  });

  it("names Chromium's errors: unknown authority, proxy refused", async () => {
    const f = fakeElectron();
    const fetchImpl = createElectronNetwork(f.deps).fetchFor(cfg());
    f.setHandler((r) => r.emit('error', new Error('net::ERR_CERT_AUTHORITY_INVALID')));
    await expect(fetchImpl('https://x.example/', { method: 'GET' })).rejects.toMatchObject({ kind: 'certificate', message: UNKNOWN_AUTHORITY });
    f.setHandler((r) => r.emit('error', new Error('net::ERR_PROXY_CONNECTION_FAILED')));
    await expect(fetchImpl('https://x.example/', { method: 'GET' })).rejects.toMatchObject({ message: PROXY_REFUSED });
    // Through the transport, the named cause is the message the analyst reads.
    const t = createTransport({ log: createRequestLog(), fetchImpl });
    await expect(t.send({ method: 'GET', url: 'https://x.example/', headers: {}, timeoutMs: 5000 }, 1)).rejects.toMatchObject({ kind: 'network', message: PROXY_REFUSED });
  });

  it('cancelling aborts the Chromium request', async () => {
    const f = fakeElectron();
    // Aborted once Chromium has the request (it never answers).
    let made!: () => void;
    const requested = new Promise<void>((r) => (made = r));
    f.setHandler(() => made());
    const ctrl = new AbortController();
    const p = createElectronNetwork(f.deps).fetchFor(cfg())('https://x.example/', { method: 'GET', signal: ctrl.signal });
    await requested;
    ctrl.abort();
    await expect(p).rejects.toMatchObject({ name: 'AbortError' });
    expect(f.requests[0]!.aborted).toBe(true);
  });

  it('the profile CA installs a verifier on that profile session only', async () => {
    const f = fakeElectron();
    const network = createElectronNetwork(f.deps);
    await network.fetchFor(cfg({ profileId: 'with', caPem }))('https://x.example/', { method: 'GET' });
    await network.fetchFor(cfg({ profileId: 'without' }))('https://x.example/', { method: 'GET' });
    expect(typeof f.sessions[0]!.verify).toBe('function');
    expect(f.sessions[1]!.verify).toBeNull();
  });
});

let ca: TestCa;
let caPem: string;
beforeAll(async () => {
  ca = generateTestCa();
  caPem = (await import('node:fs')).readFileSync(ca.caFile, 'utf8');
});
afterAll(() => ca.cleanup());

describe('extra CA verifier', () => {
  const verdict = (proc: ReturnType<typeof trustsExtraCa>, req: VerifyRequest) => new Promise<number>((r) => proc(req, r));
  const req = (over: Partial<VerifyRequest> = {}): VerifyRequest => ({ hostname: '127.0.0.1', certificate: { data: ca.serverCert }, verificationResult: 'net::ERR_CERT_AUTHORITY_INVALID', errorCode: -202, ...over });

  it('accepts a chain issued by the company CA for the right host', async () => {
    expect(await verdict(trustsExtraCa(caPem), req())).toBe(0);
  });

  it("leaves everything else to Chromium: another host, another error, another authority, Chromium's own OK", async () => {
    expect(await verdict(trustsExtraCa(caPem), req({ hostname: 'evil.example' }))).toBe(-3);
    expect(await verdict(trustsExtraCa(caPem), req({ errorCode: -200 }))).toBe(-3);
    expect(await verdict(trustsExtraCa(caPem), req({ errorCode: 0, verificationResult: 'net::OK' }))).toBe(-3);
    const other = generateTestCa();
    try {
      const otherPem = (await import('node:fs')).readFileSync(other.caFile, 'utf8');
      expect(await verdict(trustsExtraCa(otherPem), req())).toBe(-3);
    } finally {
      other.cleanup();
    }
  });
});
