// Browser mode (and tests): the API client's fetch on undici, per profile.
// proxy 'system' follows HTTPS_PROXY / HTTP_PROXY / NO_PROXY (undici's EnvHttpProxyAgent), 'none'
// goes direct, 'url' sends everything through the profile's proxy with its credentials. The
// profile's CA file is trusted on top of Node's built-in authorities, for that profile only (never
// process-wide: NODE_EXTRA_CA_CERTS would affect every profile and is off in packaged builds).
import { rootCertificates } from 'node:tls';
import { Agent, EnvHttpProxyAgent, fetch as undiciFetch, ProxyAgent, type Dispatcher } from 'undici';
import type { FetchLike } from '../api/http';
import type { NetworkConfig, NetworkFactory } from '../ports/network';
import { describeNetworkFailure, proxyEndpoint, type ProxyContext } from './network-errors';

export function createNodeNetwork(env: NodeJS.ProcessEnv = process.env): NetworkFactory {
  /** One pool per profile, rebuilt when its settings change. */
  const pools = new Map<string, { key: string; dispatcher: Dispatcher; ctx: ProxyContext }>();

  function build(cfg: NetworkConfig): { dispatcher: Dispatcher; ctx: ProxyContext } {
    const ca = cfg.caPem ? [...rootCertificates, cfg.caPem] : undefined;
    const tls = ca ? { ca } : {};
    const { proxy } = cfg;
    if (proxy.mode === 'none') return { dispatcher: new Agent({ connect: tls }), ctx: { proxies: [], sentCredentials: false } };
    if (proxy.mode === 'url') {
      const token = proxy.username ? `Basic ${Buffer.from(`${proxy.username}:${proxy.password ?? ''}`).toString('base64')}` : undefined;
      return {
        dispatcher: new ProxyAgent({ uri: proxy.url, token, requestTls: tls, proxyTls: tls }),
        ctx: { proxies: [proxyEndpoint(proxy.url)].filter((p): p is string => !!p), sentCredentials: !!token, passwordMissing: !!proxy.username && !proxy.password },
      };
    }
    const httpProxy = env.http_proxy ?? env.HTTP_PROXY;
    const httpsProxy = env.https_proxy ?? env.HTTPS_PROXY;
    const noProxy = env.no_proxy ?? env.NO_PROXY;
    const proxies = [httpProxy, httpsProxy].map((u) => (u ? proxyEndpoint(u) : null)).filter((p): p is string => !!p);
    return {
      dispatcher: new EnvHttpProxyAgent({ httpProxy, httpsProxy, noProxy, connect: tls, requestTls: tls, proxyTls: tls }),
      ctx: { proxies, sentCredentials: [httpProxy, httpsProxy].some((u) => !!u && /\/\/[^/]*@/.test(u)) },
    };
  }

  return {
    fetchFor(cfg) {
      const key = JSON.stringify(cfg);
      let pool = pools.get(cfg.profileId);
      if (pool?.key !== key) {
        void pool?.dispatcher.close().catch(() => {});
        pool = { key, ...build(cfg) };
        pools.set(cfg.profileId, pool);
      }
      const { dispatcher: used, ctx } = pool;
      const fetchImpl: FetchLike = async (url, init) => {
        try {
          // undici's own fetch: the dispatcher option belongs to the same undici build.
          return (await undiciFetch(url, { ...(init as object), dispatcher: used })) as unknown as Response;
        } catch (e) {
          throw describeNetworkFailure(e, ctx) ?? e;
        }
      };
      return fetchImpl;
    },
    async close() {
      const all = [...pools.values()];
      pools.clear();
      await Promise.allSettled(all.map((p) => p.dispatcher.close()));
    },
  };
}
