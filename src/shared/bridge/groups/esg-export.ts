// Bridge group `esgExport`: the stored ESG results of one company or a list to one XLSX workbook
// (Companies, Scores, News, Commitments, About) or one module as CSV/NDJSON. See docs/export.md, "ESG export".
import { z } from 'zod';
import { event, fn, group } from '../define';
import { CsvOptionsSchema } from '../../export/csv-options';
import type { BridgeError } from '../../errors';

export const ESG_EXPORT_FORMATS = ['xlsx', 'csv', 'ndjson'] as const;
export type EsgExportFormat = (typeof ESG_EXPORT_FORMATS)[number];
/** Sheets of the workbook, and what a CSV/NDJSON file holds (one of them). */
export const ESG_EXPORT_MODULES = ['companies', 'scores', 'news', 'commitments'] as const;
export type EsgExportModule = (typeof ESG_EXPORT_MODULES)[number];

export const EsgExportSourceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('company'), companyId: z.string().min(1).max(128), companyName: z.string().max(500).optional() }),
  z.object({ kind: z.literal('list'), listId: z.number().int().positive() }),
]);
export type EsgExportSource = z.infer<typeof EsgExportSourceSchema>;

export interface EsgExportCounts {
  companies: number;
  /** Companies with at least one stored module result. */
  withData: number;
  scores: number;
  news: number;
  commitments: number;
}

export interface EsgExportJob {
  id: string;
  format: EsgExportFormat;
  /** CSV/NDJSON: the one module written. */
  module?: EsgExportModule;
  /** What was exported, in words: the list's or the company's name. */
  title: string;
  fileName: string;
  state: 'running' | 'done' | 'failed' | 'cancelled';
  rows: number;
  totalRows: number;
  counts?: EsgExportCounts;
  error?: BridgeError;
  downloadUrl?: string;
  startedAt: number;
  finishedAt?: number;
}

export const esgExportGroup = group({
  fns: {
    /** Asks where to save (null = the analyst cancelled), then writes in main; follow `progress`. */
    start: fn(
      z
        .object({
          source: EsgExportSourceSchema,
          format: z.enum(ESG_EXPORT_FORMATS),
          /** Required for CSV and NDJSON (one file per module); the workbook holds all of them. */
          module: z.enum(ESG_EXPORT_MODULES).optional(),
          csv: CsvOptionsSchema.optional(),
        })
        .refine((v) => v.format === 'xlsx' || v.module !== undefined, { message: 'Choose which module the file holds.', path: ['module'] }),
    ).returns<EsgExportJob | null>(),
    cancel: fn(z.object({ id: z.string().min(1).max(128) })).returns<void>(),
    /** Desktop: shows the finished file in its folder. */
    reveal: fn(z.object({ id: z.string().min(1).max(128) })).returns<void>(),
  },
  events: {
    progress: event<EsgExportJob>(),
  },
});
