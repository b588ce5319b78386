// Rate limiting in real time: the client's own retries and then the watcher both wait as long as
// Retry-After asks, and the watch still completes.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createRequestLog } from '../../../../src/main/platform/api/request-log';
import { createEsgFeature } from '../../../../src/main/features/esg/feature';
import type { WatchView } from '../../../../src/shared/bridge/groups/esg';
import { startSandbox, type SandboxHandle } from '../../../../src/sandbox/server';
import { ctx, fakeDeps } from './helpers/fake-deps';
import { realClient } from './helpers/real-client';
import { until } from './helpers/sandbox-world';

let sandbox: SandboxHandle;
beforeAll(async () => {
  sandbox = await startSandbox({ companies: 2000, seed: 42, esg: { sessionMs: 3000 } });
});
afterAll(async () => {
  await sandbox?.close();
});

it('429 with Retry-After on status calls: every next call waits at least that long, then the watch completes', async () => {
  const log = createRequestLog();
  const api = realClient(sandbox, sandbox.control.clients.analyst, Date.now, log);
  const { deps, rec } = fakeDeps(async () => api);
  const feature = createEsgFeature(deps, { policy: { baseMs: 200, capMs: 400 } });
  const companyId = sandbox.control.esgCompanies('known', 7)[6]!.company_id;
  const v = await feature.handlers.request({ companyId, module: 'news', pageSize: 10 }, ctx());
  // More 429s than the client retries (4 attempts), so the watcher sees rate_limited too.
  sandbox.control.injectFault({ kind: 'rate_limit', retryAfterSeconds: 1 }, 5, 'status');
  await until(() => rec.events.some((e) => e.name === 'completed'), 20_000, 'completion');

  const status = log.list().filter((e) => e.path.startsWith('/api/esg/v1/processing/'));
  const limited = status.filter((e) => e.status === 429);
  expect(limited).toHaveLength(5);
  status.forEach((e, i) => {
    if (e.status === 429 && status[i + 1]) expect(status[i + 1]!.at - e.at).toBeGreaterThanOrEqual(1000);
  });
  const progress = rec.events.map((e) => e.payload as WatchView).filter((w) => w.sessionId === v.sessionId);
  expect(progress.some((w) => w.error?.code === 'rate_limited')).toBe(true);
  expect(progress.at(-1)).toMatchObject({ state: 'complete' });
  expect(progress.at(-1)!.error).toBeUndefined();
  await feature.dispose!();
});
