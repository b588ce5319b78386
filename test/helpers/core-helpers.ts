// Shared set-up for the core tests: a small real sandbox on 127.0.0.1, token manager + client wired
// over real HTTP, temp data dirs and a do-nothing shell.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox, type SandboxHandle, type SandboxOptions } from '../../src/sandbox/server';
import { SANDBOX_CLIENTS } from '../../src/sandbox/clients';
import { createApiClient } from '../../src/main/platform/api/api-client';
import { createRequestLog, type RequestLog } from '../../src/main/platform/api/request-log';
import { createTransport, type Transport } from '../../src/main/platform/api/transport';
import type { RetryPolicy } from '../../src/main/platform/api/retry';
import { TokenManager } from '../../src/main/platform/auth/token-manager';
import { DEFAULT_PATHS } from '../../src/shared/profile';
import type { ShellHooks } from '../../src/main/platform/ports/shell-hooks';
import type { FetchLike } from '../../src/main/platform/api/http';
import type { SearchBody } from '../../src/shared/service/schemas';

export const ANALYST = SANDBOX_CLIENTS.analyst;

export function startSmallSandbox(opts: SandboxOptions = {}): Promise<SandboxHandle> {
  return startSandbox({ companies: 1500, ...opts });
}

export function tokenRequestCount(sbx: SandboxHandle): number {
  return sbx.control.stats().tokenRequests.length;
}

export interface Wired {
  tokens: TokenManager;
  api: ReturnType<typeof createApiClient>;
  log: RequestLog;
  transport: Transport;
}

export function wire(
  sbx: { authUrl: string; baseUrl: string },
  o: {
    clientId?: string;
    secret?: string | null;
    scope?: string;
    useDiscovery?: boolean;
    now?: () => number;
    retry?: RetryPolicy;
    fetchImpl?: FetchLike;
    /** The API client's wait between attempts (default: a real timer). */
    sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  } = {},
): Wired {
  const log = createRequestLog();
  const transport = createTransport({ log, now: o.now, fetchImpl: o.fetchImpl });
  const tokens = new TokenManager({
    authUrl: sbx.authUrl,
    clientId: o.clientId ?? ANALYST.id,
    scope: o.scope ?? 'api:use',
    useDiscovery: o.useDiscovery ?? false,
    getSecret: async () => (o.secret === undefined ? ANALYST.secret : o.secret),
    transport,
    now: o.now,
    retry: o.retry,
  });
  const api = createApiClient({ profile: { baseUrl: sbx.baseUrl, ...DEFAULT_PATHS }, tokens, transport, retry: o.retry, sleep: o.sleep });
  return { tokens, api, log, transport };
}

export const SIMPLE_SEARCH: SearchBody = { filters: { and: [{ attribute: 'country', relation: 'equals', value: 'US' }] } };

export function tempDir(): { dir: string; cleanup(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'firmscope-core-'));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

export function testShell(): ShellHooks & { opened: string[] } {
  const opened: string[] = [];
  return {
    kind: 'browser',
    opened,
    chooseExportPath: async () => null,
    revealFile: async () => {},
    notify: () => {},
    openExternal: async (url) => {
      opened.push(url);
    },
  };
}
