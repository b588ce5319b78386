// Export feature: runs exports in main (they survive navigation), several at once, each with its
// own progress row, cancellable, never leaving a half-written file behind. Sources: the page on
// screen, every page of a search, a list's view (the list view's Export CSV / Excel) or a snapshot
// view. It keeps the Exports history: its own jobs and the files other features record (bulk match,
// ESG workbook, through the ExportRecords port), with Export again and Remove from list.
import { randomUUID } from 'node:crypto';
import { basename, join } from 'node:path';
import { AppError } from '../../../shared/errors';
import type { ExportJob, ExportStartInput } from '../../../shared/bridge/groups/export';
import type { BridgeHandlers } from '../../../shared/bridge/table';
import type { FeatureDeps, FeatureModule } from '../../platform/ports/feature-deps';
import type { ExportRecords } from '../../platform/ports/export-records';
import type { ListsAccess } from '../lists/list-store';
import { suggestedFileName } from '../../platform/tabular/file-names';
import type { FileSinkOptions } from '../../platform/tabular/file-sink';
import { ExportJournal } from '../../platform/tabular/journal';
import { CsvPreferenceStore } from './csv-preference-store';
import { localeSeparators } from '../../../shared/export/csv-presets';
import { systemLocale } from '../../platform/tabular/system-locale';
import type { PageRetryPolicy } from '../../platform/paging/page-walker';
import { parseBody, sourceOf } from './export-sources';
import { planExport } from './export-plan';
import { createExportAgain } from './export-again';
import { createExportJobs, jobSnapshot, type RunningJob } from './export-jobs';
import { launchExport } from './export-launch';

type Handlers = BridgeHandlers['export'];
type StartInput = ExportStartInput;

export interface ExportFeatureOptions {
  /** Tests shorten the page-retry backoff. */
  retry?: PageRetryPolicy;
  progressIntervalMs?: number;
  /** Tests simulate a nearly full disk. */
  sink?: FileSinkOptions;
  /** The active profile's lists, for list exports (source kind `list`). */
  lists?: { activeStore(): ListsAccess };
  /** The locale "Excel on this computer" follows (tests inject one); default: the one main runs in. */
  locale?: () => string;
}

export function createExportFeature(deps: FeatureDeps, options: ExportFeatureOptions = {}): FeatureModule<'export'> & { records: ExportRecords } {
  const journal = new ExportJournal(join(deps.dataDir, 'exports-in-flight'));
  const spoolDir = join(deps.dataDir, 'export-spool');
  // The listed exports and their history file (export-jobs.ts).
  const listed = createExportJobs(deps, join(deps.dataDir, 'export-history.json'));
  const jobs = listed.jobs;
  // Export again, and what other features register for it (export-again.ts).
  const repeats = createExportAgain();
  const viewReaders = repeats.viewReaders;
  const csvPreferences = new CsvPreferenceStore(deps.settings, deps.now);
  const locale = options.locale ?? systemLocale;

  const records: ExportRecords = {
    record: (entry) => listed.record(entry).catch(() => undefined), // the file is written; a lost history line must not fail it
    repeatWith: repeats.repeatWith,
    readViewWith: repeats.readViewWith,
  };

  async function startExport(input: StartInput): Promise<ExportJob | null> {
    const of = sourceOf(input.source, { deps, lists: options.lists, viewReaders });
    const { source, list } = of;
    // Fail before the save dialog when there is no connection to export from.
    if (source.kind === 'all') await deps.api();
    const stem = list ? list.info.name : source.kind === 'view' ? source.rows.stem : input.suggestedName;
    const target = await deps.shell.chooseExportPath(suggestedFileName(input.format, stem, new Date(deps.now())));
    if (!target) return null;
    for (const other of jobs.values()) {
      if (other.job.state === 'running' && other.path === target) {
        throw new AppError('invalid_input', `An export to ${basename(target)} is already running.`);
      }
    }
    const id = randomUUID();
    const { job, spec } = planExport({ id, input, of, target, spoolDir, now: deps.now, profile: deps.activeProfile()?.name ?? null });
    const controller = new AbortController();
    const running: RunningJob = { job, path: target, controller, done: Promise.resolve(), again: input };
    jobs.set(id, running);
    listed.emit(job);
    running.done = launchExport({ deps, options, journal, list: listed }, job, spec, source, controller);
    return jobSnapshot(job);
  }

  const handlers: Handlers = {
    async estimate({ body, pageSize }) {
      const api = await deps.api();
      // page_size 1: the count is the same and the answer is as small as it gets.
      const page = await api.search({ body: parseBody(body), pageSize: 1 });
      return { count: page.count, pages: Math.ceil(page.count / pageSize) };
    },

    start: (input) => startExport(input),

    async cancel({ id }) {
      const running = jobs.get(id);
      if (!running) throw new AppError('not_found', 'That export is no longer listed.');
      if (running.job.state !== 'running') return;
      running.controller.abort();
      // Resolve only once the partial file is gone, so the UI can trust "cancelled".
      await running.done;
    },

    async list() {
      return [...jobs.values()].map((j) => ({ ...jobSnapshot(j.job), canRepeat: repeats.canRepeat(j) })).sort((a, b) => b.startedAt - a.startedAt);
    },

    async again({ id }) {
      return repeats.again(jobs.get(id), startExport);
    },

    async forget({ id }) {
      const entry = jobs.get(id);
      if (!entry) return;
      if (entry.job.state === 'running') throw new AppError('invalid_input', 'Cancel the export before removing it from the list.');
      // Only the line in the history goes; the file stays where it was written.
      jobs.delete(id);
      await listed.saveHistory();
    },

    async reveal({ id }) {
      const running = jobs.get(id);
      if (!running || running.job.state !== 'done') throw new AppError('not_found', 'That export has no finished file to show.');
      await deps.shell.revealFile(running.path);
    },

    async csvPreference() {
      return { separators: localeSeparators(locale()), preference: csvPreferences.load(deps.activeProfile()?.id ?? null) };
    },

    async rememberCsvPreference(preference) {
      csvPreferences.save(deps.activeProfile()?.id ?? null, preference);
    },
  };

  return {
    handlers,
    records,
    async start() {
      await journal.sweep();
      await listed.restoreHistory();
    },
    async dispose() {
      const all = [...jobs.values()];
      for (const j of all) j.controller.abort();
      await Promise.all(all.map((j) => j.done));
    },
  };
}
