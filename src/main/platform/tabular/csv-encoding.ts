// The bytes of a CSV in an encoding other than UTF-8 (a bulk-match file that came in as
// Windows-1252 goes out the same way). A character the encoding cannot hold is never replaced by
// "?" silently: `unrepresentable` finds it first, and the encoder refuses with its place.
import iconv from 'iconv-lite';
import { AppError } from '../../../shared/errors';
import { ENCODING_LABEL, type TextEncoding } from '../../../shared/match/encodings';

const singleByteChars = new Map<TextEncoding, Set<number>>();

/** The characters a single-byte code page holds (every byte decoded once). */
function charsOf(encoding: TextEncoding): Set<number> {
  let set = singleByteChars.get(encoding);
  if (!set) {
    const all = iconv.decode(Buffer.from(Array.from({ length: 256 }, (_, i) => i)), encoding);
    set = new Set([...all].map((c) => c.codePointAt(0)!).filter((c) => c !== 0xfffd));
    singleByteChars.set(encoding, set);
  }
  return set;
}

const isUnicode = (e: TextEncoding) => e === 'utf-8' || e === 'utf-16le' || e === 'utf-16be';

/** The first character of `text` that `encoding` cannot hold, or null. */
export function unrepresentable(text: string, encoding: TextEncoding): string | null {
  if (isUnicode(encoding)) return null;
  const chars = charsOf(encoding);
  for (const c of text) if (!chars.has(c.codePointAt(0)!)) return c;
  return null;
}

/** Whether a byte-order mark exists in this encoding (single-byte code pages have none). */
export const hasBom = isUnicode;

/** Text to what the file sink writes: UTF-8 text as it is, other encodings as checked bytes. */
export function csvEncoder(encoding: TextEncoding): (text: string) => string | Uint8Array {
  if (encoding === 'utf-8') return (text) => text;
  return (text) => {
    const bad = unrepresentable(text, encoding);
    if (bad !== null) {
      throw new AppError('invalid_input', `${ENCODING_LABEL[encoding]} cannot hold the character "${bad}" (U+${bad.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}). Export as UTF-8 instead.`);
    }
    return iconv.encode(text, encoding);
  };
}
