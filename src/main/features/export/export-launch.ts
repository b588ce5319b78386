// One export job run to its end in the background: the rows read and written (run-export.ts), its
// Exports row kept up to date (throttled progress events), then done, failed or cancelled, saved to
// the history before anyone hears of it, and a notification for an all-pages export. Part of the
// export feature (feature.ts).
import { DEFAULT_EXPORT_ROW_LIMIT, type ExportJob } from '../../../shared/bridge/groups/export';
import { toBridgeError } from '../../../shared/errors';
import type { PageRetryPolicy, WalkStop } from '../../platform/paging/page-walker';
import type { FeatureDeps } from '../../platform/ports/feature-deps';
import type { FileSinkOptions } from '../../platform/tabular/file-sink';
import type { ExportJournal } from '../../platform/tabular/journal';
import type { ExportJobs } from './export-jobs';
import { stopNote } from './export-sources';
import { applyProgress, throttle } from './progress';
import { runExport } from './run-export';
import type { ExportSourceSpec, ExportSpec } from './types';

export interface LaunchDeps {
  deps: Pick<FeatureDeps, 'api' | 'now' | 'shell'>;
  /** The feature's options (ExportFeatureOptions) that tests use to shorten or constrain a run. */
  options: { retry?: PageRetryPolicy; progressIntervalMs?: number; sink?: FileSinkOptions };
  journal: ExportJournal;
  list: Pick<ExportJobs, 'emit' | 'describeFile' | 'attachDownload' | 'saveHistory' | 'forgetOldJobs'>;
}

/** Runs the job; the promise settles once it is finished and listed as such (it never rejects). */
export function launchExport({ deps, options, journal, list }: LaunchDeps, job: ExportJob, spec: ExportSpec, source: ExportSourceSpec, controller: AbortController): Promise<void> {
  const pageSize = source.kind === 'all' ? source.pageSize : undefined;
  const rowLimit = source.kind === 'all' ? source.rowLimit : undefined;
  let stop: WalkStop | null = null;
  let count: number | undefined;
  const shouldEmit = throttle(options.progressIntervalMs ?? 200, deps.now);
  return (async () => {
    try {
      const api = source.kind === 'all' ? await deps.api() : undefined;
      const result = await runExport(spec, {
        api,
        signal: controller.signal,
        retry: options.retry,
        journal,
        sink: options.sink,
        onStop: (s) => {
          stop = s;
        },
        onProgress: (p) => {
          if (p.count !== undefined) count = p.count;
          const phaseChanged = job.phase !== p.phase;
          applyProgress(job, p, deps.now(), rowLimit, pageSize);
          if (shouldEmit(phaseChanged)) list.emit(job);
        },
      });
      job.rows = result.rows;
      job.pages = result.pages;
      if (spec.format === 'csv') job.neutralised = result.neutralised;
      await list.describeFile(job, spec.target);
      job.state = 'done';
      job.etaMs = 0;
      if (stop) job.note = stopNote(stop, result.rows, count, rowLimit ?? DEFAULT_EXPORT_ROW_LIMIT);
      list.attachDownload(job, spec.target);
    } catch (e) {
      const error = toBridgeError(e);
      job.state = controller.signal.aborted || error.code === 'cancelled' ? 'cancelled' : 'failed';
      if (job.state === 'failed') job.error = error;
    } finally {
      job.finishedAt = deps.now();
      // On disk before anyone hears "done", so a restart right after still lists it.
      await list.saveHistory();
      list.emit(job);
      if (source.kind === 'all' && job.state !== 'cancelled') {
        deps.shell.notify(
          job.state === 'done' ? 'Export finished' : 'Export failed',
          job.state === 'done' ? `${job.fileName}: ${job.rows} rows` : `${job.fileName}: ${job.error?.message ?? ''}`,
        );
      }
      list.forgetOldJobs();
    }
  })();
}
