// The production ApiClient (token manager + transport + client) pointed at a test sandbox.
import { createApiClient } from '../../src/main/platform/api/api-client';
import type { ApiClient } from '../../src/main/platform/api/types';
import { createRequestLog, type RequestLog } from '../../src/main/platform/api/request-log';
import { createTransport } from '../../src/main/platform/api/transport';
import { TokenManager } from '../../src/main/platform/auth/token-manager';
import { DEFAULT_PATHS } from '../../src/shared/profile';

export function realClient(urls: { authUrl: string; baseUrl: string }, client: { id: string; secret: string }, now: () => number = Date.now, log: RequestLog = createRequestLog()): ApiClient {
  const transport = createTransport({ log, now });
  const tokens = new TokenManager({
    authUrl: urls.authUrl,
    clientId: client.id,
    scope: 'api:use',
    useDiscovery: false,
    getSecret: async () => client.secret,
    transport,
    now,
  });
  return createApiClient({ profile: { baseUrl: urls.baseUrl, ...DEFAULT_PATHS }, tokens, transport });
}
