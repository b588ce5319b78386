// A bulk job's repeated rows (duplicates.ts says what a repeat is): each row is flagged with the
// earlier line it repeats as it is read, and a repeat whose facts are that line's is not sent: it
// waits for that line's answer and takes it, so the service is asked once. A repeat whose facts
// differ (same ref, another name) is flagged but matched on its own.
import type { BulkRowState } from './bulk-job-types';
import { factsKey, guessKeyColumn, RepeatIndex } from './duplicates';

export class JobRepeats {
  private index: RepeatIndex | null = null;
  /** Rows being matched now, by line: a repeat of one waits for its answer. */
  private readonly inFlight = new Map<number, Promise<void>>();

  /** `key`: the key column asked for (null: none; undefined: guess from the header). */
  constructor(
    private readonly key: string | null | undefined,
    private readonly rowAt: (line: number) => BulkRowState | undefined,
  ) {}

  /** The key column in force (undefined until the header is read, when it was to be guessed). */
  get keyColumn(): string | null | undefined {
    return this.index ? this.index.keyColumn : this.key;
  }

  /** The header is read: the key column is the one asked for (if the file has it), else the guess. */
  onHeaders(headers: readonly string[]): void {
    if (this.index) return; // a resumed job reads the header again: its index stays
    const key = this.key === undefined ? guessKeyColumn(headers) : this.key !== null && headers.includes(this.key) ? this.key : null;
    this.index = new RepeatIndex(key);
  }

  /** A job from the workspace database: first occurrences come back from its stored rows, in file order. */
  restore(headers: readonly string[], rows: readonly BulkRowState[]): void {
    if (headers.length === 0) return; // stopped before its header was read: onHeaders sets it up
    this.onHeaders(headers);
    const at = this.index!.keyColumn !== null ? headers.indexOf(this.index!.keyColumn) : -1;
    for (const r of rows) {
      // Rows the reader could not read (no field named in their error) never took part.
      if (r.state === 'invalid' && r.error?.details?.field === undefined) continue;
      this.index!.check(r.line, at >= 0 ? r.values[at] : undefined, r.input);
    }
  }

  /** Flags a row read from the file with the earlier line it repeats. */
  flag(row: BulkRowState, record: Record<string, string>): void {
    if (!this.index) return;
    const repeat = this.index.check(row.line, this.index.keyColumn !== null ? record[this.index.keyColumn] : undefined, row.input);
    if (repeat) row.duplicateOf = repeat.of;
  }

  /**
   * Marks `row` as being matched; the returned function ends that. Called before the row's first
   * await: rows start in file order, so a repeat always finds its earlier row started or done.
   */
  begin(row: BulkRowState): () => void {
    let end!: () => void;
    this.inFlight.set(row.line, new Promise<void>((resolve) => (end = resolve)));
    return () => {
      this.inFlight.delete(row.line);
      end();
    };
  }

  /**
   * The earlier row whose answer `row` takes (after waiting for it), or null to send `row` itself:
   * not a repeat, other facts, or the earlier row was never answered (a cancel left it pending).
   */
  async answerOf(row: BulkRowState): Promise<BulkRowState | null> {
    if (row.duplicateOf === undefined) return null;
    const earlier = this.rowAt(row.duplicateOf);
    if (!earlier || factsKey(earlier.input) !== factsKey(row.input)) return null;
    await this.inFlight.get(earlier.line);
    return earlier.state === 'matched' || earlier.state === 'no_match' || earlier.state === 'error' ? earlier : null;
  }
}

/** Gives `row` the answer of the earlier row it repeats; returns the row's next state. */
export function takeAnswer(row: BulkRowState, earlier: BulkRowState): BulkRowState['state'] {
  row.best = earlier.best;
  row.candidates = earlier.candidates;
  row.choices = earlier.choices;
  row.manual = undefined; // a new answer: an earlier decision no longer applies
  row.error =
    earlier.state === 'error' && earlier.error
      ? {
          ...earlier.error,
          message: `Line ${row.line}: not sent, because it repeats line ${earlier.line}, whose request failed (${earlier.error.message.replace(/^Line \d+: /, '')}). Retry sends line ${earlier.line} once for both.`,
          details: { ...earlier.error.details, line: row.line },
        }
      : undefined;
  return earlier.state;
}
