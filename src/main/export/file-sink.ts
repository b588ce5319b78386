// A write stream with backpressure and a durable close, used for `<file>.partial` and spool files.
import { createWriteStream, type WriteStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { once } from 'node:events';

/** Bytes buffered before `write` waits for the disk (memory stays bounded by this). */
export const SINK_HIGH_WATER_MARK = 1024 * 1024;

export class FileSink {
  readonly stream: WriteStream;
  private failure: Error | null = null;

  constructor(readonly path: string) {
    // 'wx' would refuse a stale partial; a leftover from a killed run is simply replaced.
    // A page of CSV is ~50 KB: with the default 16 KB mark every page would wait for the disk.
    // 0600: exports hold the analyst's data (the mode survives the rename to the final name).
    this.stream = createWriteStream(path, { flags: 'w', mode: 0o600, highWaterMark: SINK_HIGH_WATER_MARK });
    this.stream.on('error', (e) => {
      this.failure ??= e;
    });
  }

  /** Resolves once the chunk is buffered below the high-water mark. */
  async write(chunk: string | Uint8Array): Promise<void> {
    if (this.failure) throw this.failure;
    if (!this.stream.write(chunk)) await this.drain();
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
