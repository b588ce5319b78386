// Strict byte-level JSON reading for the page transcoder (page-transcoder.ts). Each reader accepts
// only what JSON.parse accepts for that value and answers -1 otherwise, so a page the transcoder
// reads to the end is one JSON.parse reads too (the property test holds them equal). The
// transcoder checks UTF-8 first, so bytes >= 0x80 inside strings need no checking here.
// (The page outline keeps its own lenient skipping: it only needs the structure, and memchr-based
// string skipping is faster there than these stricter readers.)

export const QUOTE = 0x22;
export const BACKSLASH = 0x5c;
export const OPEN_OBJECT = 0x7b;
export const CLOSE_OBJECT = 0x7d;
export const OPEN_ARRAY = 0x5b;
export const CLOSE_ARRAY = 0x5d;
export const COMMA = 0x2c;
export const COLON = 0x3a;
const MINUS = 0x2d;
const PLUS = 0x2b;
const DOT = 0x2e;
const ZERO = 0x30;
const NINE = 0x39;

const isDigit = (c: number) => c >= ZERO && c <= NINE;
const isHex = (c: number) => isDigit(c) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);
// The escapes JSON allows after a backslash: " \ / b f n r t (u is checked apart).
const SIMPLE_ESCAPES = new Set([0x22, 0x5c, 0x2f, 0x62, 0x66, 0x6e, 0x72, 0x74]);

/** What the last scanString / scanNumber call found out besides where the value ends. */
export const scanned = {
  /** The string held an escape: its text differs from its bytes. */
  escaped: false,
  /** The string's bytes hold the delimiter byte (the CSV cell must be quoted). */
  hasDelimiter: false,
  /** The number's text is exactly what String(Number(text)) gives back. */
  canonical: false,
};

export function skipSpace(b: Uint8Array, i: number): number {
  for (;;) {
    const c = b[i];
    if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) return i;
    i++;
  }
}

// What each byte means inside a string; one table lookup per byte instead of four comparisons.
const ORDINARY = 0;
const ENDS = 1;
const ESCAPES = 2;
const REFUSED = 3;
const DELIMITER = 4;
const stringTables = new Map<number, Uint8Array>();

/** The byte table for strings scanned for `delimiter` (a byte, or -1 for none). */
export function stringTable(delimiter: number): Uint8Array {
  let t = stringTables.get(delimiter);
  if (!t) {
    t = new Uint8Array(256);
    for (let c = 0; c < 0x20; c++) t[c] = REFUSED; // raw control characters are not JSON
    if (delimiter >= 0x20) t[delimiter] = DELIMITER;
    t[QUOTE] = ENDS;
    t[BACKSLASH] = ESCAPES;
    stringTables.set(delimiter, t);
  }
  return t;
}

const PLAIN_STRINGS = stringTable(-1);

/** `i` at an opening quote: the index after the closing one, or -1. `table` from stringTable. */
export function scanString(b: Uint8Array, i: number, table: Uint8Array = PLAIN_STRINGS): number {
  let escaped = false;
  let hasDelimiter = false;
  for (let j = i + 1; j < b.length; j++) {
    const kind = table[b[j]];
    if (kind === ORDINARY) continue;
    if (kind === ENDS) {
      scanned.escaped = escaped;
      scanned.hasDelimiter = hasDelimiter;
      return j + 1;
    }
    if (kind === DELIMITER) hasDelimiter = true;
    else if (kind === REFUSED) return -1;
    else {
      escaped = true;
      const e = b[++j];
      if (e === 0x75) {
        if (!(isHex(b[j + 1]) && isHex(b[j + 2]) && isHex(b[j + 3]) && isHex(b[j + 4]))) return -1;
        j += 4;
      } else if (!SIMPLE_ESCAPES.has(e)) return -1;
    }
  }
  return -1;
}

/**
 * `i` at the first byte of a number: the index after it, or -1 when JSON would refuse it.
 * Canonical: an integer of at most 15 digits (not -0), or a plain decimal of at most 15
 * significant digits, no trailing zero and no exponent, between 1e-6 and 1e21 in size. Such text
 * is its own shortest round trip through a double, so String(Number(text)) gives it back.
 */
export function scanNumber(b: Uint8Array, i: number): number {
  let j = i;
  const negative = b[j] === MINUS;
  if (negative) j++;
  const intStart = j;
  if (b[j] === ZERO) j++;
  else if (isDigit(b[j])) while (isDigit(b[j])) j++;
  else return -1;
  const intDigits = j - intStart;
  let fracDigits = 0;
  let fracLeadingZeros = 0;
  let canonical = true;
  if (b[j] === DOT) {
    const fracStart = ++j;
    while (isDigit(b[j])) j++;
    fracDigits = j - fracStart;
    if (fracDigits === 0) return -1;
    if (b[j - 1] === ZERO) canonical = false;
    while (fracLeadingZeros < fracDigits && b[fracStart + fracLeadingZeros] === ZERO) fracLeadingZeros++;
  }
  if (b[j] === 0x65 || b[j] === 0x45) {
    canonical = false;
    j++;
    if (b[j] === PLUS || b[j] === MINUS) j++;
    if (!isDigit(b[j])) return -1;
    while (isDigit(b[j])) j++;
  }
  const zeroInt = intDigits === 1 && b[intStart] === ZERO;
  if (canonical) {
    if (fracDigits === 0) canonical = intDigits <= 15 && !(negative && zeroInt);
    else if (zeroInt) canonical = fracLeadingZeros <= 5 && fracDigits - fracLeadingZeros <= 15;
    else canonical = intDigits + fracDigits <= 15;
  }
  scanned.canonical = canonical;
  return j;
}

const TRUE = [0x74, 0x72, 0x75, 0x65];
const FALSE = [0x66, 0x61, 0x6c, 0x73, 0x65];
const NULL = [0x6e, 0x75, 0x6c, 0x6c];

/** The literal true / false / null at `i`: the index after it, or -1. */
export function scanLiteral(b: Uint8Array, i: number): number {
  const word = b[i] === 0x74 ? TRUE : b[i] === 0x66 ? FALSE : b[i] === 0x6e ? NULL : null;
  if (!word) return -1;
  for (let k = 1; k < word.length; k++) if (b[i + k] !== word[k]) return -1;
  return i + word.length;
}

/** Deeper than this, the transcoder leaves the page to JSON.parse. */
export const MAX_DEPTH = 64;

/** Any value at `i` (after spaces): the index after it, or -1. */
export function skipValue(b: Uint8Array, i: number, depth = 0): number {
  const c = b[i];
  if (c === QUOTE) return scanString(b, i);
  if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
    if (depth >= MAX_DEPTH) return -1;
    const close = c === OPEN_OBJECT ? CLOSE_OBJECT : CLOSE_ARRAY;
    let j = skipSpace(b, i + 1);
    if (b[j] === close) return j + 1;
    for (;;) {
      if (c === OPEN_OBJECT) {
        if (b[j] !== QUOTE || (j = scanString(b, j)) < 0) return -1;
        j = skipSpace(b, j);
        if (b[j] !== COLON) return -1;
        j = skipSpace(b, j + 1);
      }
      j = skipValue(b, j, depth + 1);
      if (j < 0) return -1;
      j = skipSpace(b, j);
      if (b[j] === close) return j + 1;
      if (b[j] !== COMMA) return -1;
      j = skipSpace(b, j + 1);
    }
  }
  if (c === MINUS || isDigit(c)) return scanNumber(b, i);
  return scanLiteral(b, i);
}

/** True when the bytes equal the ASCII `text` (a member name the page reader looks for). */
export function bytesAre(b: Uint8Array, from: number, to: number, text: string): boolean {
  if (to - from !== text.length) return false;
  for (let k = 0; k < text.length; k++) if (b[from + k] !== text.charCodeAt(k)) return false;
  return true;
}

/**
 * The bytes [from, to) as text match PLAIN_NUMBER in shared/export/neutralise.ts
 * (`^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$`): a cell that stays a number, never a formula.
 */
export function isPlainNumberBytes(b: Uint8Array, from: number, to: number): boolean {
  let j = from;
  if (b[j] === PLUS || b[j] === MINUS) j++;
  let digits = 0;
  while (j < to && isDigit(b[j])) j++, digits++;
  if (j < to && b[j] === DOT) {
    j++;
    while (j < to && isDigit(b[j])) j++, digits++;
  }
  if (digits === 0) return false;
  if (j < to && (b[j] === 0x65 || b[j] === 0x45)) {
    j++;
    if (j < to && (b[j] === PLUS || b[j] === MINUS)) j++;
    if (j >= to || !isDigit(b[j])) return false;
    while (j < to && isDigit(b[j])) j++;
  }
  return j === to;
}
