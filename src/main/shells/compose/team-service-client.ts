// The team's client of the company-data service on the server: the same token manager, transport,
// limiter and API client as the desktop, with the team's credential (its secret read from the
// environment or a 0600 file, held in this process only) and the system proxy and CA file.
import { createApiClient } from '../../platform/api/api-client';
import { createRequestLog } from '../../platform/api/request-log';
import { createTransport } from '../../platform/api/transport';
import type { ApiClient } from '../../platform/api/types';
import { TokenManager } from '../../platform/auth/token-manager';
import { readCaFile } from '../../platform/net/network-config';
import { createNodeNetwork } from '../../platform/net/node-network';
import { createHash } from 'node:crypto';
import type pg from 'pg';
import { createRequestGate, gatedTransport, type RequestGate } from '../../platform/team-db/request-gate';
import { DEFAULT_PATHS } from '../../../shared/profile';

export interface TeamServiceSettings {
  authUrl: string;
  baseUrl: string;
  clientId: string;
  scope: string;
  requestsPerSecond: number | null;
  /** Requests a day for the whole team, every node together; null: none. */
  dailyBudget: number | null;
  caFile?: string;
}

export interface TeamServiceClient {
  api: ApiClient;
  /** The team's shared gate (rate, learned pace, hold, daily budget), for /health. */
  gate: RequestGate;
  close(): Promise<void>;
}

/** With no rate set, the gate still shares 429 holds, the learned pace and the budget; this caps it. */
const UNSET_RATE = 1000;

/** Names the credential in the gate's table: where it goes and whose it is, never its secret. */
export const gateKeyOf = (s: Pick<TeamServiceSettings, 'authUrl' | 'clientId'>) => createHash('sha256').update(`${s.clientId}\n${s.authUrl}`).digest('hex').slice(0, 32);

/**
 * Every request of every node goes through the team's gate in PostgreSQL (one rate, pace, hold and
 * budget per credential); no limiter of the node's own besides it (the two would each resend 429s).
 */
export async function createTeamServiceClient(s: TeamServiceSettings, secret: string, o: { pool: pg.Pool; timeZone: string }): Promise<TeamServiceClient> {
  const network = createNodeNetwork();
  const caPem = s.caFile ? await readCaFile(s.caFile) : null;
  const fetchImpl = network.fetchFor({ profileId: 'team-service', proxy: { mode: 'system' }, caPem, caFile: s.caFile ?? null });
  // The request log keeps URLs and statuses for diagnostics; it never records a credential (redacted).
  const rate = s.requestsPerSecond ?? UNSET_RATE;
  const gate = await createRequestGate({ pool: o.pool, key: gateKeyOf(s), rate, burst: Math.max(1, Math.floor(rate) - 1), dailyBudget: s.dailyBudget, timezone: o.timeZone });
  const transport = gatedTransport(createTransport({ log: createRequestLog(), fetchImpl }), gate);
  const tokens = new TokenManager({ authUrl: s.authUrl, clientId: s.clientId, scope: s.scope, useDiscovery: false, getSecret: async () => secret, transport });
  return { api: createApiClient({ profile: { baseUrl: s.baseUrl, ...DEFAULT_PATHS }, tokens, transport }), gate, close: () => network.close() };
}
