// FeatureDeps for the export feature in tests: a real or fake ApiClient, a scripted save dialog,
// and every emitted progress event recorded.
import type { ExportJob } from '../../../../../src/shared/bridge/groups/export';
import type { ApiClient } from '../../../../../src/main/platform/api/types';
import type { FeatureDeps } from '../../../../../src/main/platform/ports/feature-deps';
import type { ShellHooks } from '../../../../../src/main/platform/ports/shell-hooks';
import { testWorkspacePort } from '../../../../helpers/workspace';

export interface Harness {
  deps: FeatureDeps;
  events: ExportJob[];
  /** Next paths the "save dialog" answers (null = cancelled). */
  paths: Array<string | null>;
  revealed: string[];
  notified: string[];
  /** Resolves with the final state of a job. */
  finished(id: string): Promise<ExportJob>;
  onProgress(cb: (job: ExportJob) => void): void;
}

export function harness(api: ApiClient | null, dataDir: string, shell: Partial<ShellHooks> = {}): Harness {
  const events: ExportJob[] = [];
  const listeners: Array<(job: ExportJob) => void> = [];
  const waiters = new Map<string, Array<(job: ExportJob) => void>>();
  const h: Harness = {
    events,
    paths: [],
    revealed: [],
    notified: [],
    deps: {
      api: async () => {
        if (!api) throw new (await import('../../../../../src/shared/errors')).AppError('not_configured', 'No connection.');
        return api;
      },
      activeProfile: () => null,
      settings: { read: (_k, _s, fallback) => fallback, write: () => {} },
      emit: ((group: string, event: string, payload: ExportJob) => {
        if (group !== 'export' || event !== 'progress') return;
        events.push(payload);
        for (const l of listeners) l(payload);
        if (payload.state !== 'running') for (const w of waiters.get(payload.id) ?? []) w(payload);
      }) as FeatureDeps['emit'],
      shell: {
        kind: 'electron',
        chooseExportPath: async () => (h.paths.length ? h.paths.shift()! : null),
        revealFile: async (p) => void h.revealed.push(p),
        notify: (title, body) => void h.notified.push(`${title}: ${body}`),
        openExternal: async () => {},
        ...shell,
      },
      dataDir,
      workspace: testWorkspacePort(dataDir, () => null),
      now: Date.now,
    },
    finished(id) {
      const done = events.find((e) => e.id === id && e.state !== 'running');
      if (done) return Promise.resolve(done);
      return new Promise((resolve) => waiters.set(id, [...(waiters.get(id) ?? []), resolve]));
    },
    onProgress(cb) {
      listeners.push(cb);
    },
  };
  return h;
}
