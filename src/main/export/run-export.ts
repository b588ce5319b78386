// One export from source to finished file: pages (walked from the service, the page the renderer
// holds, or a list's rows from the workspace) are written by write-export.ts to the target's partial
// file, which takes the target's name only once complete and durable. Cancel or failure removes every temporary and leaves the target as it was.
import { AppError } from '../../shared/errors';
import type { ApiClient } from '../api/types';
import { AtomicTarget, partialPathFor } from '../tabular/atomic-target';
import type { FileSinkOptions } from '../tabular/file-sink';
import { fileError } from '../tabular/io-error';
import type { ExportJournal } from '../tabular/journal';
import { Spool } from '../tabular/spool';
import { listPages } from '../lists/export-list';
import { rewritePathFor } from './csv-all-fields';
import { cancelled, walkPages, type PageRetryPolicy, type WalkedPage, type WalkStop } from './page-walker';
import type { ExportProgress, ExportSpec } from './types';
import { writeExportFile } from './write-export';

export interface RunDeps {
  api?: ApiClient;
  signal: AbortSignal;
  onProgress(p: ExportProgress): void;
  journal: ExportJournal;
  retry?: PageRetryPolicy;
  /** Told when an all-pages walk ends early (row limit, empty page, repeated token). */
  onStop?(stop: WalkStop): void;
  sink?: FileSinkOptions;
}

export async function runExport(spec: ExportSpec, deps: RunDeps): Promise<{ rows: number; pages: number }> {
  const temporaries = [rewritePathFor(partialPathFor(spec.target)), Spool.pathFor(spec.spoolDir, spec.id)];
  const target = await AtomicTarget.open(spec.target, deps.journal, spec.id, temporaries);
  try {
    if (deps.signal.aborted) throw cancelled();
    const source = spec.source;
    let pages: AsyncIterable<WalkedPage>;
    if (source.kind === 'rows') {
      pages = (async function* (): AsyncGenerator<WalkedPage> {
        yield { number: 1, records: source.rows as WalkedPage['records'], count: source.rows.length };
      })();
    } else if (source.kind === 'list') {
      pages = listPages(source.store, source.listId, source.ids);
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
    return await writeExportFile(spec, pages, target, { signal: deps.signal, onProgress: deps.onProgress, sink: deps.sink });
  } catch (e) {
    await target.discard();
    throw fileError(e);
  }
}
