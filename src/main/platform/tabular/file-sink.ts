// A write stream with backpressure, a durable close and a free-space check as it goes, used for
// `<file>.partial` and spool files.
import { createWriteStream, type WriteStream } from 'node:fs';
import { open, statfs } from 'node:fs/promises';
import { once } from 'node:events';
import { dirname } from 'node:path';
import { AppError } from '../../../shared/errors';
import { sentenceCount } from '../../../shared/sentence-numbers';

/** Bytes buffered before `write` waits for the disk (memory stays bounded by this). */
export const SINK_HIGH_WATER_MARK = 1024 * 1024;

/** Free space below which a file stops growing: the analyst's disk is never filled to the brim. */
export const MIN_FREE_BYTES = 64 * 1024 * 1024;
/** Free space is checked when the file opens and again after every this many bytes. */
export const FREE_SPACE_CHECK_EVERY = 8 * 1024 * 1024;

/** Free bytes on the disk that holds `dir` (injected in tests). */
export type FreeSpaceProbe = (dir: string) => Promise<number>;

export const statfsFreeBytes: FreeSpaceProbe = async (dir) => {
  const s = await statfs(dir);
  return Number(s.bavail) * Number(s.bsize);
};

export interface FileSinkOptions {
  freeSpace?: FreeSpaceProbe;
  minFreeBytes?: number;
  /** Bytes written between two checks (default FREE_SPACE_CHECK_EVERY). */
  checkEveryBytes?: number;
}

const mb = (bytes: number) => sentenceCount(Math.max(0, Math.floor(bytes / 1024 / 1024)));

export class FileSink {
  readonly stream: WriteStream;
  private failure: Error | null = null;
  /** Bytes written (or buffered) at the last free-space check; -1 before the first. */
  private checkedAt = -1;
  private checking: Promise<void> | null = null;

  constructor(
    readonly path: string,
    private readonly opts: FileSinkOptions = {},
  ) {
    // 'wx' would refuse a stale partial; a leftover from a killed run is simply replaced.
    // A page of CSV is ~50 KB: with the default 16 KB mark every page would wait for the disk.
    this.stream = createWriteStream(path, { flags: 'w', highWaterMark: SINK_HIGH_WATER_MARK, mode: 0o600 });
    this.stream.on('error', (e) => {
      this.failure ??= e;
    });
  }

  /** Resolves once the chunk is buffered below the high-water mark. */
  async write(chunk: string | Uint8Array): Promise<void> {
    if (this.failure) throw this.failure;
    await this.checkSpace();
    if (!this.stream.write(chunk)) await this.drain();
  }

  /**
   * Fails with a clear `io` error when the disk is nearly full: checked before the first byte and then
   * every few MB, whoever writes to the stream (this sink, or exceljs's zip for XLSX).
   */
  async checkSpace(): Promise<void> {
    if (this.failure) throw this.failure;
    const size = this.stream.bytesWritten + this.stream.writableLength;
    if (this.checkedAt >= 0 && size - this.checkedAt < (this.opts.checkEveryBytes ?? FREE_SPACE_CHECK_EVERY)) return;
    this.checkedAt = size;
    this.checking ??= (async () => {
      const probe = this.opts.freeSpace ?? statfsFreeBytes;
      const min = this.opts.minFreeBytes ?? MIN_FREE_BYTES;
      let free: number;
      try {
        free = await probe(dirname(this.path));
      } catch {
        return; // no answer (an odd file system): the write itself reports a full disk (ENOSPC)
      }
      if (free < min) {
        this.failure ??= new AppError(
          'io',
          `The disk is nearly full (${mb(free)} MB free), so the file was not finished. Free some space or choose another folder, then export again.`,
          { details: { freeBytes: free, errno: 'ENOSPC' } },
        );
      }
    })().finally(() => {
      this.checking = null;
    });
    await this.checking;
    if (this.failure) throw this.failure;
  }

  async drain(): Promise<void> {
    if (!this.stream.writableNeedDrain) return;
    // once('drain') rejects on 'error' and removes its listeners either way (no listener pile-up).
    await once(this.stream, 'drain').catch((e) => {
      this.failure ??= e as Error;
    });
    if (this.failure) throw this.failure;
  }

  /** Ends the stream and fsyncs, so a rename afterwards never exposes a file the OS has not stored. */
  async close(durable = true): Promise<void> {
    if (this.failure) throw this.failure;
    if (!this.stream.writableFinished) {
      // XLSX: the zip stream ends this stream itself; only wait for it then.
      if (!this.stream.writableEnded) this.stream.end();
      await once(this.stream, 'finish').catch((e) => {
        this.failure ??= e as Error;
      });
    }
    if (this.failure) throw this.failure;
    if (!this.stream.closed) await once(this.stream, 'close');
    if (!durable) return;
    const handle = await open(this.path, 'r+');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  }

  /** Stops writing without flushing (cancel or failure); the caller removes the file. */
  async destroy(): Promise<void> {
    if (this.stream.closed) return;
    const closed = once(this.stream, 'close').catch(() => undefined);
    this.stream.destroy();
    await closed;
  }
}
