// The bulk match jobs the feature knows, kept in each profile's workspace database: a profile's
// jobs come back (rows, results, decisions) the first time it is used, and a job the app stopped
// while it ran goes on where it was. Without the database (the native module did not load) jobs
// live in memory for the session, as before, the oldest finished one dropped past MAX_MEMORY_JOBS.
import { existsSync } from 'node:fs';
import { copyFile, link, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { AppError } from '../../../shared/errors';
import type { WorkspacePort } from '../../platform/workspace/workspace';
import { BulkJob, type BulkJobOptions } from './bulk-job';
import type { CsvSource } from './csv-source';
import { BulkJobRecorder } from './job-recorder';
import { BulkJobStore, type StoredBulkJob } from './job-store';
import { sentenceCount } from '../../../shared/sentence-numbers';

/** Jobs kept per profile in the workspace database; past it the analyst deletes one to start another. */
export const MAX_STORED_JOBS = 50;
/** Jobs kept in memory when there is no workspace database (the oldest finished one goes first). */
const MAX_MEMORY_JOBS = 8;

export const GONE_MESSAGE = 'That bulk match is no longer available (the app was restarted or it was cleared). Run the file again.';

interface Entry {
  job: BulkJob;
  profileId: string | null;
  recorder?: BulkJobRecorder;
  store?: BulkJobStore;
}

/** What every job gets from the feature (client, clock, progress events). */
export type JobEnv = Pick<BulkJobOptions, 'api' | 'now' | 'onProgress' | 'progressEveryMs'>;

export interface RegistryOptions {
  workspace: WorkspacePort;
  activeProfileId(): string | null;
  env: JobEnv;
  /** Where copies of pasted and uploaded files are kept while their job may need to read on. */
  sourcesDir: string;
  uploadsDir: string;
  /** A write to the database failed (said once per job; the job goes on in memory). */
  onWriteError(message: string): void;
}

/** File-name prefix of a profile's copies (profile ids are UUIDs; anything else is made safe). */
const copyPrefix = (profileId: string) => `${profileId.replace(/[^A-Za-z0-9_-]/g, '_')}--`;

export class BulkJobRegistry {
  private readonly entries = new Map<string, Entry>();
  private readonly loaded = new Set<string>();
  /** Copies written for jobs being created now (not yet stored): never swept. */
  private readonly starting = new Set<string>();
  private disposed = false;

  constructor(private readonly o: RegistryOptions) {}

  /** Loads the active profile's stored jobs once, resuming the ones that were running. */
  loadActive(): void {
    const profileId = this.o.activeProfileId();
    if (!profileId || this.loaded.has(profileId) || this.disposed) return;
    this.loaded.add(profileId);
    const store = this.storeFor(profileId);
    if (!store) return;
    const stored = store.jobs(profileId);
    void this.sweepCopies(profileId, new Set(stored.map((r) => r.sourcePath).filter((p): p is string => p !== null)));
    for (const rec of stored) {
      const recorder = this.recorder(store, rec.id, rec.sourcePath);
      const job = BulkJob.restore({ ...this.o.env, sink: recorder }, rec, store.rows(rec.id));
      this.entries.set(rec.id, { job, profileId, recorder, store });
      if (rec.state === 'running') void job.resume(this.rest(rec, job)).catch(() => undefined);
      else if (rec.sourcePath) this.dropSource(store, rec.id, rec.sourcePath); // the app stopped before it could
    }
  }

  /** Registers and starts a new job on `source` (stored when the profile has a database). */
  async start(opts: Omit<BulkJobOptions, keyof JobEnv | 'sink'>): Promise<BulkJob> {
    this.loadActive();
    const profileId = this.o.activeProfileId();
    const store = profileId ? this.storeFor(profileId) : null;
    let entry: Entry;
    if (store && profileId) {
      if (store.count(profileId) >= MAX_STORED_JOBS) {
        throw new AppError('invalid_input', `Firmscope keeps ${MAX_STORED_JOBS} bulk matches per connection profile. Delete one you no longer need (under "Earlier bulk matches") and start again.`);
      }
      const sourcePath = await this.keepSource(profileId, opts.id, opts.source!);
      const recorder = this.recorder(store, opts.id, sourcePath);
      const job = new BulkJob({ ...opts, ...this.o.env, sink: recorder });
      store.createJob({ ...job.record(), profileId, sourcePath });
      if (sourcePath) this.starting.delete(sourcePath);
      entry = { job, profileId, recorder, store };
    } else {
      entry = { job: new BulkJob({ ...opts, ...this.o.env }), profileId };
    }
    this.entries.set(opts.id, entry);
    this.evictMemoryJobs();
    void entry.job.start();
    return entry.job;
  }

  get(id: string): BulkJob {
    this.loadActive();
    const e = this.entries.get(id);
    if (!e) throw new AppError('not_found', GONE_MESSAGE);
    return e.job;
  }

  /** Whether the progress of job `id` is for the profile shown (a job not registered yet is). */
  ofActiveProfile(id: string): boolean {
    const e = this.entries.get(id);
    return !e || e.profileId === this.o.activeProfileId();
  }

  /** The active profile's jobs, newest first. */
  list(): BulkJob[] {
    this.loadActive();
    const profileId = this.o.activeProfileId();
    return [...this.entries.values()].filter((e) => e.profileId === profileId).map((e) => e.job).reverse();
  }

  delete(id: string): void {
    const job = this.get(id);
    if (job.view().state === 'running') throw new AppError('invalid_input', 'This bulk match is still running. Cancel it first, then delete it.');
    const e = this.entries.get(id)!;
    e.recorder?.flush();
    e.store?.deleteJob(id);
    this.entries.delete(id);
    if (e.profileId) void rm(this.copyPath(e.profileId, id), { force: true });
  }

  /** Shutdown: stored jobs stop without being marked cancelled (they resume at next start); the rest cancel. */
  async dispose(): Promise<void> {
    this.disposed = true;
    for (const e of this.entries.values()) (e.recorder ? e.job.interrupt() : e.job.cancel());
    await Promise.allSettled([...this.entries.values()].map((e) => e.job.whenIdle()));
    for (const e of this.entries.values()) e.recorder?.flush();
  }

  private storeFor(profileId: string): BulkJobStore | null {
    if (!this.o.workspace.status().available) return null;
    try {
      return new BulkJobStore(this.o.workspace.forProfile(profileId));
    } catch {
      // The database could not be opened: the workspace notice says why; jobs stay in memory.
      return null;
    }
  }

  private recorder(store: BulkJobStore, id: string, sourcePath: string | null): BulkJobRecorder {
    let warned = false;
    return new BulkJobRecorder(store, id, {
      onReadDone: () => {
        if (sourcePath) this.dropSource(store, id, sourcePath);
      },
      onError: (e) => {
        if (warned) return;
        warned = true;
        this.o.onWriteError(`A bulk match could not be saved to the workspace database (${e instanceof Error ? e.message : String(e)}). It goes on, but a restart would lose its latest rows.`);
      },
    });
  }

  /** The file has been read to its end: forget its path, and delete it if it is our copy. */
  private dropSource(store: BulkJobStore, id: string, sourcePath: string): void {
    try {
      store.clearSource(id);
    } catch {
      // kept: the path is cleared with the job
    }
    if (this.isCopy(sourcePath)) void rm(sourcePath, { force: true });
  }

  /** What a resumed job reads after its stored rows: the rest of its file, or why it cannot. */
  private rest(rec: StoredBulkJob, job: BulkJob): Parameters<BulkJob['resume']>[0] {
    if (rec.readDone) return null;
    if (rec.sourcePath && existsSync(rec.sourcePath)) return { source: { filePath: rec.sourcePath, encoding: rec.encoding } };
    const kept = sentenceCount(job.rows.length);
    return {
      unavailable: {
        code: 'io',
        retryable: false,
        message: `Firmscope was closed while it read this file, and the rest of the file can no longer be read (it was moved or deleted). The ${kept} rows read before are kept; run the file again for the rest.`,
      },
    };
  }

  /** Our copy of a job's file, named after its profile so each profile sweeps only its own. */
  private copyPath(profileId: string, id: string): string {
    return join(this.o.sourcesDir, `${copyPrefix(profileId)}${id}.csv`);
  }

  private isCopy(path: string): boolean {
    return path.startsWith(join(this.o.sourcesDir) + sep);
  }

  /**
   * Copies of this profile's files that no stored job reads: left by a crash between copying a file
   * and storing its job, or by a delete that could not remove them. Swept when the profile loads.
   */
  private async sweepCopies(profileId: string, inUse: ReadonlySet<string>): Promise<void> {
    const prefix = copyPrefix(profileId);
    const names = await readdir(this.o.sourcesDir).catch(() => [] as string[]);
    for (const name of names) {
      const path = join(this.o.sourcesDir, name);
      if (name.startsWith(prefix) && !inUse.has(path) && !this.starting.has(path)) await rm(path, { force: true }).catch(() => undefined);
    }
  }

  /**
   * Keeps the file a job reads, so the job can read on after a restart: pasted text and uploads
   * (swept after a day) are copied into the sources folder (an upload hard-linked where it can be);
   * a file the analyst picked in the desktop app is read again from where it is. null: not kept.
   */
  private async keepSource(profileId: string, id: string, source: CsvSource): Promise<string | null> {
    if (source.filePath && !source.filePath.startsWith(this.o.uploadsDir)) return source.filePath;
    const to = this.copyPath(profileId, id);
    this.starting.add(to);
    try {
      await mkdir(this.o.sourcesDir, { recursive: true, mode: 0o700 });
      if (source.text !== undefined) await writeFile(to, source.text, { mode: 0o600 });
      else await link(source.filePath!, to).catch(() => copyFile(source.filePath!, to));
      return to;
    } catch {
      this.starting.delete(to);
      return null;
    }
  }

  private evictMemoryJobs(): void {
    const memory = [...this.entries].filter(([, e]) => !e.store);
    let excess = memory.length - MAX_MEMORY_JOBS;
    for (const [id, e] of memory) {
      if (excess <= 0) return;
      if (e.job.view().state !== 'running') {
        this.entries.delete(id);
        excess--;
      }
    }
  }
}
