// The Exports list: every export of this run (running or finished) and of earlier runs, by id, with
// the history file that keeps the finished ones across a restart, the progress event each change
// is told by, and the files other features wrote and recorded here (ExportRecords.record). Part of
// the export feature (feature.ts), which starts the jobs (export-launch.ts).
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import type { ExportJob } from '../../../shared/bridge/groups/export';
import type { RecordedExport } from '../../platform/ports/export-records';
import type { FeatureDeps } from '../../platform/ports/feature-deps';
import { sidecarPathFor } from '../../platform/tabular/sidecar';
import { ExportHistory } from './history';

export interface RunningJob {
  job: ExportJob;
  path: string;
  controller: AbortController;
  done: Promise<void>;
  /** What Export again repeats: this feature's start input, or the recording feature's settings. */
  again?: unknown;
}

/** Finished exports kept in the list and its history file; older ones drop off. */
export const KEEP_FINISHED = 50;

/** A copy of the row as it is now: the job goes on changing after it is sent. */
export const jobSnapshot = (job: ExportJob): ExportJob => ({ ...job, ...(job.error ? { error: { ...job.error } } : {}) });

export interface ExportJobs {
  /** The listed exports by id (insertion order: oldest first). */
  readonly jobs: Map<string, RunningJob>;
  /** The finished rows to the history file; a failed write is swallowed (the export itself succeeded). */
  saveHistory(): Promise<void>;
  /** Exports of earlier runs, listed again; a finished file deleted since is no longer offered. */
  restoreHistory(): Promise<void>;
  /** Only the newest KEEP_FINISHED finished exports stay listed. */
  forgetOldJobs(): void;
  /** The row's progress event. */
  emit(job: ExportJob): void;
  /** The link of a finished file, if the shell offers downloads (browser mode). */
  attachDownload(job: ExportJob, path: string): void;
  /** The finished file's size and its About sidecar (CSV, JSON, NDJSON), for the Exports row. */
  describeFile(job: ExportJob, path: string): Promise<void>;
  /** A file another feature wrote, listed like a finished export of this one. */
  record(entry: RecordedExport): Promise<void>;
}

export function createExportJobs(deps: Pick<FeatureDeps, 'emit' | 'shell'>, historyFile: string): ExportJobs {
  const jobs = new Map<string, RunningJob>();
  const history = new ExportHistory(historyFile, KEEP_FINISHED);
  const fileSize = (path: string) => stat(path).then((s) => s.size, () => undefined);

  const list: ExportJobs = {
    jobs,
    saveHistory: () =>
      history
        .save([...jobs.values()].filter((j) => j.job.state !== 'running').map((j) => ({ job: j.job, path: j.path, again: j.again })))
        .catch(() => undefined), // the export itself succeeded; a lost history line is not worth failing it

    async restoreHistory() {
      for (const { job, path, again } of await history.load()) {
        if (jobs.has(job.id) || (job.state === 'done' && !existsSync(path))) continue;
        if (job.state === 'done') list.attachDownload(job, path);
        jobs.set(job.id, { job, path, controller: new AbortController(), done: Promise.resolve(), again });
      }
    },

    forgetOldJobs() {
      const finished = [...jobs.values()].filter((j) => j.job.state !== 'running');
      for (const j of finished.slice(0, Math.max(0, finished.length - KEEP_FINISHED))) jobs.delete(j.job.id);
    },

    emit: (job) => deps.emit('export', 'progress', jobSnapshot(job)),

    attachDownload(job, path) {
      try {
        // The file is complete either way; a missing download link must not turn it into a failure.
        const url = deps.shell.downloadUrlFor?.(path);
        if (url) job.downloadUrl = url;
        // The About of a CSV or JSON file is a file of its own: downloadable too, not "beside" a download.
        const about = sidecarPathFor(path);
        const aboutUrl = url && existsSync(about) ? deps.shell.downloadUrlFor?.(about) : undefined;
        if (aboutUrl) job.aboutDownloadUrl = aboutUrl;
      } catch {
        /* browser host refused the path: the row simply offers no link */
      }
    },

    async describeFile(job, path) {
      const bytes = await fileSize(path);
      if (bytes !== undefined) job.bytes = bytes;
      if (existsSync(sidecarPathFor(path))) job.aboutFile = basename(sidecarPathFor(path));
    },

    async record(entry) {
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
      await list.describeFile(job, entry.path);
      list.attachDownload(job, entry.path);
      jobs.set(job.id, { job, path: entry.path, controller: new AbortController(), done: Promise.resolve(), again: entry.again });
      list.forgetOldJobs();
      await list.saveHistory();
      list.emit(job);
    },
  };
  return list;
}
