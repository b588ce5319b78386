// A 200-company run against the sandbox over real HTTP, on one scaled clock, with faults (503s,
// dropped connections, 429 bursts, a token expiry) and a restart in the middle: every cell ends
// terminal, the stored data equals the sandbox's, no status call follows a terminal status, and
// every 429 was retried. Also: the search-only client gets no_access per cell.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createRequestLog } from '../../../../src/main/platform/api/request-log';
import { DATA_PAGE_SIZE } from '../../../../src/main/features/esg-runs/cell-io';
import type { SandboxHandle } from '../../../../src/sandbox/server';
import { ESG_MODULES, type EsgModule } from '../../../../src/shared/service/schemas';
import { isTerminalTask, type RunCompany } from '../../../../src/shared/esg-runs/schemas';
import { ctx } from '../esg/helpers/fake-deps';
import { realClient } from '../esg/helpers/real-client';
import { sandboxWithClock, until } from '../esg/helpers/sandbox-world';
import type { ScaledClock } from '../esg/helpers/scaled-clock';
import { runsOn, tempDataDir, type StatusRecord } from './helpers/run-world';

// 5x, not more: under a loaded CI machine a stalled event loop stretches virtual time by the factor.
const FACTOR = 5;
let sandbox: SandboxHandle;
let clock: ScaledClock;
beforeAll(async () => {
  ({ clock, sandbox } = await sandboxWithClock(FACTOR, { sessionMs: 2000, sessionJitter: 0.5, itemsPerSession: 12 }, 3000));
});
afterAll(async () => {
  await sandbox?.close();
});

async function sandboxItems(companyId: string, module: EsgModule): Promise<unknown[]> {
  const api = realClient(sandbox, sandbox.control.clients.analyst, clock.now);
  const items: unknown[] = [];
  let token: string | undefined;
  for (;;) {
    const page = await api.esgModule({ companyId, module, pageSize: DATA_PAGE_SIZE, paginationToken: token });
    expect(page.status).toBe('complete');
    items.push(...page.result);
    if (!page.pagination.next) return items;
    token = page.pagination.next;
  }
}

it('200 companies x 3 modules with faults and a restart in the middle: all terminal, data equals the sandbox, no status call after terminal, 429s retried', async () => {
  const dataDir = tempDataDir();
  const known = sandbox.control.esgCompanies('known', 190);
  const unknown = sandbox.control.esgCompanies('unknown', 10);
  const companies: RunCompany[] = [...known, ...unknown].map((c) => ({ companyId: c.company_id, companyName: c.name }));
  const log = createRequestLog(1_000_000);
  const statuses: StatusRecord[] = [];
  sandbox.control.resetStats();
  sandbox.control.setFaults({ errorRate: 0.05, dropRate: 0.02, targets: ['esg', 'status'], seed: 18 });

  const first = runsOn(sandbox, clock, { dataDir, log, statuses, esgConcurrency: 8 });
  const run = await first.feature.handlers.start({ companies, modules: [...ESG_MODULES], label: 'Faulty portfolio' }, ctx());
  expect(run.total).toBe(600);
  const done = (w: typeof first) => [...w.cells().values()].filter((t) => isTerminalTask(t.state)).length;

  // A burst of 429s and a token expiry while it runs.
  await until(() => done(first) >= 60, 120_000, '60 cells done');
  sandbox.control.injectFault({ kind: 'rate_limit', retryAfterSeconds: 1 }, 12, 'esg');
  sandbox.control.expireAllTokens();
  await until(() => done(first) >= 240, 240_000, '240 cells done');
  sandbox.control.injectFault({ kind: 'rate_limit', retryAfterSeconds: 1 }, 12, 'status');

  // Restart: the first core stops (cells stay as they are in the database), a new one resumes.
  const before = first.store().counts(run.id);
  expect(before.queued + before.requesting + before.processing).toBeGreaterThan(0);
  await first.close();
  const second = runsOn(sandbox, clock, { dataDir, log, statuses, esgConcurrency: 8 });
  await second.feature.start!();
  await until(() => second.finished().length === 1, 300_000, 'run finished after the restart');

  const board = await second.feature.handlers.board({ runId: run.id }, ctx());
  expect(board.run.status).toBe('finished');
  expect(board.tasks.every((t) => isTerminalTask(t.state))).toBe(true);
  expect(board.run.counts).toMatchObject({ complete: 570, not_found: 30, failed: 0, no_access: 0, cancelled: 0, queued: 0, requesting: 0, processing: 0 });
  expect(second.finished()[0]!.body).toBe('200 companies (news, commitments, scores): 570 of 600 cells done (95 %) · 30 not found.');
  expect(second.rec.notifications).toEqual([{ title: 'ESG run finished: Faulty portfolio', body: '200 companies (news, commitments, scores): 570 of 600 cells done (95 %) · 30 not found.' }]);

  // The faults happened and were retried.
  const stats = sandbox.control.stats();
  expect(stats.faultsInjected).toBeGreaterThan(30);
  const limited = log.list().filter((e) => e.status === 429);
  expect(limited.length).toBeGreaterThanOrEqual(12); // the bursts (faults of other kinds may take some of the queued ones)
  const entries = log.list();
  for (const e of limited) expect(entries.some((later) => later.id > e.id && later.path === e.path && later.status === 200)).toBe(true);
  expect(log.list().some((e) => e.status === 401)).toBe(true); // the expired token was replaced

  // Stored data equals the sandbox's (fetched now, without faults).
  sandbox.control.clearFaults();
  const store = second.store();
  for (const c of known.filter((_, i) => i % 5 === 0)) {
    for (const m of ESG_MODULES) {
      const latest = store.latest(c.company_id).modules[m].latest;
      expect(latest, `${c.name} ${m}`).not.toBeNull();
      expect(latest!.companyName).toBe(c.name);
      expect(latest!.items).toEqual(await sandboxItems(c.company_id, m));
    }
  }
  for (const c of unknown) expect(store.latest(c.company_id).modules.news.latest).toBeNull();
  const summaries = await second.feature.handlers.summaries({ companyIds: known.map((c) => c.company_id) }, ctx());
  expect(summaries).toHaveLength(190);
  expect(summaries.every((s) => typeof s.overall === 'number' && s.rating && s.newsCount !== null && s.commitmentsCount !== null)).toBe(true);

  // Completion only by status: no status call for a session after its terminal answer.
  const bySession = new Map<string, StatusRecord[]>();
  for (const s of statuses) bySession.set(s.sessionId, [...(bySession.get(s.sessionId) ?? []), s]);
  expect(bySession.size).toBeGreaterThan(400);
  for (const [sid, calls] of bySession) {
    const terminal = calls.findIndex((c) => c.status === 'complete' || c.status === 'not_found');
    expect(terminal === -1 || terminal === calls.length - 1, `status calls after the terminal answer for ${sid}`).toBe(true);
  }
  await second.close();
}, 700_000);

it('the search-only client: every cell no_access (403), said in words, and the run still finishes', async () => {
  const w = runsOn(sandbox, clock, { dataDir: tempDataDir(), client: sandbox.control.clients.searchOnly });
  const companies = sandbox.control.esgCompanies('known', 5).map((c) => ({ companyId: c.company_id, companyName: c.name }));
  const run = await w.feature.handlers.start({ companies, modules: [...ESG_MODULES], label: 'No ESG access' }, ctx());
  await until(() => w.finished().length === 1, 60_000, 'run finished');
  const board = await w.feature.handlers.board({ runId: run.id }, ctx());
  expect(board.tasks).toHaveLength(15);
  for (const t of board.tasks) {
    expect(t.state).toBe('no_access');
    expect(t.error!.message).toMatch(/lacks access to the ESG API \(403\)/);
  }
  expect(w.rec.notifications[0]!.body).toBe('5 companies (news, commitments, scores): 0 of 15 cells done (0 %) · 15 without access.');
  await w.close();
}, 120_000);
