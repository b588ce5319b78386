// One export from source to finished file: pages (walked from the service, or the page the
// renderer holds) are written by write-export.ts to `<target>.partial`, which is renamed over the
// target only once complete and durable. Cancel or failure removes it and leaves the target as it was.
import { rename, rm } from 'node:fs/promises';
import { AppError } from '../../shared/errors';
import type { SearchBody } from '../../shared/service/schemas';
import type { ApiClient } from '../api/types';
import { rewritePathFor } from './csv-pages';
import { inlinePageEncoder, type PageEncoder } from './encoder/page-encoder';
import { cancelled, walkPages, walkRawPages, type PageRetryPolicy, type WalkedPage } from './page-walker';
import { partialPathFor, toIoError, writeCsvExportFile, writeExportFile } from './write-export';
import type { CsvOptions } from './writers/csv';

export { partialPathFor } from './write-export';

export type ExportFormat = 'csv' | 'xlsx' | 'json' | 'ndjson';
export type ExportSourceSpec =
  | { kind: 'rows'; rows: Record<string, unknown>[] }
  | { kind: 'all'; body: SearchBody; pageSize: number; rowLimit?: number };

export interface ExportSpec {
  id: string;
  source: ExportSourceSpec;
  format: ExportFormat;
  /** Dotted columns in order; null = every field seen (union over all pages). */
  columns: string[] | null;
  csv: CsvOptions;
  target: string;
  /** Where the temporary spool file goes (cleared on start-up). */
  spoolDir: string;
}

export interface ExportProgress {
  phase: 'fetching' | 'writing';
  /** Rows fetched (fetching) or written (writing). */
  rows: number;
  pages: number;
  /** The service's `count`, once the first page is in. */
  count?: number;
}

export interface RunDeps {
  api?: ApiClient;
  signal: AbortSignal;
  onProgress(p: ExportProgress): void;
  retry?: PageRetryPolicy;
  /** Parses and encodes CSV pages walked from the service; default: inline (this thread). */
  encoder?: PageEncoder;
}

export async function runExport(spec: ExportSpec, deps: RunDeps): Promise<{ rows: number; pages: number }> {
  const partial = partialPathFor(spec.target);
  const hooks = { signal: deps.signal, onProgress: deps.onProgress };
  try {
    if (deps.signal.aborted) throw cancelled();
    const source = spec.source;
    let result: { rows: number; pages: number };
    if (source.kind === 'rows') {
      const pages = (async function* (): AsyncGenerator<WalkedPage> {
        yield { number: 1, records: source.rows as WalkedPage['records'], count: source.rows.length };
      })();
      result = await writeExportFile(spec, pages, hooks);
    } else {
      if (!deps.api) throw new AppError('not_configured', 'No connection is active.');
      const walk = { body: source.body, pageSize: source.pageSize, rowLimit: source.rowLimit, signal: deps.signal, retry: deps.retry };
      result =
        spec.format === 'csv'
          ? await writeCsvExportFile(spec, walkRawPages(deps.api, walk), deps.encoder ?? inlinePageEncoder(), hooks)
          : await writeExportFile(spec, walkPages(deps.api, walk), hooks);
    }
    if (deps.signal.aborted) throw cancelled();
    await rename(partial, spec.target);
    return result;
  } catch (e) {
    await rm(partial, { force: true }).catch(() => undefined);
    await rm(rewritePathFor(partial), { force: true }).catch(() => undefined);
    throw toIoError(e);
  }
}
