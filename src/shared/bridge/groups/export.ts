import { z } from 'zod';
import { event, fn, group } from '../define';
import { PageSizeSchema } from '../../service/schemas';
import type { BridgeError } from '../../errors';

export const EXPORT_FORMATS = ['csv', 'xlsx', 'json', 'ndjson'] as const;

export interface ExportJob {
  id: string;
  format: (typeof EXPORT_FORMATS)[number];
  fileName: string;
  state: 'running' | 'done' | 'failed' | 'cancelled';
  /** `fetching` pages from the service, then `writing` the file (CSV/XLSX of all fields spool first). */
  phase?: 'fetching' | 'writing';
  rows: number;
  pages: number;
  totalRows?: number;
  totalPages?: number;
  rowsPerSecond?: number;
  etaMs?: number;
  error?: BridgeError;
  /** Browser mode: where the finished file can be downloaded. */
  downloadUrl?: string;
  startedAt: number;
  finishedAt?: number;
}

const ExportSource = z.discriminatedUnion('kind', [
  /** The page on screen: the renderer already holds these rows (at most one page). */
  z.object({ kind: z.literal('rows'), rows: z.array(z.record(z.string(), z.unknown())).max(200) }),
  /** Every page of a search, walked from the start in a fresh pagination session. */
  z.object({ kind: z.literal('all'), body: z.unknown(), pageSize: PageSizeSchema, rowLimit: z.number().int().positive().optional() }),
]);

export const exportGroup = group({
  fns: {
    estimate: fn(z.object({ body: z.unknown(), pageSize: PageSizeSchema })).returns<{ count: number; pages: number }>(),
    start: fn(
      z.object({
        source: ExportSource,
        format: z.enum(EXPORT_FORMATS),
        /** Visible grid columns in order; null exports every field seen. */
        columns: z.array(z.string().max(300)).max(500).nullable(),
        csv: z.object({ delimiter: z.enum([',', ';', '\t', '|']).default(','), bom: z.boolean().default(false) }).optional(),
        suggestedName: z.string().max(200).optional(),
      }),
    ).returns<ExportJob | null>(),
    cancel: fn(z.object({ id: z.string().min(1) })).returns<void>(),
    list: fn(z.void()).returns<ExportJob[]>(),
    reveal: fn(z.object({ id: z.string().min(1) })).returns<void>(),
  },
  events: {
    progress: event<ExportJob>(),
  },
});
