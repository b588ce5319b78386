// FeatureDeps for the ESG feature without a core: in-memory settings, recorded events and notifications.
import type { z } from 'zod';
import type { ApiClient } from '../../../../../src/main/platform/api/types';
import type { FeatureDeps, FeatureSettings } from '../../../../../src/main/platform/ports/feature-deps';
import type { ShellHooks } from '../../../../../src/main/platform/ports/shell-hooks';
import type { Profile } from '../../../../../src/shared/profile';
import { testWorkspacePort } from '../../../../helpers/workspace';
import { WatchedList } from '../../../../helpers/watched-list';

export class MemorySettings implements FeatureSettings {
  readonly data = new Map<string, unknown>();
  writes = 0;
  read<T>(key: string, schema: z.ZodType<T>, fallback: T): T {
    if (!this.data.has(key)) return fallback;
    const r = schema.safeParse(this.data.get(key));
    return r.success ? r.data : fallback;
  }
  write(key: string, value: unknown): void {
    this.writes++;
    this.data.set(key, JSON.parse(JSON.stringify(value)));
  }
}

export interface Recorded {
  /** Every event emitted; `rec.events.first(test)` waits for one. */
  events: WatchedList<{ group: string; name: string; payload: unknown; at: number }>;
  notifications: Array<{ title: string; body: string }>;
}

export function fakeDeps(api: () => Promise<ApiClient>, opts: { settings?: FeatureSettings; profileId?: string; now?: () => number } = {}) {
  const rec: Recorded = { events: new WatchedList(), notifications: [] };
  const now = opts.now ?? Date.now;
  const shell: ShellHooks = {
    kind: 'browser',
    chooseExportPath: async () => null,
    revealFile: async () => {},
    notify: (title, body) => rec.notifications.push({ title, body }),
    openExternal: async () => {},
  };
  let profile = { id: opts.profileId ?? 'sandbox', name: 'Sandbox' } as Profile;
  const deps: FeatureDeps = {
    api,
    activeProfile: () => profile,
    settings: opts.settings ?? new MemorySettings(),
    emit: ((group: string, name: string, payload: unknown) => rec.events.push({ group, name, payload, at: now() })) as FeatureDeps['emit'],
    shell,
    dataDir: '/nonexistent',
    workspace: testWorkspacePort('/nonexistent', () => profile?.id),
    now,
  };
  const switchProfile = (id: string) => (profile = { ...profile, id });
  return { deps, rec, switchProfile };
}

export const ctx = () => ({ signal: new AbortController().signal });
