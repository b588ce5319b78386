// FeatureDeps for the match feature backed by the production ApiClient against a test sandbox.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ApiClient } from '../../../../../src/main/platform/api/types';
import type { FeatureDeps } from '../../../../../src/main/platform/ports/feature-deps';
import type { BulkJobView } from '../../../../../src/shared/bridge/groups/match';
import { ProfileSchema, type Profile } from '../../../../../src/shared/profile';
import type { ShellHooks } from '../../../../../src/main/platform/ports/shell-hooks';
import type { SandboxHandle } from '../../../../../src/sandbox/server';
import { realClient } from '../../export/helpers/real-client';
import { testWorkspacePort } from '../../../../helpers/workspace';

export { realClient };

/**
 * FeatureDeps for the match feature around `api`; bulk progress events are collected in `events`, and
 * `until(test)` resolves with the first of them (already in, or still to come) that satisfies `test`.
 */
export function matchFeatureDeps(o: { api: ApiClient; profile: Profile; dir: string; shell?: Partial<ShellHooks> }) {
  const events: BulkJobView[] = [];
  const waiters = new Set<(e: BulkJobView) => void>();
  const until = (test: (e: BulkJobView) => boolean): Promise<BulkJobView> =>
    new Promise((resolve) => {
      const seen = events.find(test);
      if (seen) return resolve(seen);
      const check = (e: BulkJobView) => {
        if (!test(e)) return;
        waiters.delete(check);
        resolve(e);
      };
      waiters.add(check);
    });
  const deps: FeatureDeps = {
    api: async () => o.api,
    activeProfile: () => o.profile,
    settings: { read: (_k, _s, f) => f, write: () => {} },
    emit: ((group: string, name: string, payload: BulkJobView) => {
      if (group !== 'match' || name !== 'bulkProgress') return;
      events.push(payload);
      for (const w of [...waiters]) w(payload);
    }) as FeatureDeps['emit'],
    shell: {
      kind: 'browser',
      chooseExportPath: async (n) => join(o.dir, n),
      revealFile: async () => {},
      notify: () => {},
      openExternal: async () => {},
      ...o.shell,
    },
    dataDir: o.dir,
    workspace: testWorkspacePort(o.dir, () => o.profile.id),
    now: () => Date.now(),
  };
  /**
   * The final view of job `id` (progress events are the only signal, as in the UI): its latest event
   * if that one is not running, else the next event that is not.
   */
  const finished = (id: string): Promise<BulkJobView> => {
    const last = events.filter((e) => e.id === id).at(-1);
    if (last && last.state !== 'running') return Promise.resolve(last);
    return new Promise((resolve) => {
      const check = (e: BulkJobView) => {
        if (e.id !== id || e.state === 'running') return;
        waiters.delete(check);
        resolve(e);
      };
      waiters.add(check);
    });
  };
  return { deps, events, until, finished };
}

export async function sandboxDeps(sandbox: SandboxHandle, template: string | null = null) {
  const client = realClient(sandbox);
  /** Every body handed to the client (one per row attempt by the bulk runner; client retries not counted). */
  const sent: Array<Record<string, unknown>> = [];
  const api: ApiClient = { ...client, match: (body, opts) => (sent.push(body as Record<string, unknown>), client.match(body, opts)) };
  const dir = await mkdtemp(join(tmpdir(), 'match-sbx-'));
  const profile = ProfileSchema.parse({
    id: 'sandbox', name: 'Sandbox', kind: 'sandbox', authUrl: sandbox.authUrl, baseUrl: sandbox.baseUrl,
    clientId: sandbox.control.clients.analyst.id, matchPayloadTemplate: template,
  });
  const { deps, events, until, finished } = matchFeatureDeps({ api, profile, dir });
  return { deps, events, until, dir, finished, sent };
}
