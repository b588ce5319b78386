// The proxy the environment names for a URL (a profile's proxy "system", browser mode), read as
// undici's EnvHttpProxyAgent reads it: https URLs through HTTPS_PROXY (HTTP_PROXY when that is not
// set), http URLs through HTTP_PROXY, lower case first, and none for a host NO_PROXY names. Read here
// rather than inside that agent so each request knows which variable it went through: a 407 then
// names the variable (not Settings → Network), and a refused password in it can be held back.

export interface EnvProxy {
  /** The variable as it is set (https_proxy, HTTPS_PROXY, …). */
  variable: string;
  url: string;
}

interface NoProxyEntry {
  hostname: string;
  /** 0 = any port. */
  port: number;
}

export interface EnvProxies {
  /** The proxy `url` goes through, or null when it goes direct. */
  for(url: string): EnvProxy | null;
  /** Every proxy named, each once. */
  readonly all: EnvProxy[];
}

const DEFAULT_PORTS: Record<string, number> = { 'http:': 80, 'https:': 443 };

export function readEnvProxies(env: NodeJS.ProcessEnv): EnvProxies {
  const pick = (lower: string, upper: string): EnvProxy | null => {
    const variable = env[lower] !== undefined ? lower : upper;
    const url = env[variable];
    return url ? { variable, url } : null;
  };
  const http = pick('http_proxy', 'HTTP_PROXY');
  const https = pick('https_proxy', 'HTTPS_PROXY') ?? http;
  const noProxyValue = env.no_proxy ?? env.NO_PROXY ?? '';
  const noProxy = parseNoProxy(noProxyValue);
  const all = [http, https].filter((p, i, list): p is EnvProxy => !!p && list.findIndex((q) => q?.url === p.url) === i);
  return {
    all,
    for(url) {
      const u = new URL(url);
      const hostname = u.host.replace(/:\d*$/, '').toLowerCase();
      const port = Number.parseInt(u.port, 10) || DEFAULT_PORTS[u.protocol] || 0;
      if (!shouldProxy(noProxyValue, noProxy, hostname, port)) return null;
      return u.protocol === 'https:' ? https : http;
    },
  };
}

function parseNoProxy(value: string): NoProxyEntry[] {
  return value
    .split(/[,\s]/)
    .filter((e) => e.length > 0)
    .map((entry) => {
      const parsed = /^(.+):(\d+)$/.exec(entry);
      // A leading dot or "*." means the domain and every host under it, like the bare domain.
      return { hostname: (parsed?.[1] ?? entry).replace(/^\*?\./, '').toLowerCase(), port: parsed?.[2] ? Number.parseInt(parsed[2], 10) : 0 };
    });
}

function shouldProxy(value: string, entries: NoProxyEntry[], hostname: string, port: number): boolean {
  if (entries.length === 0) return true;
  if (value === '*') return false;
  return !entries.some((e) => (!e.port || e.port === port) && (hostname === e.hostname || hostname.endsWith(`.${e.hostname}`)));
}
