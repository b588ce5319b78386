// The team's client of the company-data service on the server: the same token manager, transport,
// limiter and API client as the desktop, with the team's credential (its secret read from the
// environment or a 0600 file, held in this process only) and the system proxy and CA file.
import { createApiClient } from '../../platform/api/api-client';
import { RateLimiter } from '../../platform/api/rate-limiter';
import { createRequestLog } from '../../platform/api/request-log';
import { createTransport, type Transport } from '../../platform/api/transport';
import type { ApiClient } from '../../platform/api/types';
import { TokenManager } from '../../platform/auth/token-manager';
import { readCaFile } from '../../platform/net/network-config';
import { createNodeNetwork } from '../../platform/net/node-network';
import { DEFAULT_PATHS } from '../../../shared/profile';

export interface TeamServiceSettings {
  authUrl: string;
  baseUrl: string;
  clientId: string;
  scope: string;
  requestsPerSecond: number | null;
  caFile?: string;
}

export interface TeamServiceClient {
  api: ApiClient;
  close(): Promise<void>;
}

/** `wrap`: what every request goes through besides the node's own limiter (the team's shared gate). */
export async function createTeamServiceClient(s: TeamServiceSettings, secret: string, wrap: (t: Transport) => Transport = (t) => t): Promise<TeamServiceClient> {
  const network = createNodeNetwork();
  const caPem = s.caFile ? await readCaFile(s.caFile) : null;
  const fetchImpl = network.fetchFor({ profileId: 'team-service', proxy: { mode: 'system' }, caPem, caFile: s.caFile ?? null });
  // The request log keeps URLs and statuses for diagnostics; it never records a credential (redacted).
  const transport = wrap(createTransport({ log: createRequestLog(), fetchImpl }));
  const tokens = new TokenManager({ authUrl: s.authUrl, clientId: s.clientId, scope: s.scope, useDiscovery: false, getSecret: async () => secret, transport });
  const limiter = new RateLimiter({ requestsPerSecond: s.requestsPerSecond });
  return { api: createApiClient({ profile: { baseUrl: s.baseUrl, ...DEFAULT_PATHS }, tokens, transport, limiter }), close: () => network.close() };
}
