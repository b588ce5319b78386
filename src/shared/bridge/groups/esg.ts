import { z } from 'zod';
import { event, fn, group } from '../define';
import { EsgModuleSchema, PageSizeSchema, type EsgModule, type SessionStatus } from '../../service/schemas';
import type { BridgeError } from '../../errors';

export interface EsgModuleView {
  viewId: string;
  companyId: string;
  module: EsgModule;
  status: SessionStatus;
  sessionId: string | null;
  count: number;
  items: Record<string, unknown>[];
  pageNumber: number;
  hasNext: boolean;
  hasPrevious: boolean;
}

export interface WatchView {
  sessionId: string;
  companyId: string;
  module: EsgModule;
  state: 'processing' | 'complete' | 'not_found' | 'expired' | 'error';
  resultCount: number;
  startedAt: number;
  updatedAt: number;
  polls: number;
  nextPollAt?: number;
  error?: BridgeError;
}

export const esgGroup = group({
  fns: {
    /** Requests a module; if it answers `processing`, main starts watching the session. */
    request: fn(
      z.object({ companyId: z.string().trim().min(1).max(128), module: EsgModuleSchema, pageSize: PageSizeSchema.default(10) }),
    ).returns<EsgModuleView>(),
    page: fn(z.object({ viewId: z.string().min(1), direction: z.enum(['next', 'previous']) })).returns<EsgModuleView>(),
    listWatches: fn(z.void()).returns<WatchView[]>(),
    unwatch: fn(z.object({ sessionId: z.string().min(1) })).returns<void>(),
  },
  events: {
    progress: event<WatchView>(),
    /** Fresh module data fetched after a session completed. */
    completed: event<{ watch: WatchView; view: EsgModuleView | null }>(),
  },
});
