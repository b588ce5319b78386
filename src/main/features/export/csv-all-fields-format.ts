// The formatting half of a CSV of all fields: records (or their stored JSON texts) in, the file's
// bytes out, batch by batch, with the column layout the first pass used. The same code runs in the
// core's thread and in the export's format thread (format-thread.ts); csv-all-fields.ts writes the
// bytes and rewrites the file once if a later batch brought a column.
import { openCsv, type CsvOptions, type CsvWriter } from '../../platform/tabular/csv';
import { ColumnUnion } from '../../platform/tabular/column-union';

/** Encoded text for the file sink, in order. */
export type Chunk = string | Uint8Array;

/** What the first pass ended with: enough to tell whether (and how) the file must be re-ordered. */
export interface FormatEnd {
  /** Union index of each written position. */
  layout: number[];
  headerWidth: number;
  final: { columns: string[]; indices: number[] };
  neutralised: number;
}

export class CsvAllFieldsFormat {
  private readonly union = new ColumnUnion();
  private writer: CsvWriter | null = null;
  private layout: number[] = [];
  private headerWidth = 0;
  private out: Chunk[] = [];
  private readonly sink = { write: async (c: Chunk) => void this.out.push(c) };
  // Batches are formatted one after the other, whenever they are asked for: each one's layout
  // depends on those before it, and the header is made by the first (an await away).
  private turn: Promise<unknown> = Promise.resolve();

  constructor(private readonly csv: CsvOptions) {}

  /** The chunks of one batch (the BOM and header before the first). `texts`: stored JSON, parsed here. */
  batch(records: readonly Record<string, unknown>[] | null, texts?: readonly string[]): Promise<Chunk[]> {
    return this.inTurn(() => this.format(records, texts));
  }

  /** The last chunks (BOM only, if no batch came) and the layout. */
  end(): Promise<{ chunks: Chunk[]; end: FormatEnd }> {
    return this.inTurn(async () => {
      if (!this.writer) this.writer = await openCsv(this.sink, [], this.csv);
      const end = { layout: this.layout, headerWidth: this.headerWidth, final: this.union.finalOrder(), neutralised: this.writer.counts.neutralised };
      return { chunks: this.take(), end };
    });
  }

  private inTurn<T>(f: () => Promise<T>): Promise<T> {
    const done = this.turn.then(f);
    this.turn = done.catch(() => undefined);
    return done;
  }

  private async format(records: readonly Record<string, unknown>[] | null, texts?: readonly string[]): Promise<Chunk[]> {
    const rows = records ?? texts!.map((t) => JSON.parse(t) as Record<string, unknown>);
    const placed = rows.map((r) => this.union.place(r));
    if (!this.writer) {
      const first = this.union.finalOrder();
      this.layout = first.indices;
      this.headerWidth = this.layout.length;
      this.writer = await openCsv(this.sink, first.columns, this.csv);
    }
    for (let i = this.layout.length; i < this.union.size; i++) this.layout.push(i);
    await this.writer.writeRows(placed, this.layout.length, this.layout);
    return this.take();
  }

  private take(): Chunk[] {
    const out = this.out;
    this.out = [];
    return out;
  }
}
