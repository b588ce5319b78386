import { z } from 'zod';
import { event, fn, group } from '../define';
import { MatchRequestSchema, type MatchCandidate } from '../../service/schemas';
import type { BridgeError } from '../../errors';

export interface MatchResultView {
  requestBody: unknown;
  candidates: MatchCandidate[];
}

export interface BulkRowView {
  line: number;
  input: Record<string, string>;
  state: 'pending' | 'matched' | 'no_match' | 'error' | 'invalid';
  best?: MatchCandidate;
  error?: BridgeError;
}
export interface BulkJobView {
  id: string;
  state: 'running' | 'done' | 'cancelled';
  total: number;
  done: number;
  matched: number;
  noMatch: number;
  errors: number;
  invalid: number;
}

export const matchGroup = group({
  fns: {
    /** The body that would be sent for these fields, per the active profile's payload template. */
    preview: fn(z.object({ fields: z.record(z.string(), z.string()) })).returns<unknown>(),
    single: fn(z.object({ fields: MatchRequestSchema.partial().optional(), rawBody: z.unknown().optional() })).returns<MatchResultView>(),
    bulkStart: fn(
      z.object({
        csvText: z.string().max(50_000_000).optional(),
        filePath: z.string().optional(),
        mapping: z.record(z.string(), z.string()),
        concurrency: z.number().int().min(1).max(16).default(4),
      }),
    ).returns<BulkJobView>(),
    bulkRows: fn(z.object({ id: z.string(), offset: z.number().int().min(0), limit: z.number().int().min(1).max(1000) })).returns<{ total: number; rows: BulkRowView[] }>(),
    bulkRetryFailures: fn(z.object({ id: z.string() })).returns<BulkJobView>(),
    bulkCancel: fn(z.object({ id: z.string() })).returns<void>(),
    bulkExport: fn(z.object({ id: z.string(), format: z.enum(['csv', 'xlsx', 'json']) })).returns<{ fileName: string; downloadUrl?: string } | null>(),
  },
  events: {
    bulkProgress: event<BulkJobView>(),
  },
});
