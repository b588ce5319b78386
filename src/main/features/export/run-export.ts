// One export from source to finished file: pages (walked from the service, the page the renderer
// holds, a list's rows or a snapshot view's rows from the workspace) are written by write-export.ts to the target's partial
// file, which takes the target's name only once complete and durable. Cancel or failure removes every temporary and leaves the target as it was.
import { AppError } from '../../../shared/errors';
import type { ApiClient } from '../../platform/api/types';
import { AtomicTarget, partialPathFor } from '../../platform/tabular/atomic-target';
import type { FileSinkOptions } from '../../platform/tabular/file-sink';
import { fileError } from '../../platform/tabular/io-error';
import type { ExportJournal } from '../../platform/tabular/journal';
import { Spool } from '../../platform/tabular/spool';
import { listPages } from '../lists/export-list';
import { snapshotPages, viewPages } from './snapshot-source';
import { rewritePathFor } from './csv-all-fields';
import { cancelled, walkPages, type PageRetryPolicy, type WalkedPage, type WalkStop } from '../../platform/paging/page-walker';
import type { ExportPage, ExportProgress, ExportSpec } from './types';
import { writeExportFile, type WrittenExport } from './write-export';
import { formatThread, type BatchFormat } from './format-worker';
import type { WriterEntry } from '../snapshots/page-writer';

export interface RunDeps {
  api?: ApiClient;
  signal: AbortSignal;
  onProgress(p: ExportProgress): void;
  journal: ExportJournal;
  retry?: PageRetryPolicy;
  /** Told when an all-pages walk ends early (row limit, empty page, repeated token). */
  onStop?(stop: WalkStop): void;
  sink?: FileSinkOptions;
  /** A snapshot view's CSV of all fields from this many rows is formatted in a thread (tests: 0 and another script). */
  formatThread?: { minRows: number; entry?: WriterEntry };
}

/** Below this a format thread costs more than it saves (starting it, copying the texts). */
export const FORMAT_THREAD_MIN_ROWS = 20_000;

export async function runExport(spec: ExportSpec, deps: RunDeps): Promise<WrittenExport> {
  const temporaries = [rewritePathFor(partialPathFor(spec.target)), Spool.pathFor(spec.spoolDir, spec.id)];
  const target = await AtomicTarget.open(spec.target, deps.journal, spec.id, temporaries);
  try {
    if (deps.signal.aborted) throw cancelled();
    const source = spec.source;
    let pages: AsyncIterable<ExportPage>;
    let csvFormat: (() => BatchFormat) | undefined;
    if (source.kind === 'rows') {
      pages = (async function* (): AsyncGenerator<WalkedPage> {
        yield { number: 1, records: source.rows as WalkedPage['records'], count: source.rows.length };
      })();
    } else if (source.kind === 'list') {
      pages = listPages(source.store, source.listId, source.ids, source.allFields);
    } else if (source.kind === 'snapshot') {
      // JSON or NDJSON of all fields: the stored JSON texts are the lines, as they are. CSV of all
      // fields: the texts go to the format (parsed there; in a thread for a large view).
      const csvAll = !spec.columns && spec.format === 'csv';
      pages = snapshotPages(source, !spec.columns && (csvAll || spec.format === 'json' || spec.format === 'ndjson'));
      const thread = deps.formatThread ?? { minRows: FORMAT_THREAD_MIN_ROWS };
      if (csvAll && source.ids.length >= thread.minRows) {
        const onFallback = (reason: string) => console.warn(`[firmscope] export: the format thread did not start (${reason}); formatting in the main thread`);
        csvFormat = () => formatThread({ csv: spec.csv, entry: thread.entry, onFallback });
      }
    } else if (source.kind === 'view') {
      pages = viewPages(source);
    } else {
      if (!deps.api) throw new AppError('not_configured', 'No connection is active.');
      pages = walkPages(deps.api, {
        body: source.body,
        pageSize: source.pageSize,
        rowLimit: source.rowLimit,
        signal: deps.signal,
        retry: deps.retry,
        onStop: deps.onStop,
      });
    }
    return await writeExportFile(spec, pages, target, { signal: deps.signal, onProgress: deps.onProgress, sink: deps.sink, csvFormat });
  } catch (e) {
    await target.discard();
    throw fileError(e);
  }
}
