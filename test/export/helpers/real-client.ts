// The production ApiClient (token manager + transport + client) pointed at a test sandbox.
import { createApiClient } from '../../../src/main/api/api-client';
import type { ApiClient } from '../../../src/main/api/types';
import { createRequestLog } from '../../../src/main/api/request-log';
import { createTransport } from '../../../src/main/api/transport';
import { TokenManager } from '../../../src/main/auth/token-manager';
import { DEFAULT_PATHS } from '../../../src/shared/profile';
import type { SandboxHandle } from '../../../src/sandbox/server';

export function realClient(sandbox: Pick<SandboxHandle, 'authUrl' | 'baseUrl' | 'control'>): ApiClient {
  const client = sandbox.control.clients.analyst;
  const transport = createTransport({ log: createRequestLog(), now: Date.now });
  const tokens = new TokenManager({
    authUrl: sandbox.authUrl,
    clientId: client.id,
    scope: 'api:use',
    useDiscovery: false,
    getSecret: async () => client.secret,
    transport,
    now: Date.now,
  });
  return createApiClient({ profile: { baseUrl: sandbox.baseUrl, ...DEFAULT_PATHS }, tokens, transport });
}

/** Every record of a search, by the plainest possible loop (the reference the exports are compared with). */
export async function fetchAll(api: ApiClient, body: Parameters<ApiClient['search']>[0]['body'], pageSize: number) {
  const records: Record<string, unknown>[] = [];
  let token: string | undefined;
  for (;;) {
    const page = await api.search({ body, pageSize, ...(token ? { paginationToken: token } : {}) });
    records.push(...page.result);
    token = page.pagination.next ?? undefined;
    if (!token) return { records, count: page.count };
  }
}
