// A sandbox in its own process (so its CPU is not this process's) with latency added per page, and
// the bare sequential fetch loop every paging bench measures against (fetch, parse, nothing else).
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { ApiClient } from '../../src/main/platform/api/types';
import { SANDBOX_CLIENTS } from '../../src/sandbox/clients';
import type { SearchBody } from '../../src/shared/service/schemas';
import { realClient } from '../../test/main/features/export/helpers/real-client';

export const BODY: SearchBody = { filters: { and: [{ attribute: 'founding_year', relation: 'greater_than', value: 0 }] } };
export const PAGE_SIZE = 200;

export async function startPagedSandbox(companies: number, latencyMs = 0): Promise<{ child: ChildProcess; api: ApiClient; urls: { authUrl: string; baseUrl: string } }> {
  const script = fileURLToPath(new URL('../export-sandbox-server.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', script, String(companies), String(latencyMs)], { stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`sandbox exited ${code}`)));
    createInterface({ input: child.stdout! }).once('line', resolve);
  });
  const urls = JSON.parse(line) as { authUrl: string; baseUrl: string };
  return { child, api: realClient({ ...urls, control: { clients: SANDBOX_CLIENTS } } as never), urls };
}

/** Every page of BODY in order, each request waiting for the previous token: the floor. Returns the row count. */
export async function bareLoop(api: ApiClient): Promise<number> {
  let rows = 0;
  let token: string | undefined;
  for (;;) {
    const page = await api.search({ body: BODY, pageSize: PAGE_SIZE, ...(token ? { paginationToken: token } : {}) });
    rows += page.result.length;
    token = page.pagination.next ?? undefined;
    if (!token) return rows;
  }
}
