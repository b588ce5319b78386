// ESG export feature, main side (bridge group `esgExport`): the stored ESG results of one company
// or of a list, written in main through the one tabular writer, with progress events and cancel.
import { randomUUID } from 'node:crypto';
import { basename, join } from 'node:path';
import { esgExportGroup, type EsgExportJob } from '../../../shared/bridge/groups/esg-export';
import { AppError, toBridgeError } from '../../../shared/errors';
import type { EsgModule } from '../../../shared/service/schemas';
import { EsgRunStore } from '../esg-runs/store';
import { suggestedFileName } from '../../platform/tabular/file-names';
import type { ListsAccess } from '../lists/list-store';
import type { FeatureDeps, FeatureModule } from '../../platform/ports/feature-deps';
import type { ExportRecords } from '../../platform/ports/export-records';
import { AtomicTarget } from '../../platform/tabular/atomic-target';
import type { FileSinkOptions } from '../../platform/tabular/file-sink';
import { fileError } from '../../platform/tabular/io-error';
import { ExportJournal } from '../../platform/tabular/journal';
import { writeEsgExport, type AnalyticsSheet, type EsgResultsSource } from './write-esg-export';
import { exportSource } from './export-source';

export interface EsgExportOptions {
  lists?: { activeStore(): ListsAccess };
  progressIntervalMs?: number;
  sink?: FileSinkOptions;
  /** The Exports history: each finished file is recorded there, and can be written again from it. */
  exports?: ExportRecords;
  /** The numbers behind a list's Analytics charts (the workbook's Analytics sheet), wired by the composition root. */
  analyticsSheet?(listId: number): AnalyticsSheet;
}

const KEEP_FINISHED = 20;

export function createEsgExportFeature(deps: FeatureDeps, opts: EsgExportOptions = {}): FeatureModule<'esgExport'> {
  const journal = new ExportJournal(join(deps.dataDir, 'exports-in-flight'));
  const jobs = new Map<string, { job: EsgExportJob; path: string; controller: AbortController; done: Promise<void> }>();
  const emit = (job: EsgExportJob) => deps.emit('esgExport', 'progress', { ...job });

  const storeSource = (): EsgResultsSource => {
    const store = new EsgRunStore(deps.workspace.active());
    return {
      latest: (id: string, m: EsgModule) => store.history(id, m, 1)[0] ?? null,
      summaries: (ids) => store.summaries(ids),
    };
  };

  const forgetOld = () => {
    const finished = [...jobs.values()].filter((j) => j.job.state !== 'running');
    for (const j of finished.slice(0, Math.max(0, finished.length - KEEP_FINISHED))) jobs.delete(j.job.id);
  };

  const handlers: FeatureModule<'esgExport'>['handlers'] = {
    async start(input) {
      const profile = deps.activeProfile();
      if (!profile) throw new AppError('not_configured', 'Choose a connection profile first.');
      const store = storeSource(); // says workspace_unavailable with the reason before any dialog
      const { companies, title } = exportSource(input.source, store, opts.lists);
      const stem = `esg-${input.format === 'xlsx' ? '' : `${input.module}-`}${title.replace(/^List |^Company /, '').replace(/[“”]/g, '')}`;
      const at = new Date(deps.now());
      const path = await deps.shell.chooseExportPath(suggestedFileName(input.format, stem, at));
      if (path === null) return null;

      const controller = new AbortController();
      const job: EsgExportJob = {
        id: randomUUID(),
        format: input.format,
        ...(input.format !== 'xlsx' ? { module: input.module } : {}),
        title,
        fileName: basename(path),
        state: 'running',
        rows: 0,
        totalRows: 0,
        startedAt: deps.now(),
      };
      let last = 0;
      const run = async () => {
        try {
          const target = await AtomicTarget.open(path, journal, `esg-${job.id}`);
          const out = await writeEsgExport(target, {
            store,
            format: input.format,
            module: input.module,
            companies,
            csv: input.csv,
            sink: opts.sink,
            about: { source: title, profile: profile.name, at },
            analytics: input.source.kind === 'list' && input.format === 'xlsx' ? opts.analyticsSheet?.(input.source.listId) : undefined,
            signal: controller.signal,
            onProgress(rows, total) {
              job.rows = rows;
              job.totalRows = total;
              const t = deps.now();
              if (t - last >= (opts.progressIntervalMs ?? 100)) {
                last = t;
                emit(job);
              }
            },
          });
          job.rows = out.rows;
          job.counts = out.counts;
          job.state = 'done';
          await opts.exports?.record({
            origin: 'esg',
            source: `ESG of ${title.replace(/^List /, 'list ').replace(/^Company /, 'company ')}${input.format === 'xlsx' ? '' : ` (${input.module})`}`,
            format: input.format,
            path,
            rows: out.rows,
            startedAt: job.startedAt,
            finishedAt: deps.now(),
            again: input,
          });
          try {
            const url = deps.shell.downloadUrlFor?.(path);
            if (url) job.downloadUrl = url;
          } catch {
            // the file is written; a missing link only means no download button
          }
        } catch (e) {
          const err = toBridgeError(fileError(e));
          job.state = controller.signal.aborted || err.code === 'cancelled' ? 'cancelled' : 'failed';
          if (job.state === 'failed') job.error = err;
        } finally {
          job.finishedAt = deps.now();
          emit(job);
          forgetOld();
        }
      };
      const entry = { job, path, controller, done: Promise.resolve() };
      jobs.set(job.id, entry);
      emit(job);
      entry.done = run();
      return { ...job };
    },
    async cancel({ id }) {
      jobs.get(id)?.controller.abort();
    },
    async reveal({ id }) {
      const j = jobs.get(id);
      if (!j || j.job.state !== 'done') throw new AppError('not_found', 'That exported file is no longer listed (the app was restarted).');
      await deps.shell.revealFile(j.path);
    },
  };

  // Export again (Exports screen): the same company or list, format, module and CSV choice, to a new file.
  opts.exports?.repeatWith('esg', async (again) => {
    const job = await handlers.start(esgExportGroup.fns.start.input.parse(again), { signal: new AbortController().signal });
    return job ? { fileName: job.fileName } : null;
  });

  return {
    handlers,
    async dispose() {
      for (const j of jobs.values()) j.controller.abort();
      await Promise.allSettled([...jobs.values()].map((j) => j.done));
    },
  };
}
