// Which encoding a bulk-match file was saved in, from its bytes: a byte order mark first (UTF-8,
// UTF-16 LE/BE), then UTF-16 without one (NUL bytes in every other position), then UTF-8 when every
// byte of the file is valid UTF-8 (preferred: plain ASCII is UTF-8 too), or when it is mostly UTF-8
// with a few lines that are not (those lines are named: utf8-census.ts), and only then chardet's
// statistics for the single-byte code pages Excel writes (Windows-1252, ISO-8859-1/15).
import { createReadStream } from 'node:fs';
import chardet from 'chardet';
import type { EncodingInfo, TextEncoding } from '../../../shared/match/encodings';
import { Utf8Census } from './utf8-census';

/** Bytes at the start of the file looked at for a BOM and for UTF-16's NUL bytes. */
const HEAD_BYTES = 4096;
/** Bytes of the file's non-ASCII chunks handed to chardet (statistics need text, not all of it). */
const SAMPLE_BYTES = 256 * 1024;

/** Code pages chardet names that read German, French... text as Windows-1252 does. */
const LATIN1 = new Set(['windows-1252', 'ISO-8859-1']);

/** Feed it the file's bytes in order; `result()` says the encoding. `feed` returns true once more bytes cannot change it. */
export class EncodingSniffer {
  private head: Buffer = Buffer.alloc(0);
  private headChecked = false;
  private decided: EncodingInfo | null = null;
  private readonly utf8 = new Utf8Census();
  private readonly sample: Buffer[] = [];
  private sampleBytes = 0;
  /** Bytes 0x80-0x9F: Windows-1252's € and quotes, control characters in ISO-8859-x. */
  private c1 = false;
  /** Byte 0xA4: € in ISO-8859-15, ¤ in Windows-1252 and ISO-8859-1. */
  private a4 = false;

  feed(chunk: Uint8Array): boolean {
    if (this.decided) return true;
    if (this.head.length < HEAD_BYTES) {
      this.head = Buffer.concat([this.head, chunk.subarray(0, HEAD_BYTES - this.head.length)]);
      if (this.head.length >= HEAD_BYTES && this.checkHead()) return true;
    }
    this.utf8.feed(chunk);
    let high = false;
    for (let i = 0; i < chunk.length; i++) {
      const b = chunk[i]!;
      if (b < 0x80) continue;
      high = true;
      if (b <= 0x9f) this.c1 = true;
      else if (b === 0xa4) this.a4 = true;
    }
    if (high && this.sampleBytes < SAMPLE_BYTES) {
      const part = Buffer.from(chunk.subarray(0, SAMPLE_BYTES - this.sampleBytes));
      this.sample.push(part);
      this.sampleBytes += part.length;
    }
    return false;
  }

  result(): EncodingInfo {
    if (!this.headChecked) this.checkHead();
    if (this.decided) return this.decided;
    this.utf8.end();
    if (this.utf8.invalid === 0) return { encoding: 'utf-8', source: 'detected' };
    const [top] = chardet.analyse(Buffer.concat(this.sample));
    // Mostly UTF-8: read as UTF-8, and the lines that are not are named (never the whole file re-read
    // in another encoding, which would garble every other line's letters).
    if (this.utf8.mostlyUtf8 || top?.name === 'UTF-8') {
      return { encoding: 'utf-8', source: 'detected', invalidLines: { lines: [...this.utf8.badLines], count: this.utf8.badLineCount } };
    }
    // Which single-byte page: 0x80-0x9F only means something in Windows-1252; 0xA4 is far more
    // often € (ISO-8859-15) than ¤. Otherwise the two read the same, and Windows-1252 is Excel's.
    const latin: TextEncoding = this.c1 ? 'windows-1252' : this.a4 ? 'iso-8859-15' : 'windows-1252';
    if (!top || LATIN1.has(top.name)) return { encoding: latin, source: 'detected' };
    if (top.name === 'UTF-16LE') return { encoding: 'utf-16le', source: 'detected' };
    if (top.name === 'UTF-16BE') return { encoding: 'utf-16be', source: 'detected' };
    return {
      encoding: latin,
      source: 'assumed',
      note: `the bytes look most like ${top.name}, which Firmscope does not read. If the names below look wrong, save the file as "CSV UTF-8" and open it again`,
    };
  }

  /** A byte order mark, or UTF-16 without one; true when either decided. */
  private checkHead(): boolean {
    this.headChecked = true;
    const h = this.head;
    if (h[0] === 0xef && h[1] === 0xbb && h[2] === 0xbf) this.decided = { encoding: 'utf-8', source: 'bom' };
    else if (h[0] === 0xff && h[1] === 0xfe) this.decided = { encoding: 'utf-16le', source: 'bom' };
    else if (h[0] === 0xfe && h[1] === 0xff) this.decided = { encoding: 'utf-16be', source: 'bom' };
    else {
      const utf16 = utf16ByNuls(h);
      if (utf16) this.decided = { encoding: utf16, source: 'detected' };
    }
    return this.decided !== null;
  }
}

/**
 * UTF-16 without a BOM: text in Latin script has a NUL in every other byte (the high byte of each
 * character), odd positions in little-endian, even ones in big-endian. Text in one-byte encodings
 * has no NUL at all.
 */
export function utf16ByNuls(head: Uint8Array): TextEncoding | null {
  const pairs = Math.floor(head.length / 2);
  if (pairs < 2) return null;
  let even = 0;
  let odd = 0;
  for (let i = 0; i < pairs * 2; i += 2) {
    if (head[i] === 0) even++;
    if (head[i + 1] === 0) odd++;
  }
  if (odd >= pairs * 0.3 && even <= pairs * 0.05) return 'utf-16le';
  if (even >= pairs * 0.3 && odd <= pairs * 0.05) return 'utf-16be';
  return null;
}

/** The encoding of these bytes (the whole file, or what there is of it). */
export function detectEncoding(bytes: Uint8Array): EncodingInfo {
  const s = new EncodingSniffer();
  s.feed(bytes);
  return s.result();
}

/** The encoding of a file, read as a stream (a valid UTF-8 file is read to its end to be sure). */
export async function detectFileEncoding(path: string): Promise<EncodingInfo> {
  const s = new EncodingSniffer();
  const stream = createReadStream(path, { highWaterMark: 64 * 1024 });
  try {
    for await (const chunk of stream) if (s.feed(chunk as Buffer)) break;
  } finally {
    stream.destroy();
  }
  return s.result();
}
