// How much of a file is UTF-8, line by line: the characters that are valid UTF-8 beyond ASCII, and
// the lines holding bytes that are not. A file with many of the first and a few of the second is a
// UTF-8 file with a few lines pasted from elsewhere (Windows-1252): those lines are named, instead
// of the whole file being read in the other encoding (which garbles every other line's ä, ß, é).
// Lines are counted as csv-parse counts them (CRLF, LF or a lone CR), across chunks.
import { sentenceCount } from '../../../shared/sentence-numbers';

/** Bad lines named at most (all are counted). */
const LINES_KEPT = 5;

export class Utf8Census {
  /** Characters of 2-4 bytes that were valid UTF-8. */
  multibyte = 0;
  /** Byte sequences that were not UTF-8. */
  invalid = 0;
  /** The first few lines holding them, and how many lines do. */
  readonly badLines: number[] = [];
  badLineCount = 0;
  private line = 1;
  /** The line of the last broken sequence (a line is counted once, however many it holds). */
  private lastBad = 0;
  private afterCr = false;
  private need = 0;
  private lower = 0x80;
  private upper = 0xbf;

  feed(bytes: Uint8Array): void {
    for (let i = 0; i < bytes.length; i++) {
      const b = bytes[i]!;
      if (this.need > 0) {
        if (b >= this.lower && b <= this.upper) {
          this.lower = 0x80;
          this.upper = 0xbf;
          if (--this.need === 0) this.multibyte++;
          continue;
        }
        // The sequence broke off here: this byte starts afresh (it may be ASCII, even a line break).
        this.bad();
      }
      if (b < 0x80) this.ascii(b);
      else this.lead(b);
    }
  }

  /** The bytes ended in the middle of a character. */
  end(): void {
    if (this.need > 0) this.bad();
  }

  private ascii(b: number): void {
    if (b === 0x0d) this.line++;
    else if (b === 0x0a && !this.afterCr) this.line++;
    this.afterCr = b === 0x0d;
  }

  private lead(b: number): void {
    this.afterCr = false;
    this.lower = 0x80;
    this.upper = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) this.need = 1;
    else if (b >= 0xe0 && b <= 0xef) {
      this.need = 2;
      if (b === 0xe0) this.lower = 0xa0;
      if (b === 0xed) this.upper = 0x9f;
    } else if (b >= 0xf0 && b <= 0xf4) {
      this.need = 3;
      if (b === 0xf0) this.lower = 0x90;
      if (b === 0xf4) this.upper = 0x8f;
    } else this.bad();
  }

  private bad(): void {
    this.need = 0;
    this.invalid++;
    if (this.lastBad === this.line) return;
    this.lastBad = this.line;
    this.badLineCount++;
    if (this.badLines.length < LINES_KEPT) this.badLines.push(this.line);
  }

  /**
   * Mostly UTF-8 with a few lines that are not: more valid multi-byte characters than broken
   * sequences. A Windows-1252 file almost never holds a valid UTF-8 sequence (it would take "Ã©"),
   * and an ASCII file with one Windows-1252 line has none, so both stay Windows-1252.
   */
  get mostlyUtf8(): boolean {
    return this.invalid > 0 && this.multibyte >= this.invalid;
  }
}

/** A UTF-8 file with lines that are not, in words: which lines, and what to do. */
export function mixedUtf8Message(invalid: { lines: readonly number[]; count: number }): string {
  const n = (x: number) => sentenceCount(x);
  const named = invalid.lines.map(n);
  const more = invalid.count - named.length;
  const which =
    invalid.count === 1
      ? `Line ${named[0]} is`
      : more > 0
        ? `Lines ${named.join(', ')} and ${n(more)} more are`
        : `Lines ${named.slice(0, -1).join(', ')} and ${named.at(-1)} are`;
  const those = invalid.count === 1 ? 'that line' : 'those lines';
  const were = invalid.count === 1 ? 'was' : 'were';
  return `${which} not valid UTF-8; the file is otherwise UTF-8 (${those} ${were} probably pasted from a file in another encoding, such as Windows-1252). Fix ${those}, or save the file again as "CSV UTF-8", then open it again.`;
}
