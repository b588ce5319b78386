// Where export pages are parsed and encoded. The thread version keeps that work off the main
// thread, so on a fast link an export runs at the speed of fetching pages (docs/export.md).
// Threads start on first use and stop after a quiet spell. If a thread cannot start (a packaging
// fault), its pages and every later one are encoded inline, so an export never fails for that.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { AppError } from '../../../shared/errors';
import { CsvPageEncoding, type CsvLayout, type EncodedPage } from './encode-page';
import { errorFromReply, transferable, type EncodeReply, type EncoderRequest } from './messages';
import type { WorkerEntry } from './worker-entry';

export interface EncoderSession {
  /** The export's next page (pages must come in order); its bytes are handed over. */
  encode(bytes: Uint8Array, take: number): Promise<EncodedPage>;
  /** Frees the session's state; call it when the export ends, however it ends. */
  end(): void;
}

export interface PageEncoder {
  /** One export's encoding. */
  open(layout: CsvLayout): EncoderSession;
  close(): Promise<void>;
}

function inlineSession(layout: CsvLayout): EncoderSession {
  const encoding = new CsvPageEncoding(layout);
  return { encode: async (bytes, take) => encoding.encode(bytes, take), end: () => {} };
}

export function inlinePageEncoder(): PageEncoder {
  return { open: inlineSession, close: async () => {} };
}

export interface WorkerEncoderOptions {
  /** Threads at most (sessions share them); default: cores - 1, between 1 and 2. */
  threads?: number;
  /** A thread with no session for this long is stopped. */
  idleMs?: number;
}

interface Pending {
  session: ThreadSession;
  bytes: Uint8Array;
  take: number;
  resolve(page: EncodedPage): void;
  reject(e: unknown): void;
}

interface Thread {
  worker: Worker;
  /** Its code has loaded (the `ready` message): from then on page bytes are transferred, not copied. */
  online: boolean;
  sessions: Set<ThreadSession>;
  pending: Map<number, Pending>;
  idleTimer: NodeJS.Timeout | null;
}

interface ThreadSession extends EncoderSession {
  layout: CsvLayout;
  /** Set when the thread never started: the session goes on here. */
  fallback: CsvPageEncoding | null;
}

export function workerPageEncoder(entry: WorkerEntry, opts: WorkerEncoderOptions = {}): PageEncoder {
  const maxThreads = opts.threads ?? Math.max(1, Math.min(2, availableParallelism() - 1));
  const idleMs = opts.idleMs ?? 30_000;
  const threads = new Set<Thread>();
  let broken = false;
  let nextId = 1;

  function spawn(): Thread {
    const worker = new Worker(entry.url, entry.workerData ? { workerData: entry.workerData } : {});
    const thread: Thread = { worker, online: false, sessions: new Set(), pending: new Map(), idleTimer: null };
    worker.on('message', (reply: EncodeReply) => {
      if ('ready' in reply) return void (thread.online = true);
      const p = thread.pending.get(reply.id);
      if (!p) return;
      thread.pending.delete(reply.id);
      if ('error' in reply) p.reject(errorFromReply(reply.error));
      else p.resolve({ csv: reply.csv, rows: reply.rows, added: reply.added });
    });
    const fail = (why: unknown) => {
      if (!threads.delete(thread)) return;
      const pending = [...thread.pending.values()];
      thread.pending.clear();
      if (thread.online) {
        for (const p of pending) p.reject(new AppError('internal', 'The export encoder stopped unexpectedly. Start the export again.'));
        return;
      }
      // It never ran, so nothing was transferred: every session on it goes on inline, in order.
      broken = true;
      console.warn('[firmscope] the export encoder thread did not start; encoding on the main thread:', why instanceof Error ? why.message : why);
      for (const s of thread.sessions) s.fallback = new CsvPageEncoding(s.layout);
      for (const p of pending) {
        try {
          p.resolve(p.session.fallback!.encode(p.bytes, p.take));
        } catch (e) {
          p.reject(e);
        }
      }
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`exit code ${code}`)));
    threads.add(thread);
    return thread;
  }

  function pick(): Thread {
    let best: Thread | null = null;
    for (const t of threads) if (!best || t.sessions.size < best.sessions.size) best = t;
    if (best && (best.sessions.size === 0 || threads.size >= maxThreads)) return best;
    return spawn();
  }

  function release(thread: Thread) {
    if (thread.sessions.size > 0 || !threads.has(thread)) return;
    thread.worker.unref();
    thread.idleTimer = setTimeout(() => {
      threads.delete(thread);
      void thread.worker.terminate();
    }, idleMs);
    thread.idleTimer.unref();
  }

  function open(layout: CsvLayout): EncoderSession {
    if (broken) return inlineSession(layout);
    const thread = pick();
    if (thread.idleTimer) clearTimeout(thread.idleTimer);
    thread.idleTimer = null;
    thread.worker.ref();
    const sessionId = nextId++;
    const post = (req: EncoderRequest, transfer: ArrayBuffer[] = []) => thread.worker.postMessage(req, transfer);
    const session: ThreadSession = {
      layout,
      fallback: null,
      encode(bytes, take) {
        if (session.fallback) {
          const encoding = session.fallback;
          return Promise.resolve().then(() => encoding.encode(bytes, take));
        }
        const id = nextId++;
        return new Promise<EncodedPage>((resolve, reject) => {
          if (!threads.has(thread)) return reject(new AppError('internal', 'The export encoder stopped unexpectedly. Start the export again.'));
          thread.pending.set(id, { session, bytes, take, resolve, reject });
          // Until the thread is known to run, bytes are copied, so they are still here if it never does.
          if (!thread.online) return post({ kind: 'page', session: sessionId, id, bytes, take });
          const { view, buffer } = transferable(bytes);
          post({ kind: 'page', session: sessionId, id, bytes: view, take }, [buffer]);
        });
      },
      end() {
        if (!thread.sessions.delete(session)) return;
        if (threads.has(thread)) post({ kind: 'close', session: sessionId });
        release(thread);
      },
    };
    thread.sessions.add(session);
    post({ kind: 'open', session: sessionId, layout });
    return session;
  }

  return {
    open,
    async close() {
      const all = [...threads];
      threads.clear();
      for (const t of all) for (const p of t.pending.values()) p.reject(new AppError('cancelled', 'Export cancelled.'));
      await Promise.all(all.map((t) => t.worker.terminate()));
    },
  };
}
