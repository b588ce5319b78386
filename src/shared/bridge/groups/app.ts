import { z } from 'zod';
import { event, fn, group } from '../define';
import type { VaultKind } from '../../profile';

export interface Notice {
  id: string;
  level: 'info' | 'warning' | 'error';
  message: string;
}
export interface AppInfo {
  shell: 'electron' | 'browser';
  version: string;
  dataDir: string;
  vaultKind: VaultKind;
  /** Whether the local workspace database (snapshots: local sort, facets, lists) can be used, and why not. */
  workspace: { available: true } | { available: false; reason: string };
  notices: Notice[];
}

export const appGroup = group({
  fns: {
    info: fn(z.void()).returns<AppInfo>(),
    /** Heartbeat: answers at once. The renderer tells "core gone or hung" from a late answer (docs/connection.md). */
    ping: fn(z.void()).returns<{ at: number }>(),
    /** Opens http(s) URLs in the OS browser; anything else is refused. */
    openExternal: fn(z.object({ url: z.url({ protocol: /^https?$/ }) })).returns<void>(),
  },
  events: {
    notice: event<Notice>(),
  },
});
