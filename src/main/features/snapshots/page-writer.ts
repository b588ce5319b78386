// Where a load-all stores its pages. Storing a page of 200 rows is 20-30 ms of synchronous SQLite,
// as long as the page chain's own round trip, so written in the core's thread it holds back the
// chain (1.34x the bare fetch loop, measured). threadWriter stores them in a worker thread on its
// own connection (WAL lets the grid read meanwhile); inThreadWriter is the fallback when the thread
// cannot start, in slices with a turn of the event loop between them.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { AppError } from '../../../shared/errors';
import { prepareRow } from '../../platform/workspace/row-values';
import type { SnapshotStore } from './snapshot-store';
import type { WriterReply, WriterRequest, WriterStart } from './writer-protocol';

export interface PageWriter {
  /** Appends one page to the snapshot (pages are stored in the order given); resolves with its row count after it. */
  append(snapshotId: number, records: ReadonlyArray<Record<string, unknown>>, serviceCount: number): Promise<number>;
  /** Ends the writer once what was appended is stored. */
  close(): Promise<void>;
}

/** Rows written per slice of a page when writing in the core's thread. */
const WRITE_SLICE = 50;

export function inThreadWriter(store: SnapshotStore): PageWriter {
  const write = async (snapshotId: number, records: ReadonlyArray<Record<string, unknown>>, serviceCount: number) => {
    let rows = store.append(snapshotId, records.slice(0, WRITE_SLICE), serviceCount);
    for (let i = WRITE_SLICE; i < records.length; i += WRITE_SLICE) {
      await new Promise((r) => setImmediate(r));
      rows = store.append(snapshotId, records.slice(i, i + WRITE_SLICE), serviceCount);
    }
    return rows;
  };
  // One page after the other: slices of two pages must never interleave (rows keep the service's order).
  let tail: Promise<unknown> = Promise.resolve();
  return {
    append(snapshotId, records, serviceCount) {
      const done = tail.then(() => write(snapshotId, records, serviceCount));
      tail = done.catch(() => undefined);
      return done;
    },
    async close() {
      await tail;
    },
  };
}

/** The thread's script: built, beside this bundle; from source, the TypeScript file (run through tsx). */
export type WriterEntry = { built: URL } | { source: URL };

export function writerEntry(here: string = import.meta.url): WriterEntry {
  const path = new URL(here).pathname;
  if (path.endsWith('.ts')) return { source: new URL('./writer-thread.ts', here) };
  return { built: new URL(path.endsWith('.mjs') ? './snapshot-writer.mjs' : './snapshot-writer.js', here) };
}

/** Tests, bench and `npm run browser` run the sources: the worker imports the .ts file through tsx's API (also the export's format thread). */
export function startWorker(entry: WriterEntry, workerData: unknown): Worker {
  if ('built' in entry) return new Worker(entry.built, { workerData });
  // `--import tsx` in a worker's execArgv is ignored by Node 20; tsImport registers tsx in the thread itself.
  const tsxApi = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api')).href.replace(/\.cjs$/, '.mjs');
  const code = `import(${JSON.stringify(tsxApi)}).then((tsx) => tsx.tsImport(${JSON.stringify(entry.source.href)}, ${JSON.stringify(entry.source.href)}))`;
  return new Worker(code, { eval: true, workerData });
}

export interface ThreadWriterOptions {
  /** The workspace database file (opened and migrated by the core). */
  file: string;
  /** Where pages go if the thread cannot start. */
  fallback: PageWriter;
  onFallback?(reason: string): void;
  /** After each page the thread stored. */
  onStored?(): void;
  /** For tests and the bench: another script. */
  entry?: WriterEntry;
}

/** Starts the thread at once; appends wait for it to be ready (overlapping the first page's fetch). */
export function threadWriter(o: ThreadWriterOptions): PageWriter {
  const entry = o.entry ?? writerEntry();
  const pending = new Map<number, { resolve(rows: number): void; reject(e: Error): void }>();
  let nextId = 1;
  let state: 'starting' | 'ready' | 'gone' = 'starting';
  const worker = startWorker(entry, { file: o.file } satisfies WriterStart);
  // Keeps the process alive only while pages wait to be stored (an idle thread never holds up an exit).
  worker.unref();
  const stopped = (why: string) => {
    const error = new AppError('internal', `The results could not be stored: the writer thread stopped (${why}).`);
    for (const p of pending.values()) p.reject(error);
    pending.clear();
  };
  const ready = new Promise<boolean>((resolve) => {
    worker.on('message', (m: WriterReply) => {
      if (m.kind === 'ready') {
        state = 'ready';
        return resolve(true);
      }
      const p = pending.get(m.id);
      pending.delete(m.id);
      if (pending.size === 0) worker.unref();
      if (m.kind === 'appended') {
        o.onStored?.();
        p?.resolve(m.rowCount);
      } else p?.reject(m.code ? new AppError(m.code, m.message) : new AppError('internal', `The results could not be stored: ${m.message}`));
    });
    const gone = (why: string) => {
      if (state === 'starting') o.onFallback?.(why);
      state = 'gone';
      resolve(false);
      stopped(why);
    };
    // A SQLite error loses its message crossing threads (writer-thread.ts rethrows plain errors).
    worker.on('error', (e: unknown) => gone(e instanceof Error && e.message ? e.message : JSON.stringify(e)));
    worker.on('exit', (code) => gone(`exit code ${code}`));
  });
  const post = (m: WriterRequest) => worker.postMessage(m);

  return {
    async append(snapshotId, records, serviceCount) {
      if (!(await ready)) return o.fallback.append(snapshotId, records, serviceCount);
      if (state === 'gone') throw new AppError('internal', 'The results could not be stored: the writer thread stopped.');
      const id = nextId++;
      return new Promise<number>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker.ref();
        // Prepared here, where the page arrived: the thread is left only the SQLite writes (the busier side).
        post({ kind: 'append', id, snapshotId, rows: records.map(prepareRow), serviceCount });
      });
    },
    async close() {
      if (!(await ready) || state === 'gone') return;
      const gone = new Promise((r) => worker.once('exit', r));
      worker.ref();
      post({ kind: 'close' });
      await gone;
    },
  };
}
