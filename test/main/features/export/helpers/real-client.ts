// The production ApiClient pointed at a test sandbox, signed in as the analyst demo client.
import type { ApiClient } from '../../../../../src/main/platform/api/types';
import type { SandboxHandle } from '../../../../../src/sandbox/server';
import { realClient as clientFor } from '../../../../helpers/real-client';

export function realClient(sandbox: Pick<SandboxHandle, 'authUrl' | 'baseUrl' | 'control'>): ApiClient {
  return clientFor(sandbox, sandbox.control.clients.analyst);
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
