// Where a CSV export of all fields formats its batches. At 1,000,000 rows parsing, flattening and
// formatting the records took as long as reading them; formatThread does it in a worker thread while
// the core's thread reads the next batches. inThreadFormat (the same code, no thread) is used for
// small exports, where a thread costs more than it saves, and when the thread cannot start.
import { AppError, type ErrorCode } from '../../../shared/errors';
import { startWorker, type WriterEntry } from '../snapshots/page-writer';
import type { CsvOptions } from '../../platform/tabular/csv';
import { CsvAllFieldsFormat, type Chunk, type FormatEnd } from './csv-all-fields-format';
import type { FormatReply, FormatRequest, FormatStart } from './format-protocol';
import type { ExportPage } from './types';

export interface BatchFormat {
  /**
   * Batches handed over and not yet written, at most. A thread: 3, to keep it busy while the core
   * reads. In this thread: 1; holding a batch's text (a rope of small strings) past the next batch
   * got it promoted by the garbage collector and cost 50 % more time (2.1 -> 3.2 s at 200,000 rows).
   */
  readonly inFlight: number;
  /** The chunks of one page, in the order pages were given. */
  batch(page: ExportPage): Promise<Chunk[]>;
  end(): Promise<{ chunks: Chunk[]; end: FormatEnd }>;
  /** Stops the thread (done, cancelled or failed). */
  close(): Promise<void>;
}

export function inThreadFormat(csv: CsvOptions): BatchFormat {
  const format = new CsvAllFieldsFormat(csv);
  return {
    inFlight: 1,
    batch: (page) => format.batch(page.json ? null : page.records, page.json),
    end: () => format.end(),
    close: async () => undefined,
  };
}

/** The thread's script: built, beside the core's bundle; from source, the TypeScript file. */
export function formatEntry(here: string = import.meta.url): WriterEntry {
  const path = new URL(here).pathname;
  if (path.endsWith('.ts')) return { source: new URL('./format-thread.ts', here) };
  return { built: new URL(path.endsWith('.mjs') ? './export-format.mjs' : './export-format.js', here) };
}

export interface FormatThreadOptions {
  csv: CsvOptions;
  onFallback?(reason: string): void;
  /** For tests: another script. */
  entry?: WriterEntry;
}

/** Starts the thread at once; batches wait for it to be ready, or go to the in-thread format if it cannot start. */
export function formatThread(o: FormatThreadOptions): BatchFormat {
  const pending = new Map<number, { resolve(r: Extract<FormatReply, { kind: 'batch' | 'end' }>): void; reject(e: Error): void }>();
  let nextId = 1;
  let state: 'starting' | 'ready' | 'gone' = 'starting';
  const worker = startWorker(o.entry ?? formatEntry(), { csv: o.csv } satisfies FormatStart);
  const ready = new Promise<boolean>((resolve) => {
    worker.on('message', (m: FormatReply) => {
      if (m.kind === 'ready') {
        state = 'ready';
        return resolve(true);
      }
      const p = pending.get(m.id);
      pending.delete(m.id);
      if (m.kind === 'failed') p?.reject(m.code ? new AppError(m.code as ErrorCode, m.message) : new AppError('internal', `The export could not be formatted: ${m.message}`));
      else p?.resolve(m);
    });
    const gone = (why: string) => {
      if (state === 'starting') o.onFallback?.(why);
      state = 'gone';
      resolve(false);
      const error = new AppError('internal', `The export stopped: its format thread ended (${why}).`);
      for (const p of pending.values()) p.reject(error);
      pending.clear();
    };
    worker.on('error', (e: unknown) => gone(e instanceof Error && e.message ? e.message : JSON.stringify(e)));
    worker.on('exit', (code) => gone(`exit code ${code}`));
  });
  let fallback: BatchFormat | null = null;
  const ask = async (m: FormatRequest) => {
    if (state === 'gone') throw new AppError('internal', 'The export stopped: its format thread ended.');
    return new Promise<Extract<FormatReply, { kind: 'batch' | 'end' }>>((resolve, reject) => {
      pending.set(m.id, { resolve, reject });
      worker.postMessage(m);
    });
  };
  return {
    get inFlight() {
      return fallback ? 1 : 3;
    },
    batch(page) {
      // The app sends only a snapshot view's stored texts here; parsed records would go as JSON.
      // Not an async function: the page's texts are let go once posted, not kept until the reply.
      const send = () => ask({ kind: 'batch', id: nextId++, texts: (page.json ?? page.records.map((r) => JSON.stringify(r))) as string[] });
      return ready.then((ok) => (ok ? send().then((r) => [r.bytes]) : (fallback ??= inThreadFormat(o.csv)).batch(page)));
    },
    async end() {
      if (!(await ready)) return (fallback ??= inThreadFormat(o.csv)).end();
      const r = await ask({ kind: 'end', id: nextId++ });
      if (r.kind !== 'end') throw new AppError('internal', 'The export could not be formatted: the format thread answered out of turn.');
      return { chunks: [r.bytes], end: r.end };
    },
    async close() {
      if (state !== 'gone') await worker.terminate();
    },
  };
}
