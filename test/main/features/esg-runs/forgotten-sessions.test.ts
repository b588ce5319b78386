// The service forgets processing sessions (a restart of the service: their status answers 404). An
// ESG run against the sandbox asks each forgotten cell again, once, and ends with every cell
// complete and its data stored; a cell whose second session is forgotten too ends failed, not stuck.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { SandboxHandle } from '../../../../src/sandbox/server';
import { isTerminalTask, type RunCompany } from '../../../../src/shared/esg-runs/schemas';
import { ctx } from '../esg/helpers/fake-deps';
import { sandboxWithClock, until } from '../esg/helpers/sandbox-world';
import type { ScaledClock } from '../esg/helpers/scaled-clock';
import { runsOn, tempDataDir, type StatusRecord } from './helpers/run-world';

const FACTOR = 5;
/**
 * First sessions that cannot finish before the test forgets them, however slow the machine: with
 * the 4 s of the suite's pace, a loaded machine let some finish (in sandbox time) between "every cell
 * processing" and the forget, which then forgot fewer than all (failed once with two runs at once).
 */
const UNTIL_FORGOTTEN_MS = 3_600_000;
let sandbox: SandboxHandle;
let clock: ScaledClock;
beforeAll(async () => {
  ({ clock, sandbox } = await sandboxWithClock(FACTOR, { sessionMs: 4000, sessionJitter: 0, itemsPerSession: 6 }, 2000));
});
afterAll(async () => {
  await sandbox?.close();
});

it('every processing session forgotten once: each cell is requested again once and completes; its status was answered 404 once', async () => {
  const companies: RunCompany[] = sandbox.control.esgCompanies('known', 12).map((c) => ({ companyId: c.company_id, companyName: c.name }));
  const statuses: StatusRecord[] = [];
  sandbox.control.setEsgPace({ sessionMs: UNTIL_FORGOTTEN_MS });
  const world = runsOn(sandbox, clock, { dataDir: tempDataDir(), statuses, esgConcurrency: 12 });
  const run = await world.feature.handlers.start({ companies, modules: ['scores'], label: 'Forgetful service' }, ctx());
  const processing = () => [...world.cells().values()].filter((t) => t.state === 'processing' && t.sessionId).length;
  await until(() => processing() === 12, 60_000, 'every cell processing');
  const firstSessions = new Set([...world.cells().values()].map((t) => t.sessionId));
  // The service restarts: it forgets every session; the new ones are quick.
  sandbox.control.setEsgPace({ sessionMs: 4000 });
  expect(sandbox.control.forgetEsgSessions(1)).toBe(12);

  await until(() => world.finished().length === 1, 120_000, 'run finished');
  const board = await world.feature.handlers.board({ runId: run.id }, ctx());
  expect(board.tasks.every((t) => isTerminalTask(t.state))).toBe(true);
  expect(board.run.counts).toMatchObject({ complete: 12, failed: 0, not_found: 0 });
  expect(board.tasks.every((t) => t.resubmitted)).toBe(true);
  // Each forgotten session was asked about until the 404, then never again.
  for (const id of firstSessions) {
    const asked = statuses.filter((s) => s.sessionId === id);
    expect(asked.at(-1)!.status).toBe('error');
    expect(asked.filter((s) => s.status === 'error')).toHaveLength(1);
  }
  await world.close();
}, 180_000);

it('a cell whose second session is forgotten too ends failed with the reason, and the run still finishes', async () => {
  const companies: RunCompany[] = sandbox.control.esgCompanies('known', 40).slice(20, 24).map((c) => ({ companyId: c.company_id, companyName: c.name }));
  sandbox.control.setEsgPace({ sessionMs: UNTIL_FORGOTTEN_MS });
  const world = runsOn(sandbox, clock, { dataDir: tempDataDir(), esgConcurrency: 4 });
  const run = await world.feature.handlers.start({ companies, modules: ['scores'], label: 'Very forgetful' }, ctx());
  const processing = (resubmitted: boolean) => [...world.cells().values()].filter((t) => t.state === 'processing' && t.sessionId && !!t.resubmitted === resubmitted).length;
  await until(() => processing(false) === 4, 60_000, 'every cell processing');
  sandbox.control.forgetEsgSessions(1);
  await until(() => processing(true) === 4, 60_000, 'every cell processing again');
  sandbox.control.forgetEsgSessions(1);
  await until(() => world.finished().length === 1, 120_000, 'run finished');
  const board = await world.feature.handlers.board({ runId: run.id }, ctx());
  expect(board.run.counts).toMatchObject({ failed: 4, complete: 0 });
  expect(board.tasks.every((t) => t.state === 'failed' && /session/i.test(t.error?.message ?? ''))).toBe(true);
  await world.close();
}, 180_000);
