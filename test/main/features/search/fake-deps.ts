import type { z } from 'zod';
import type { FeatureDeps } from '../../../../src/main/platform/ports/feature-deps';
import type { ApiClient } from '../../../../src/main/platform/api/types';
import type { Profile } from '../../../../src/shared/profile';
import type { CallContext } from '../../../../src/shared/bridge/define';
import { testWorkspacePort } from '../../../helpers/workspace';

export function memorySettings() {
  const data = new Map<string, unknown>();
  return {
    data,
    read<T>(key: string, schema: z.ZodType<T>, fallback: T): T {
      if (!data.has(key)) return fallback;
      const parsed = schema.safeParse(structuredClone(data.get(key)));
      return parsed.success ? parsed.data : fallback;
    },
    write(key: string, value: unknown) {
      data.set(key, structuredClone(value));
    },
  };
}

export function fakeDeps(api: () => Promise<ApiClient>, profile: { id: string } | null = { id: 'sandbox' }) {
  let current = profile;
  let clock = 1_000;
  const settings = memorySettings();
  const deps: FeatureDeps = {
    api,
    activeProfile: () => current as Profile | null,
    settings,
    emit: () => {},
    shell: {
      kind: 'browser',
      chooseExportPath: async () => null,
      revealFile: async () => {},
      notify: () => {},
      openExternal: async () => {},
    },
    dataDir: '/tmp',
    workspace: testWorkspacePort('/tmp', () => (current as Profile | null)?.id),
    now: () => ++clock,
  };
  return { deps, settings, setProfile: (p: { id: string } | null) => (current = p) };
}

export const ctx = (): CallContext => ({ signal: new AbortController().signal });
