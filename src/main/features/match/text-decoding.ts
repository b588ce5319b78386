// A bulk-match file's bytes as text, in the encoding the file was saved in: found by detection, not
// assumed (Excel saves "CSV" in the ANSI code page and "Unicode Text" as UTF-16), and decoded as a
// stream, chunk by chunk, so a 50 MB file is never held whole. Bytes that are not valid in the
// encoding in force stop the reading with the line they are on, instead of becoming "�".
import { createReadStream } from 'node:fs';
import iconv from 'iconv-lite';
import { AppError } from '../../../shared/errors';
import { ENCODING_LABEL, type TextEncoding } from '../../../shared/match/encodings';

/** Strict UTF-8 (the WHATWG rules: no overlongs, no surrogates, nothing past U+10FFFF), across chunks. */
export class Utf8Validator {
  private need = 0;
  private lower = 0x80;
  private upper = 0xbf;

  /** The index of the first byte that breaks UTF-8 in `bytes`, or -1. */
  feed(bytes: Uint8Array): number {
    for (let i = 0; i < bytes.length; i++) {
      const b = bytes[i]!;
      if (this.need > 0) {
        if (b < this.lower || b > this.upper) return i;
        this.lower = 0x80;
        this.upper = 0xbf;
        this.need--;
        continue;
      }
      if (b < 0x80) continue;
      if (b >= 0xc2 && b <= 0xdf) this.need = 1;
      else if (b >= 0xe0 && b <= 0xef) {
        this.need = 2;
        if (b === 0xe0) this.lower = 0xa0;
        if (b === 0xed) this.upper = 0x9f;
      } else if (b >= 0xf0 && b <= 0xf4) {
        this.need = 3;
        if (b === 0xf0) this.lower = 0x90;
        if (b === 0xf4) this.upper = 0x8f;
      } else return i;
    }
    return -1;
  }

  /** The bytes ended in the middle of a character. */
  get open(): boolean {
    return this.need > 0;
  }
}

/** Physical lines counted the way csv-parse counts them (CRLF, LF or a lone CR), across chunks. */
export class LineCounter {
  private breaks = 0;
  private pendingCr = false;

  feed(text: string): void {
    this.breaks = this.count(text, false);
    this.pendingCr = text.length > 0 ? text.endsWith('\r') : this.pendingCr;
  }

  /** The line that the position right after `prefix` (more text of the current chunk) is on. */
  lineAfter(prefix: string): number {
    return this.count(prefix, true) + 1;
  }

  private count(text: string, endIsBreak: boolean): number {
    let n = this.breaks;
    let i = 0;
    if (this.pendingCr && text.length > 0) {
      if (text[0] !== '\n') n++; // the CR that ended the last chunk stood alone
    }
    for (; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 0x0a) n++;
      else if (c === 0x0d) {
        if (i + 1 < text.length) {
          if (text.charCodeAt(i + 1) !== 0x0a) n++;
        } else if (endIsBreak) n++;
      }
    }
    if (endIsBreak && text.length === 0 && this.pendingCr) n++;
    return n;
  }
}

/** Bytes that cannot be text in the chosen encoding, on a line. The message leaves what to do to the caller. */
export class EncodingError extends AppError {
  constructor(
    readonly problem: string,
    readonly line: number,
    encoding: TextEncoding,
  ) {
    super('invalid_input', `${problem}: choose the file's encoding above.`, { retryable: false, details: { line, encoding, field: 'encoding' } });
  }
}

const SINGLE_BYTE: ReadonlySet<TextEncoding> = new Set(['windows-1252', 'iso-8859-15']);
const UTF16: ReadonlySet<TextEncoding> = new Set(['utf-16le', 'utf-16be']);

/**
 * Text of `bytes` in `encoding`, one string per chunk (a BOM is dropped; a character cut between two
 * chunks is joined). Throws EncodingError at the first byte that is not text in that encoding.
 */
export async function* decodeChunks(bytes: AsyncIterable<Uint8Array>, encoding: TextEncoding): AsyncGenerator<string> {
  const decoder = iconv.getDecoder(encoding);
  const lines = new LineCounter();
  const utf8 = encoding === 'utf-8' ? new Utf8Validator() : null;
  let total = 0;
  let heldHigh = false; // UTF-16: the last chunk ended on the first half of a surrogate pair
  for await (const chunk of bytes) {
    total += chunk.length;
    if (utf8) {
      const bad = utf8.feed(chunk);
      if (bad >= 0) {
        const before = decoder.write(asBuffer(chunk.subarray(0, bad)));
        throw encodingError('invalid', lines.lineAfter(before), encoding);
      }
    }
    const text = decoder.write(asBuffer(chunk));
    const problem = findProblem(text, encoding, heldHigh);
    if (problem) throw encodingError(problem.kind, lines.lineAfter(text.slice(0, problem.at)), encoding, problem.code);
    if (UTF16.has(encoding) && text) heldHigh = /[\uD800-\uDBFF]$/.test(text);
    lines.feed(text);
    if (text) yield text;
  }
  const rest = decoder.end() ?? '';
  if ((utf8?.open ?? false) || (UTF16.has(encoding) && (total % 2 === 1 || heldHigh))) {
    throw encodingError('cut', lines.lineAfter(rest), encoding);
  }
  if (rest) yield rest;
}

/** The same bytes as a Buffer, without a copy. */
const asBuffer = (b: Uint8Array): Buffer => (Buffer.isBuffer(b) ? b : Buffer.from(b.buffer, b.byteOffset, b.byteLength));

type ProblemKind = 'invalid' | 'nul' | 'control' | 'cut';

/** A character in decoded text that shows the bytes were not in this encoding. */
function findProblem(text: string, encoding: TextEncoding, heldHigh: boolean): { kind: ProblemKind; at: number; code?: number } | null {
  if (UTF16.has(encoding)) {
    if (!text) return null; // a chunk of one byte: nothing decoded yet
    if (heldHigh && !/^[\uDC00-\uDFFF]/.test(text)) return { kind: 'invalid', at: 0 };
    const lone = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
    for (let m = lone.exec(text); m; m = lone.exec(text)) {
      // A high surrogate at the very end may be completed by the next chunk.
      if (m.index === text.length - 1 && /[\uD800-\uDBFF]/.test(m[0])) continue;
      if (m.index === 0 && heldHigh) continue;
      return { kind: 'invalid', at: m.index };
    }
    return null;
  }
  // UTF-8 and the single-byte encodings: a NUL byte is the mark of UTF-16 read as something else.
  const nul = text.indexOf('\u0000');
  if (nul >= 0) return { kind: 'nul', at: nul };
  if (SINGLE_BYTE.has(encoding)) {
    // iconv-lite gives U+FFFD for a byte the code page leaves undefined (0x81, 0x8D... in Windows-1252).
    const undefinedByte = text.indexOf('\uFFFD');
    if (undefinedByte >= 0) return { kind: 'invalid', at: undefinedByte };
    // ISO-8859-15 has control characters at 0x80-0x9F, where Windows-1252 has € and typographic quotes.
    if (encoding === 'iso-8859-15') {
      const c1 = text.search(/[\u0080-\u009F]/);
      if (c1 >= 0) return { kind: 'control', at: c1, code: text.charCodeAt(c1) };
    }
  }
  return null;
}

function encodingError(kind: ProblemKind, line: number, encoding: TextEncoding, code?: number): EncodingError {
  const label = ENCODING_LABEL[encoding];
  const hex = code !== undefined ? `0x${code.toString(16).toUpperCase().padStart(2, '0')}` : '';
  const problem =
    kind === 'nul'
      ? `Line ${line} holds NUL bytes, which ${label} text does not (UTF-16 text does)`
      : kind === 'control'
        ? `Line ${line} is not valid ${label} (byte ${hex} is a control character there)`
        : kind === 'cut'
          ? `Line ${line} is not valid ${label}: the file ends in the middle of a character`
          : `Line ${line} is not valid ${label}`;
  return new EncodingError(problem, line, encoding);
}

/** A file's text in `encoding`, streamed in chunks of 64 KB. */
export async function* decodeFile(path: string, encoding: TextEncoding): AsyncGenerator<string> {
  const stream = createReadStream(path, { highWaterMark: 64 * 1024 });
  try {
    yield* decodeChunks(stream as AsyncIterable<Buffer>, encoding);
  } finally {
    stream.destroy();
  }
}
