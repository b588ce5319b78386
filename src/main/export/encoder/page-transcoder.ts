// Search page bytes straight to CSV bytes, without building a string or an object per value: the
// fast path of CsvPageEncoding (encode-page.ts), which gives the same bytes as parsing the page
// with JSON.parse, flattening each record with the ColumnUnion and encoding it with csvEncoder.
//
// Why: on a fast link the export's encoder thread was slower than the page chain it follows
// (decode + JSON.parse + flatten + encode cost about 1.3x the bare page loop's decode + parse), so
// an all-pages export could not keep up with the bare loop (docs/export.md).
//
// It reads only what it is sure of. Anything else — escapes in member names, integer-like or
// repeated keys, a row limit that cuts the page, invalid UTF-8, deep nesting, any JSON it would
// have to refuse — makes it give up on the page (`null`, nothing changed), and the standard path
// handles the page, precise errors included. Escaped strings, arrays of non-plain values and
// non-canonical numbers are single cells it hands to JSON.parse and csvEncoder.field.
import { isUtf8 } from 'node:buffer';
import type { ColumnUnion } from '../column-union';
import type { CsvDelimiter, CsvEncoder } from '../writers/csv-encode';
import type { EncodedPage } from './encode-page';
import {
  bytesAre,
  CLOSE_ARRAY,
  CLOSE_OBJECT,
  COLON,
  COMMA,
  isPlainNumberBytes,
  MAX_DEPTH,
  OPEN_ARRAY,
  OPEN_OBJECT,
  QUOTE,
  scanLiteral,
  scanned,
  scanNumber,
  scanString,
  stringTable,
  skipSpace,
  skipValue,
} from './json-bytes';
import { IN_ARENA, PREFIXED, QUOTED, RowCells } from './row-cells';

/** Thrown inside the transcoder to give the page up; never leaves it. */
const GIVE_UP = Symbol('give up');
const giveUp = (): never => {
  throw GIVE_UP;
};

// One member name at one nesting level. Records of a search share their shape, so each name
// remembers the name that followed it last time: the next name is then matched by comparing a few
// bytes, with no string made for it (a record without some field costs one lookup, not one per
// name after it).
interface KeyNode {
  bytes: Uint8Array;
  path: string;
  /** Union index of this path as a leaf, or -1 until seen as one. */
  index: number;
  /** The record that last used this node (a second use within one record = a repeated key). */
  record: number;
  children: KeyLevel | null;
  /** The record's company_id member. */
  isId: boolean;
  /** The member that followed this one last time. */
  next: KeyNode | null;
}

interface KeyLevel {
  /** Dotted path of the object this level describes ('' for a record). */
  path: string;
  depth: number;
  byName: Map<string, KeyNode>;
  /** The first member last time. */
  first: KeyNode | null;
}

const newLevel = (path: string, depth: number): KeyLevel => ({ path, depth, byName: new Map(), first: null });
const utf8 = new TextDecoder();
const isFormulaTrigger = (c: number) => c === 0x3d || c === 0x2b || c === 0x2d || c === 0x40;
const isNumberStart = (c: number) => c === 0x2d || (c >= 0x30 && c <= 0x39);
const SEMICOLON = 0x3b;
const JOINER = new Uint8Array([0x3b, 0x20]); // '; ' between array items
const EMPTY_OBJECT = new Uint8Array([0x7b, 0x7d]);

function isDigits(b: Uint8Array, from: number, to: number): boolean {
  for (let k = from; k < to; k++) if (b[k] < 0x30 || b[k] > 0x39) return false;
  return to > from;
}

export class PageTranscoder {
  private readonly root = newLevel('', 0);
  private readonly cells = new RowCells();
  private readonly delimiter: number;
  private readonly strings: Uint8Array;
  /** Nodes given a union index on the current page (reset if the page is given up). */
  private readonly assigned: KeyNode[] = [];
  /** Per union index, the record that last set it (two paths to one column = a collision). */
  private columnRecord = new Int32Array(64);
  private record = 0;
  private bytes: Uint8Array = new Uint8Array(0);
  private hasId = false;

  constructor(
    private readonly union: ColumnUnion,
    delimiter: CsvDelimiter,
    private readonly fixedWidth: number | null,
    private readonly csv: CsvEncoder,
  ) {
    this.delimiter = delimiter.charCodeAt(0);
    this.strings = stringTable(this.delimiter);
  }

  /** The page as CSV rows, or null when the standard path must take it (nothing was changed). */
  transcode(bytes: Uint8Array, take: number, seedCompanyId: boolean): EncodedPage | null {
    if (!isUtf8(bytes)) return null;
    const before = this.union.size;
    // A plain Uint8Array view (not a Buffer), so every byte read here sees one kind of array.
    this.bytes = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.cells.reset();
    this.assigned.length = 0;
    try {
      this.readPage(seedCompanyId);
      if (this.cells.rows > take) giveUp();
    } catch {
      // GIVE_UP, or anything unforeseen: either way the standard path decides about this page.
      for (const node of this.assigned) node.index = -1;
      this.union.truncate(before);
      this.bytes = new Uint8Array(0);
      return null;
    }
    const width = this.fixedWidth ?? this.union.size;
    const csv = this.cells.encode(this.bytes, width, this.delimiter);
    this.bytes = new Uint8Array(0);
    return { csv, rows: this.cells.rows, added: this.fixedWidth === null ? this.union.columns.slice(before) : [] };
  }

  // {"pagination": {...}, "count": n, "result": [...]} in any order, other members skipped.
  private readPage(seedCompanyId: boolean): void {
    const b = this.bytes;
    let i = skipSpace(b, 0);
    if (b[i] !== OPEN_OBJECT) giveUp();
    let seen = 0;
    i = skipSpace(b, i + 1);
    if (b[i] === CLOSE_OBJECT) giveUp();
    for (;;) {
      const nameEnd = this.plainName(i);
      const from = i + 1;
      const to = nameEnd - 1;
      i = this.afterColon(nameEnd);
      if (bytesAre(b, from, to, 'result')) {
        seen = this.once(seen, 1);
        i = this.readRecords(i, seedCompanyId);
      } else if (bytesAre(b, from, to, 'pagination')) {
        seen = this.once(seen, 2);
        i = this.readPagination(i);
      } else if (bytesAre(b, from, to, 'count')) {
        seen = this.once(seen, 4);
        const start = i;
        i = scanNumber(b, i);
        // Digits only and canonical: a safe, non-negative integer (fastSearchPage's rule).
        if (i < 0 || !scanned.canonical || !isDigits(b, start, i)) giveUp();
      } else {
        i = skipValue(b, i);
        if (i < 0) giveUp();
      }
      i = skipSpace(b, i);
      if (b[i] === CLOSE_OBJECT) break;
      if (b[i] !== COMMA) giveUp();
      i = skipSpace(b, i + 1);
    }
    if (seen !== 7 || skipSpace(b, i + 1) !== b.length) giveUp();
  }

  private once(seen: number, bit: number): number {
    if (seen & bit) giveUp();
    return seen | bit;
  }

  /** `i` at a member name without escapes: the index after its closing quote. */
  private plainName(i: number): number {
    if (this.bytes[i] !== QUOTE) giveUp();
    const end = scanString(this.bytes, i);
    if (end < 0 || scanned.escaped) giveUp();
    return end;
  }

  private afterColon(i: number): number {
    i = skipSpace(this.bytes, i);
    if (this.bytes[i] !== COLON) giveUp();
    return skipSpace(this.bytes, i + 1);
  }

  // next and previous must be strings, null or absent; anything else is left to zod.
  private readPagination(i: number): number {
    const b = this.bytes;
    if (b[i] !== OPEN_OBJECT) giveUp();
    i = skipSpace(b, i + 1);
    if (b[i] === CLOSE_OBJECT) return i + 1;
    for (;;) {
      const nameEnd = this.plainName(i);
      const token = bytesAre(b, i + 1, nameEnd - 1, 'next') || bytesAre(b, i + 1, nameEnd - 1, 'previous');
      i = this.afterColon(nameEnd);
      if (token && b[i] !== QUOTE && !(b[i] === 0x6e && scanLiteral(b, i) > 0)) giveUp();
      i = skipValue(b, i);
      if (i < 0) giveUp();
      i = skipSpace(b, i);
      if (b[i] === CLOSE_OBJECT) return i + 1;
      if (b[i] !== COMMA) giveUp();
      i = skipSpace(b, i + 1);
    }
  }

  private readRecords(i: number, seedCompanyId: boolean): number {
    const b = this.bytes;
    if (b[i] !== OPEN_ARRAY) giveUp();
    i = skipSpace(b, i + 1);
    if (b[i] === CLOSE_ARRAY) return i + 1;
    // company_id leads, as in the grid (the standard path seeds it the same way).
    if (seedCompanyId) this.union.indexOf('company_id');
    for (;;) {
      if (b[i] !== OPEN_OBJECT) giveUp();
      this.record++;
      this.hasId = false;
      i = this.readMembers(i, this.root);
      if (!this.hasId) giveUp();
      this.cells.endRow();
      i = skipSpace(b, i);
      if (b[i] === CLOSE_ARRAY) return i + 1;
      if (b[i] !== COMMA) giveUp();
      i = skipSpace(b, i + 1);
    }
  }

  /** `i` at `{` of a non-empty object (or a record): reads its members into cells. */
  private readMembers(i: number, level: KeyLevel): number {
    const b = this.bytes;
    if (level.depth >= MAX_DEPTH) giveUp();
    i = skipSpace(b, i + 1);
    if (b[i] === CLOSE_OBJECT) return i + 1; // an empty record: no company_id, given up by the caller
    let previous: KeyNode | null = null;
    for (;;) {
      const expected: KeyNode | null = previous ? previous.next : level.first;
      let node: KeyNode | null = expected;
      let nameEnd = expected ? this.matchName(i, expected.bytes) : -1;
      if (nameEnd < 0 || !node) {
        nameEnd = this.plainName(i);
        node = this.node(level, i + 1, nameEnd - 1);
        if (previous) previous.next = node;
        else level.first = node;
      }
      previous = node;
      if (node.record === this.record) giveUp(); // a repeated key: JSON.parse keeps the last one
      node.record = this.record;
      i = this.afterColon(nameEnd);
      if (b[i] === OPEN_OBJECT && b[skipSpace(b, i + 1)] !== CLOSE_OBJECT) {
        i = this.readMembers(i, (node.children ??= newLevel(node.path, level.depth + 1)));
      } else {
        // fastSearchPage's rule: every record has a string company_id.
        if (node.isId && b[i] === QUOTE) this.hasId = true;
        i = this.readLeaf(i, this.column(node));
      }
      i = skipSpace(b, i);
      if (b[i] === CLOSE_OBJECT) return i + 1;
      if (b[i] !== COMMA) giveUp();
      i = skipSpace(b, i + 1);
    }
  }

  /** `i` at a member name: the index after it if it is exactly `name` (known plain), else -1. */
  private matchName(i: number, name: Uint8Array): number {
    const b = this.bytes;
    if (b[i] !== QUOTE) return -1;
    const from = i + 1;
    for (let k = 0; k < name.length; k++) if (b[from + k] !== name[k]) return -1;
    return b[from + name.length] === QUOTE ? from + name.length + 1 : -1;
  }

  /** The node of a member name that is not the one the last record had at this position. */
  private node(level: KeyLevel, from: number, to: number): KeyNode {
    const b = this.bytes;
    const name = utf8.decode(b.subarray(from, to));
    // Integer-like names come first in an object's key order; __proto__ is special to objects.
    if (/^\d/.test(name) || name === '__proto__') giveUp();
    let node = level.byName.get(name);
    if (!node) {
      // The same dotted path ColumnUnion gives it.
      const path = level.path ? `${level.path}.${name}` : name;
      node = { bytes: b.slice(from, to), path, index: -1, record: 0, children: null, isId: level === this.root && name === 'company_id', next: null };
      level.byName.set(name, node);
    }
    return node;
  }

  private column(node: KeyNode): number {
    if (node.index < 0) {
      node.index = this.union.indexOf(node.path);
      this.assigned.push(node);
    }
    const c = node.index;
    if (c >= this.columnRecord.length) {
      const a = new Int32Array(Math.max(c + 1, this.columnRecord.length * 2));
      a.set(this.columnRecord);
      this.columnRecord = a;
    }
    // Two paths to one column in one record ("a.b" and a: {b}): the standard path keeps the first.
    if (this.columnRecord[c] === this.record) giveUp();
    this.columnRecord[c] = this.record;
    return c;
  }

  /** A value that is one cell: string, number, literal, array or empty object. */
  private readLeaf(i: number, column: number): number {
    const b = this.bytes;
    const c = b[i];
    if (c === QUOTE) {
      const end = scanString(b, i, this.strings);
      if (end < 0) giveUp();
      if (scanned.escaped) return this.slowCell(i, end, column);
      this.cells.add(column, i + 1, end - 1, this.stringFlags(b, i + 1, end - 1, scanned.hasDelimiter));
      return end;
    }
    if (isNumberStart(c)) {
      const end = scanNumber(b, i);
      if (end < 0) giveUp();
      if (!scanned.canonical) return this.slowCell(i, end, column);
      this.cells.add(column, i, end, 0);
      return end;
    }
    if (c === OPEN_ARRAY) return this.arrayCell(i, column);
    if (c === OPEN_OBJECT) {
      // {} is a cell of its own: "{}", as cellText writes it.
      const end = skipSpace(b, i + 1) + 1;
      const start = this.cells.arenaEnd;
      this.cells.appendBytes(EMPTY_OBJECT, 0, 2);
      this.cells.add(column, start, this.cells.arenaEnd, IN_ARENA);
      return end;
    }
    const end = scanLiteral(b, i);
    if (end < 0) giveUp();
    if (c !== 0x6e) this.cells.add(column, i, end, 0); // true / false as written; null is an empty cell
    return end;
  }

  /** Text cells are neutralised (a formula-like start gets an apostrophe) and quoted if needed. */
  private stringFlags(b: Uint8Array, from: number, to: number, hasDelimiter: boolean): number {
    const formula = to > from && isFormulaTrigger(b[from]) && !isPlainNumberBytes(b, from, to);
    return (hasDelimiter ? QUOTED : 0) | (formula ? PREFIXED : 0);
  }

  // ["a", "b", 3] -> `a; b; 3`, as joinArray writes it; anything but plain strings and canonical
  // numbers in it, and the whole array goes the slow way.
  private arrayCell(i: number, column: number): number {
    const b = this.bytes;
    const cells = this.cells;
    const mark = cells.arenaEnd;
    let j = skipSpace(b, i + 1);
    if (b[j] === CLOSE_ARRAY) return j + 1; // [] is an empty cell
    let count = 0;
    let hasDelimiter = false;
    for (;;) {
      const c = b[j];
      let end: number;
      if (c === QUOTE) {
        end = scanString(b, j, this.strings);
        if (end < 0) giveUp();
        if (scanned.escaped) break;
        hasDelimiter ||= scanned.hasDelimiter;
        if (count > 0) cells.appendBytes(JOINER, 0, 2);
        cells.appendBytes(b, j + 1, end - 1);
      } else if (isNumberStart(c)) {
        end = scanNumber(b, j);
        if (end < 0) giveUp();
        if (!scanned.canonical) break;
        if (count > 0) cells.appendBytes(JOINER, 0, 2);
        cells.appendBytes(b, j, end);
      } else break;
      count++;
      j = skipSpace(b, end);
      if (b[j] === CLOSE_ARRAY) {
        if (this.delimiter === SEMICOLON && count > 1) hasDelimiter = true;
        const arena = cells.arenaBytes;
        cells.add(column, mark, cells.arenaEnd, IN_ARENA | this.stringFlags(arena, mark, cells.arenaEnd, hasDelimiter));
        return j + 1;
      }
      if (b[j] !== COMMA) giveUp();
      j = skipSpace(b, j + 1);
    }
    cells.rewindArena(mark);
    return this.slowCell(i, skipValue(b, i), column);
  }

  /** A value JSON.parse reads and csvEncoder.field writes, exactly as the standard path does. */
  private slowCell(from: number, to: number, column: number): number {
    if (to < 0) giveUp();
    const value: unknown = JSON.parse(utf8.decode(this.bytes.subarray(from, to)));
    const start = this.cells.arenaEnd;
    this.cells.appendText(this.csv.field(value));
    this.cells.add(column, start, this.cells.arenaEnd, IN_ARENA);
    return to;
  }
}
