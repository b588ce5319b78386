// How a shell turns a profile's network settings into the fetch the transport uses. Node (browser
// mode, tests): undici with proxies from the environment or the profile and an extra CA file.
// Electron: Chromium's network stack (src/main/shells/electron/electron-fetch.ts).
import type { FetchLike } from '../api/http';

export type ProxyChoice =
  | { mode: 'system' }
  | { mode: 'none' }
  | { mode: 'url'; url: string; username: string; password: string | null };

export interface NetworkConfig {
  /** Profile id: one network (connection pool, Electron session) per profile. */
  profileId: string;
  proxy: ProxyChoice;
  /** Extra trusted authorities (PEM), read from the profile's CA file; null = built-in trust only. */
  caPem: string | null;
  /** Where caPem came from, for messages. */
  caFile: string | null;
}

export interface NetworkFactory {
  fetchFor(config: NetworkConfig): FetchLike;
  /** Drops pooled connections (profile changed or app closing). */
  close(): Promise<void>;
}
