// What the page chain needs from a search page, read from its bytes without parsing the records:
// the `next` token, `count` and how many records `result` holds. An export walks pages with this
// and leaves the full parse to its encoder threads, so parsing is off the page-to-page critical path.
//
// It only finds the top-level members and skips over every other value (strings by memchr). It
// answers null whenever the bytes are not a complete object with those members of the right type;
// the caller then parses the page normally, which reports the precise error (cut short, HTML,
// wrong shape). Duplicate members: the last one wins, as with JSON.parse.

export interface PageOutline {
  next: string | null;
  count: number;
  /** Number of records in `result`. */
  length: number;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const COMMA = 0x2c;
const COLON = 0x3a;

const utf8 = new TextDecoder('utf-8', { fatal: true });

const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

function skipSpace(b: Uint8Array, i: number): number {
  while (i < b.length && isSpace(b[i])) i++;
  return i;
}

/** `i` at an opening quote: the index just after the closing one, or -1. */
function skipString(b: Uint8Array, i: number): number {
  let j = i + 1;
  for (;;) {
    j = b.indexOf(QUOTE, j);
    if (j < 0) return -1;
    let slashes = 0;
    for (let k = j - 1; b[k] === BACKSLASH; k--) slashes++;
    if (slashes % 2 === 0) return j + 1;
    j++;
  }
}

/** `i` at the first byte of any value: the index just after it, or -1 when it does not end. */
function skipValue(b: Uint8Array, i: number): number {
  const c = b[i];
  if (c === QUOTE) return skipString(b, i);
  if (c !== OPEN_OBJECT && c !== OPEN_ARRAY) {
    // A number, true, false or null: runs up to the next separator.
    let j = i;
    while (j < b.length && b[j] !== COMMA && b[j] !== CLOSE_OBJECT && b[j] !== CLOSE_ARRAY && !isSpace(b[j])) j++;
    return j > i ? j : -1;
  }
  let depth = 0;
  for (let j = i; j < b.length; j++) {
    const d = b[j];
    if (d === QUOTE) {
      j = skipString(b, j) - 1;
      if (j < 0) return -1;
    } else if (d === OPEN_OBJECT || d === OPEN_ARRAY) depth++;
    else if (d === CLOSE_OBJECT || d === CLOSE_ARRAY) {
      if (--depth === 0) return j + 1;
    }
  }
  return -1;
}

/** `i` at `[`: the number of elements and the index after `]`, or null. */
function countArray(b: Uint8Array, i: number): { length: number; end: number } | null {
  let j = skipSpace(b, i + 1);
  if (b[j] === CLOSE_ARRAY) return { length: 0, end: j + 1 };
  for (let length = 1; ; length++) {
    j = skipValue(b, j);
    if (j < 0) return null;
    j = skipSpace(b, j);
    if (b[j] === CLOSE_ARRAY) return { length, end: j + 1 };
    if (b[j] !== COMMA) return null;
    j = skipSpace(b, j + 1);
  }
}

const parseSlice = (b: Uint8Array, from: number, to: number): unknown => JSON.parse(utf8.decode(b.subarray(from, to)));

export function outlineSearchPage(b: Uint8Array): PageOutline | null {
  try {
    return outline(b);
  } catch {
    // A member we parse (key, pagination, count) was not valid JSON or UTF-8.
    return null;
  }
}

function outline(b: Uint8Array): PageOutline | null {
  let i = skipSpace(b, 0);
  if (b[i] !== OPEN_OBJECT) return null;
  let next: unknown;
  let count: unknown;
  let length: number | undefined;
  i = skipSpace(b, i + 1);
  if (b[i] !== CLOSE_OBJECT) {
    for (;;) {
      if (b[i] !== QUOTE) return null;
      const keyEnd = skipString(b, i);
      if (keyEnd < 0) return null;
      const key = parseSlice(b, i, keyEnd);
      i = skipSpace(b, keyEnd);
      if (b[i] !== COLON) return null;
      const start = skipSpace(b, i + 1);
      if (key === 'result') {
        if (b[start] !== OPEN_ARRAY) return null;
        const arr = countArray(b, start);
        if (!arr) return null;
        length = arr.length;
        i = arr.end;
      } else {
        i = skipValue(b, start);
        if (i < 0) return null;
        if (key === 'count') count = parseSlice(b, start, i);
        else if (key === 'pagination') {
          const p = parseSlice(b, start, i) as { next?: unknown } | null;
          if (p === null || typeof p !== 'object' || Array.isArray(p)) return null;
          next = p.next ?? null;
        }
      }
      i = skipSpace(b, i);
      if (b[i] === CLOSE_OBJECT) break;
      if (b[i] !== COMMA) return null;
      i = skipSpace(b, i + 1);
    }
  }
  if (skipSpace(b, i + 1) !== b.length) return null;
  if (next === undefined || length === undefined) return null;
  if (next !== null && typeof next !== 'string') return null;
  if (typeof count !== 'number' || !Number.isSafeInteger(count) || count < 0) return null;
  return { next, count, length };
}
