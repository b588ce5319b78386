// Temporary NDJSON spool for XLSX exports of "all fields": the header needs the union of columns
// over every page, so rows (raw JSON values, in union order) wait on disk, never in memory.
import { createReadStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { FileSink, type FileSinkOptions } from './file-sink';

export class Spool {
  private sink: FileSink | null = null;
  rows = 0;

  private constructor(readonly path: string) {}

  static pathFor(dir: string, id: string): string {
    return join(dir, `${id}.spool.ndjson`);
  }

  static async create(dir: string, id: string, sink: FileSinkOptions = {}): Promise<Spool> {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const spool = new Spool(Spool.pathFor(dir, id));
    spool.sink = new FileSink(spool.path, sink);
    return spool;
  }

  async append(rows: unknown[][]): Promise<void> {
    if (!rows.length) return;
    this.rows += rows.length;
    let text = '';
    for (const row of rows) text += JSON.stringify(row) + '\n';
    await this.sink!.write(text);
  }

  /** Finishes writing and reads every row back in order. */
  async *read(): AsyncGenerator<unknown[]> {
    if (this.sink) {
      await this.sink.close(false); // a temp file needs no fsync
      this.sink = null;
    }
    const lines = createInterface({ input: createReadStream(this.path, { highWaterMark: 256 * 1024 }), crlfDelay: Infinity });
    try {
      for await (const line of lines) {
        if (line) yield JSON.parse(line) as unknown[];
      }
    } finally {
      lines.close();
    }
  }

  async remove(): Promise<void> {
    await this.sink?.destroy();
    this.sink = null;
    await rm(this.path, { force: true });
  }
}
