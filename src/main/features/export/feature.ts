// Export feature: runs exports in main (they survive navigation), several at once, each with its
// own progress row, cancellable, never leaving a half-written file behind. Sources: the page on
// screen, every page of a search, a list's view (the list view's Export CSV / Excel) or a snapshot
// view. It keeps the Exports history: its own jobs and the files other features record (bulk match,
// ESG workbook, through the ExportRecords port), with Export again and Remove from list.
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { AppError, toBridgeError } from '../../../shared/errors';
import { DEFAULT_EXPORT_ROW_LIMIT, ExportStartSchema, type ExportJob, type ExportStartInput } from '../../../shared/bridge/groups/export';
import type { BridgeHandlers } from '../../../shared/bridge/table';
import type { FeatureDeps, FeatureModule } from '../../platform/ports/feature-deps';
import type { ExportRecords, ExportRepeater, RecordedExport, ViewRowReader } from '../../platform/ports/export-records';
import type { ListsAccess } from '../lists/list-store';
import { suggestedFileName } from '../../platform/tabular/file-names';
import type { FileSinkOptions } from '../../platform/tabular/file-sink';
import { ExportJournal } from '../../platform/tabular/journal';
import { sidecarPathFor } from '../../platform/tabular/sidecar';
import { ExportHistory } from './history';
import { CsvPreferenceStore } from './csv-preference-store';
import { localeSeparators } from '../../../shared/export/csv-presets';
import { systemLocale } from '../../platform/tabular/system-locale';
import { applyProgress, throttle } from './progress';
import { runExport } from './run-export';
import type { PageRetryPolicy, WalkStop } from '../../platform/paging/page-walker';
import { parseBody, sourceOf, stopNote } from './export-sources';
import { planExport } from './export-plan';
import type { ExportSourceSpec, ExportSpec } from './types';

type Handlers = BridgeHandlers['export'];
type StartInput = ExportStartInput;

interface RunningJob {
  job: ExportJob;
  path: string;
  controller: AbortController;
  done: Promise<void>;
  /** What Export again repeats: this feature's start input, or the recording feature's settings. */
  again?: unknown;
}

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

const KEEP_FINISHED = 50;

export function createExportFeature(deps: FeatureDeps, options: ExportFeatureOptions = {}): FeatureModule<'export'> & { records: ExportRecords } {
  const jobs = new Map<string, RunningJob>();
  const journal = new ExportJournal(join(deps.dataDir, 'exports-in-flight'));
  const spoolDir = join(deps.dataDir, 'export-spool');
  const history = new ExportHistory(join(deps.dataDir, 'export-history.json'), KEEP_FINISHED);
  const saveHistory = () =>
    history
      .save([...jobs.values()].filter((j) => j.job.state !== 'running').map((j) => ({ job: j.job, path: j.path, again: j.again })))
      .catch(() => undefined); // the export itself succeeded; a lost history line is not worth failing it
  const repeaters = new Map<RecordedExport['origin'], ExportRepeater>();
  const viewReaders = new Map<'match', ViewRowReader>();
  const fileSize = (path: string) => stat(path).then((s) => s.size, () => undefined);
  /** The finished file's size and its About sidecar (CSV, JSON, NDJSON), for the Exports row. */
  async function describeFile(job: ExportJob, path: string): Promise<void> {
    const bytes = await fileSize(path);
    if (bytes !== undefined) job.bytes = bytes;
    if (existsSync(sidecarPathFor(path))) job.aboutFile = basename(sidecarPathFor(path));
  }
  const snapshot = (job: ExportJob): ExportJob => ({ ...job, ...(job.error ? { error: { ...job.error } } : {}) });
  const emit = (job: ExportJob) => deps.emit('export', 'progress', snapshot(job));
  const csvPreferences = new CsvPreferenceStore(deps.settings, deps.now);
  const locale = options.locale ?? systemLocale;

  function forgetOldJobs() {
    const finished = [...jobs.values()].filter((j) => j.job.state !== 'running');
    for (const j of finished.slice(0, Math.max(0, finished.length - KEEP_FINISHED))) jobs.delete(j.job.id);
  }

  /** The link of a finished file, if the shell offers downloads (browser mode). */
  function attachDownload(job: ExportJob, path: string): void {
    try {
      // The file is complete either way; a missing download link must not turn it into a failure.
      const url = deps.shell.downloadUrlFor?.(path);
      if (url) job.downloadUrl = url;
    } catch {
      /* browser host refused the path: the row simply offers no link */
    }
  }

  /** Exports of earlier runs, listed again; a finished file deleted since is no longer offered. */
  async function restoreHistory(): Promise<void> {
    for (const { job, path, again } of await history.load()) {
      if (jobs.has(job.id) || (job.state === 'done' && !existsSync(path))) continue;
      if (job.state === 'done') attachDownload(job, path);
      jobs.set(job.id, { job, path, controller: new AbortController(), done: Promise.resolve(), again });
    }
  }

  /** A file another feature wrote, listed like a finished export of this one. */
  async function record(entry: RecordedExport): Promise<void> {
    const job: ExportJob = {
      id: randomUUID(),
      origin: entry.origin,
      source: entry.source,
      format: entry.format,
      fileName: basename(entry.path),
      state: 'done',
      rows: entry.rows,
      pages: 0,
      startedAt: entry.startedAt,
      finishedAt: entry.finishedAt,
      ...(entry.neutralised !== undefined ? { neutralised: entry.neutralised } : {}),
    };
    await describeFile(job, entry.path);
    attachDownload(job, entry.path);
    jobs.set(job.id, { job, path: entry.path, controller: new AbortController(), done: Promise.resolve(), again: entry.again });
    forgetOldJobs();
    await saveHistory();
    emit(job);
  }

  const records: ExportRecords = {
    record: (entry) => record(entry).catch(() => undefined), // the file is written; a lost history line must not fail it
    repeatWith(origin, repeater) {
      repeaters.set(origin, repeater);
    },
    readViewWith(kind, reader) {
      viewReaders.set(kind, reader);
    },
  };

  function launch(job: ExportJob, spec: ExportSpec, source: ExportSourceSpec, controller: AbortController): Promise<void> {
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
            if (shouldEmit(phaseChanged)) emit(job);
          },
        });
        job.rows = result.rows;
        job.pages = result.pages;
        if (spec.format === 'csv') job.neutralised = result.neutralised;
        await describeFile(job, spec.target);
        job.state = 'done';
        job.etaMs = 0;
        if (stop) job.note = stopNote(stop, result.rows, count, rowLimit ?? DEFAULT_EXPORT_ROW_LIMIT);
        attachDownload(job, spec.target);
      } catch (e) {
        const error = toBridgeError(e);
        job.state = controller.signal.aborted || error.code === 'cancelled' ? 'cancelled' : 'failed';
        if (job.state === 'failed') job.error = error;
      } finally {
        job.finishedAt = deps.now();
        // On disk before anyone hears "done", so a restart right after still lists it.
        await saveHistory();
        emit(job);
        if (source.kind === 'all' && job.state !== 'cancelled') {
          deps.shell.notify(
            job.state === 'done' ? 'Export finished' : 'Export failed',
            job.state === 'done' ? `${job.fileName}: ${job.rows} rows` : `${job.fileName}: ${job.error?.message ?? ''}`,
          );
        }
        forgetOldJobs();
      }
    })();
  }

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
    emit(job);
    running.done = launch(job, spec, source, controller);
    return snapshot(job);
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
      return [...jobs.values()].map((j) => ({ ...snapshot(j.job), canRepeat: canRepeat(j) })).sort((a, b) => b.startedAt - a.startedAt);
    },

    async again({ id }) {
      const entry = jobs.get(id);
      if (!entry || entry.again === undefined) throw new AppError('not_found', 'That export cannot be written again (it is no longer listed).');
      const origin = entry.job.origin;
      if (origin === 'match' || origin === 'esg' || origin === 'watches') {
        const repeat = repeaters.get(origin);
        if (!repeat) throw new AppError('not_found', 'That kind of export cannot be written again in this build.');
        return repeat(entry.again);
      }
      const input = ExportStartSchema.safeParse(entry.again);
      if (!input.success) throw new AppError('not_found', 'That export cannot be written again (its settings were not kept).');
      const job = await startExport(input.data);
      return job ? { fileName: job.fileName } : null;
    },

    async forget({ id }) {
      const entry = jobs.get(id);
      if (!entry) return;
      if (entry.job.state === 'running') throw new AppError('invalid_input', 'Cancel the export before removing it from the list.');
      // Only the line in the history goes; the file stays where it was written.
      jobs.delete(id);
      await saveHistory();
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

  /** Export again needs the settings kept and, for another feature's file, that feature's repeater. */
  function canRepeat(entry: RunningJob): boolean {
    if (entry.again === undefined || entry.job.state === 'running') return false;
    const origin = entry.job.origin;
    return origin === 'match' || origin === 'esg' || origin === 'watches' ? repeaters.has(origin) : true;
  }

  return {
    handlers,
    records,
    async start() {
      await journal.sweep();
      await restoreHistory();
    },
    async dispose() {
      const all = [...jobs.values()];
      for (const j of all) j.controller.abort();
      await Promise.all(all.map((j) => j.done));
    },
  };
}
