// Browser mode (and tests): the API client's fetch on undici, per profile.
// proxy 'system' follows HTTPS_PROXY / HTTP_PROXY / NO_PROXY (env-proxy.ts), 'none' goes direct,
// 'url' sends everything through the profile's proxy with its credentials. The profile's CA file is
// trusted on top of Node's built-in authorities, for that profile only (never process-wide:
// NODE_EXTRA_CA_CERTS would affect every profile and is off in packaged builds). A proxy password
// that drew a 407 is held back from then on (refused-credentials.ts).
import { rootCertificates } from 'node:tls';
import { Agent, fetch as undiciFetch, ProxyAgent, type Dispatcher } from 'undici';
import { proxyAddress, TransportError, type FetchLike, type ProxyUsed } from '../api/http';
import type { NetworkConfig, NetworkFactory } from '../ports/network';
import { readEnvProxies } from './env-proxy';
import { describeNetworkFailure, heldBack, notResent, proxyAuthFailure, proxyEndpoint, type ProxyContext } from './network-errors';
import { credentialKey, RefusedCredentials } from './refused-credentials';

/** How one request goes: the dispatcher, what it goes through, and the proxy credential it carries (its key). */
interface Route {
  dispatcher: Dispatcher;
  ctx: ProxyContext;
  credential: string | null;
  proxy: ProxyUsed | null;
}

interface Pool {
  key: string;
  route(url: string): Route;
  close(): Promise<unknown>;
}

const hasCredentials = (proxyUrl: string) => /\/\/[^/]*@/.test(proxyUrl);

function buildPool(key: string, cfg: NetworkConfig, env: NodeJS.ProcessEnv): Pool {
  const ca = cfg.caPem ? [...rootCertificates, cfg.caPem] : undefined;
  const tls = ca ? { ca } : {};
  const { proxy } = cfg;
  if (proxy.mode === 'none') {
    const direct: Route = { dispatcher: new Agent({ connect: tls }), ctx: { proxies: [], sentCredentials: false }, credential: null, proxy: null };
    return { key, route: () => direct, close: () => direct.dispatcher.close() };
  }
  if (proxy.mode === 'url') {
    const token = proxy.username ? `Basic ${Buffer.from(`${proxy.username}:${proxy.password ?? ''}`).toString('base64')}` : undefined;
    const passwordMissing = !!proxy.username && !proxy.password;
    const via: Route = {
      dispatcher: new ProxyAgent({ uri: proxy.url, token, requestTls: tls, proxyTls: tls }),
      ctx: { proxies: [proxyEndpoint(proxy.url)].filter((p): p is string => !!p), sentCredentials: !!token, passwordMissing },
      // An empty password is not held back: the message asks for one, and typing it makes a new credential.
      credential: token && !passwordMissing ? credentialKey('proxy', proxy.url, proxy.username, proxy.password ?? '') : null,
      proxy: { url: proxyAddress(proxy.url), authenticated: !!token },
    };
    return { key, route: () => via, close: () => via.dispatcher.close() };
  }
  const named = readEnvProxies(env);
  const direct = new Agent({ connect: tls });
  const agents = new Map(named.all.map((p) => [p.url, new ProxyAgent({ uri: p.url, connect: tls, requestTls: tls, proxyTls: tls })]));
  const proxies = named.all.map((p) => proxyEndpoint(p.url)).filter((p): p is string => !!p);
  return {
    key,
    route(url) {
      const p = named.for(url);
      const agent = p ? agents.get(p.url) : undefined;
      if (!p || !agent) return { dispatcher: direct, ctx: { proxies, sentCredentials: false }, credential: null, proxy: null };
      const sent = hasCredentials(p.url);
      return { dispatcher: agent, ctx: { proxies, sentCredentials: sent, envVariable: p.variable }, credential: sent ? credentialKey('proxy', p.url) : null, proxy: { url: proxyAddress(p.url), authenticated: sent } };
    },
    close: () => Promise.all([direct.close(), ...[...agents.values()].map((a) => a.close())]),
  };
}

export function createNodeNetwork(env: NodeJS.ProcessEnv = process.env): NetworkFactory {
  /** One pool per profile, rebuilt when its settings change. */
  const pools = new Map<string, Pool>();
  const refused = new RefusedCredentials();

  /** The fetch of one route, holding back a proxy credential that was refused (unless the analyst asks). */
  async function send(route: Route, url: string, init: RequestInit): Promise<Response> {
    const { dispatcher, ctx, credential } = route;
    if (credential && !refused.maySend(credential)) {
      throw new TransportError('proxy_auth', notResent(proxyAuthFailure(true, true, ctx.envVariable)));
    }
    try {
      // undici's own fetch: the dispatcher option belongs to the same undici build.
      const res = (await undiciFetch(url, { ...(init as object), dispatcher })) as unknown as Response;
      // An answer came back through the proxy: it took the credential.
      if (credential) refused.accept(credential);
      return res;
    } catch (e) {
      const named = describeNetworkFailure(e, ctx);
      if (named?.kind === 'proxy_auth' && credential) {
        refused.refuse(credential);
        throw new TransportError('proxy_auth', heldBack(named.message));
      }
      throw named ?? e;
    }
  }

  return {
    fetchFor(cfg) {
      const key = JSON.stringify(cfg);
      let pool = pools.get(cfg.profileId);
      if (pool?.key !== key) {
        void pool?.close().catch(() => {});
        pool = buildPool(key, cfg, env);
        pools.set(cfg.profileId, pool);
      }
      const used = pool;
      const fetchImpl: FetchLike = (url, init) => send(used.route(url), url, init);
      fetchImpl.proxyFor = async (url) => used.route(url).proxy;
      return fetchImpl;
    },
    async close() {
      const all = [...pools.values()];
      pools.clear();
      await Promise.allSettled(all.map((p) => p.close()));
    },
  };
}
