// Export feature: runs exports in main (they survive navigation), several at once, each with its
// own progress row, cancellable, never leaving a half-written file behind. Sources: the page on
// screen, every page of a search, or a list's view (the list view's Export CSV / Excel).
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import { AppError, toBridgeError } from '../../shared/errors';
import { SearchBodySchema, type SearchBody } from '../../shared/service/schemas';
import { DEFAULT_EXPORT_ROW_LIMIT, type ExportJob } from '../../shared/bridge/groups/export';
import { queryText } from '../../shared/export/file-name';
import type { BridgeHandlers } from '../../shared/bridge/table';
import type { ListInfo } from '../../shared/lists/lists';
import type { FeatureDeps, FeatureModule } from '../ports/feature-deps';
import type { ListsAccess } from '../lists/list-store';
import { LIST_EXPORT_HEADERS } from '../lists/export-list';
import { suggestedFileName } from './file-names';
import type { FileSinkOptions } from '../tabular/file-sink';
import { ExportJournal } from '../tabular/journal';
import { ExportHistory } from './history';
import { applyProgress, throttle } from './progress';
import { runExport } from './run-export';
import type { PageRetryPolicy, WalkStop } from './page-walker';
import type { ExportSourceSpec, ExportSpec } from './types';

type Handlers = BridgeHandlers['export'];
type StartInput = Parameters<Handlers['start']>[0];

interface RunningJob {
  job: ExportJob;
  path: string;
  controller: AbortController;
  done: Promise<void>;
}

export interface ExportFeatureOptions {
  /** Tests shorten the page-retry backoff. */
  retry?: PageRetryPolicy;
  progressIntervalMs?: number;
  /** Tests simulate a nearly full disk. */
  sink?: FileSinkOptions;
  /** The active profile's lists, for list exports (source kind `list`). */
  lists?: { activeStore(): ListsAccess };
}

const KEEP_FINISHED = 50;

const n = (v: number) => v.toLocaleString('en-US');

function stopNote(stop: WalkStop, rows: number, count: number | undefined, limit: number): string {
  switch (stop.reason) {
    case 'row_limit':
      return `Stopped at the row limit of ${n(limit)} rows${count !== undefined ? ` (the search has ${n(count)})` : ''}. Raise the limit in the export dialog to get more.`;
    case 'empty_page':
      return `Stopped after page ${n(stop.page)}: the service sent a page with no rows although it announced more. The file holds the ${n(rows)} rows received.`;
    case 'repeated_token':
      return `Stopped after page ${n(stop.page)}: the service sent a page token it had already sent, which would repeat pages forever. The file holds the ${n(rows)} rows received.`;
  }
}

function parseBody(body: unknown): SearchBody {
  const parsed = SearchBodySchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AppError('invalid_input', `The search cannot be exported: ${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}`);
  }
  return parsed.data;
}

export function createExportFeature(deps: FeatureDeps, options: ExportFeatureOptions = {}): FeatureModule<'export'> {
  const jobs = new Map<string, RunningJob>();
  const journal = new ExportJournal(join(deps.dataDir, 'exports-in-flight'));
  const spoolDir = join(deps.dataDir, 'export-spool');
  const history = new ExportHistory(join(deps.dataDir, 'export-history.json'), KEEP_FINISHED);
  const saveHistory = () =>
    history
      .save([...jobs.values()].filter((j) => j.job.state !== 'running').map((j) => ({ job: j.job, path: j.path })))
      .catch(() => undefined); // the export itself succeeded; a lost history line is not worth failing it
  const snapshot = (job: ExportJob): ExportJob => ({ ...job, ...(job.error ? { error: { ...job.error } } : {}) });
  const emit = (job: ExportJob) => deps.emit('export', 'progress', snapshot(job));

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
    for (const { job, path } of await history.load()) {
      if (jobs.has(job.id) || (job.state === 'done' && !existsSync(path))) continue;
      if (job.state === 'done') attachDownload(job, path);
      jobs.set(job.id, { job, path, controller: new AbortController(), done: Promise.resolve() });
    }
  }

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

  /** What the export reads; for a list, its view's ids in order now, so the total is known from the start. */
  function sourceOf(input: StartInput['source']): { source: ExportSourceSpec; list?: { info: ListInfo; filter: string | null } } {
    if (input.kind === 'rows') return { source: { kind: 'rows', rows: input.rows } };
    if (input.kind === 'all') {
      return { source: { kind: 'all', body: parseBody(input.body), pageSize: input.pageSize, rowLimit: input.rowLimit ?? DEFAULT_EXPORT_ROW_LIMIT } };
    }
    if (!options.lists) throw new AppError('workspace_unavailable', 'Lists are not available in this build.');
    const store = options.lists.activeStore();
    const info = store.get(input.listId);
    if (!info) throw new AppError('not_found', 'This list no longer exists (it was deleted).');
    return {
      source: { kind: 'list', listId: info.id, ids: store.viewIds(info.id, input.view), store },
      list: { info, filter: input.view.text?.trim() || null },
    };
  }

  const handlers: Handlers = {
    async estimate({ body, pageSize }) {
      const api = await deps.api();
      // page_size 1: the count is the same and the answer is as small as it gets.
      const page = await api.search({ body: parseBody(body), pageSize: 1 });
      return { count: page.count, pages: Math.ceil(page.count / pageSize) };
    },

    async start(input: StartInput) {
      const { source, list } = sourceOf(input.source);
      // Fail before the save dialog when there is no connection to export from.
      if (source.kind === 'all') await deps.api();
      const stem = list ? list.info.name : input.suggestedName;
      const target = await deps.shell.chooseExportPath(suggestedFileName(input.format, stem, new Date(deps.now())));
      if (!target) return null;
      for (const other of jobs.values()) {
        if (other.job.state === 'running' && other.path === target) {
          throw new AppError('invalid_input', `An export to ${basename(target)} is already running.`);
        }
      }
      const id = randomUUID();
      const job: ExportJob = {
        id,
        format: input.format,
        fileName: basename(target),
        state: 'running',
        phase: 'fetching',
        rows: 0,
        pages: 0,
        ...(source.kind === 'rows' ? { totalRows: source.rows.length, totalPages: 1 } : {}),
        ...(source.kind === 'list' ? { totalRows: source.ids.length, list: { id: source.listId, name: list!.info.name } } : {}),
        startedAt: deps.now(),
      };
      const spec: ExportSpec = {
        id,
        source,
        format: input.format,
        columns: source.kind === 'list' ? LIST_EXPORT_HEADERS : input.columns,
        csv: { delimiter: input.csv?.delimiter ?? ',', bom: input.csv?.bom ?? false, formulaPrefix: input.csv?.formulaPrefix ?? true },
        target,
        spoolDir,
        about: {
          query: source.kind === 'all' ? queryText(source.body) : 'the page on screen',
          ...(list ? { list: { name: list.info.name, filter: list.filter } } : {}),
          // The profile's name only: never its URLs' credentials or its secret.
          profile: deps.activeProfile()?.name ?? null,
          startedAt: new Date(deps.now()),
        },
      };
      const controller = new AbortController();
      const running: RunningJob = { job, path: target, controller, done: Promise.resolve() };
      jobs.set(id, running);
      emit(job);
      running.done = launch(job, spec, source, controller);
      return snapshot(job);
    },

    async cancel({ id }) {
      const running = jobs.get(id);
      if (!running) throw new AppError('not_found', 'That export is no longer listed.');
      if (running.job.state !== 'running') return;
      running.controller.abort();
      // Resolve only once the partial file is gone, so the UI can trust "cancelled".
      await running.done;
    },

    async list() {
      return [...jobs.values()].map((j) => snapshot(j.job)).sort((a, b) => b.startedAt - a.startedAt);
    },

    async reveal({ id }) {
      const running = jobs.get(id);
      if (!running || running.job.state !== 'done') throw new AppError('not_found', 'That export has no finished file to show.');
      await deps.shell.revealFile(running.path);
    },
  };

  return {
    handlers,
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
