// The ESG runs feature wired to a real sandbox over HTTP on one scaled virtual clock, with a real
// workspace database in a temp data dir; a "restart" is a new feature on the same data dir.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ApiClient } from '../../../../../src/main/platform/api/types';
import { createRequestLog, type RequestLog } from '../../../../../src/main/platform/api/request-log';
import { createEsgRunsFeature, type EsgRunsOptions } from '../../../../../src/main/features/esg-runs/feature';
import { createWorkspace, workspacePort } from '../../../../../src/main/platform/workspace/workspace';
import type { RunFinished, RunUpdate, TaskView } from '../../../../../src/shared/esg-runs/schemas';
import type { ProcessingStatus } from '../../../../../src/shared/service/schemas';
import type { SandboxHandle } from '../../../../../src/sandbox/server';
import { fakeDeps } from '../../esg/helpers/fake-deps';
import { realClient } from '../../esg/helpers/real-client';
import type { ScaledClock } from '../../esg/helpers/scaled-clock';

export const tempDataDir = () => mkdtempSync(join(tmpdir(), 'firmscope-esgruns-'));

/** Every status answer the engine received, in order (to prove no call follows a terminal one). */
export interface StatusRecord {
  sessionId: string;
  at: number;
  status: ProcessingStatus['status'] | 'error';
}

/** An ApiClient that records status answers and counts the calls in flight (`inFlight`). */
export function recordingClient(inner: ApiClient, clock: () => number, into: StatusRecord[]): ApiClient & { inFlight(): number } {
  let inFlight = 0;
  const counted = async <T>(call: () => Promise<T>): Promise<T> => {
    inFlight++;
    try {
      return await call();
    } finally {
      inFlight--;
    }
  };
  return {
    inFlight: () => inFlight,
    search: (r, o) => counted(() => inner.search(r, o)),
    match: (b, o) => counted(() => inner.match(b, o)),
    esgModule: (r, o) => counted(() => inner.esgModule(r, o)),
    processingStatus: (sessionId, o) =>
      counted(async () => {
        try {
          const s = await inner.processingStatus(sessionId, o);
          into.push({ sessionId, at: clock(), status: s.status });
          return s;
        } catch (e) {
          into.push({ sessionId, at: clock(), status: 'error' });
          throw e;
        }
      }),
  };
}

export function runsOn(
  sandbox: SandboxHandle,
  clock: ScaledClock,
  o: { dataDir: string; client?: { id: string; secret: string }; log?: RequestLog; statuses?: StatusRecord[]; esgConcurrency?: number; options?: EsgRunsOptions },
) {
  const log = o.log ?? createRequestLog();
  const statuses = o.statuses ?? [];
  const api = recordingClient(realClient(sandbox, o.client ?? sandbox.control.clients.analyst, clock.now, log), clock.now, statuses);
  const { deps, rec } = fakeDeps(async () => api, { now: clock.now });
  const notices: string[] = [];
  const workspace = createWorkspace({ dataDir: o.dataDir, notify: (_level, message) => notices.push(message) });
  const profile = { ...deps.activeProfile()!, ...(o.esgConcurrency ? { esgConcurrency: o.esgConcurrency } : {}) };
  deps.activeProfile = () => profile;
  deps.workspace = workspacePort(workspace, () => profile.id);
  const timers = clock.timers();
  const feature = createEsgRunsFeature(deps, { timers, ...o.options });
  const updates = () => rec.events.filter((e) => e.name === 'esgRunUpdate').map((e) => e.payload as RunUpdate);
  const finished = () => rec.events.filter((e) => e.name === 'runFinished').map((e) => e.payload as RunFinished);
  /** The latest view of every cell seen in events. */
  const cells = () => {
    const m = new Map<number, TaskView>();
    for (const u of updates()) for (const t of u.tasks) m.set(t.id, t);
    return m;
  };
  return {
    feature,
    rec,
    log,
    statuses,
    updates,
    finished,
    cells,
    /** The workspace's notices (a lock held too long, a full disk, ...). */
    notices,
    /** At rest: no call in flight and no timer of the feature pending, so it can do nothing more by itself. */
    atRest: () => api.inFlight() === 0 && timers.pending() === 0,
    /** The profile's workspace database file. */
    file: () => workspace.forProfile(profile.id).file,
    store: () => feature.engineFor(profile.id).store,
    async close() {
      await feature.dispose!();
      workspace.close();
    },
  };
}
