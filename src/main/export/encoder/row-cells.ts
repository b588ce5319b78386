// The cells of one page's rows as the transcoder finds them (in the record's key order), and the
// CSV bytes they make (in column order). A cell is a byte range of the page itself (most cells:
// plain strings, numbers, true/false) or of the arena (cells that had to be built: arrays, escapes).

/** Cell flags. */
export const QUOTED = 1;
export const PREFIXED = 2;
export const IN_ARENA = 4;

const APOSTROPHE = 0x27;
const QUOTE = 0x22;
const encoder = new TextEncoder();

function grown(a: Int32Array<ArrayBuffer>, need: number): Int32Array<ArrayBuffer> {
  if (need <= a.length) return a;
  const b = new Int32Array(Math.max(need, a.length * 2));
  b.set(a);
  return b;
}

export class RowCells {
  private column = new Int32Array(4096);
  private start = new Int32Array(4096);
  private end = new Int32Array(4096);
  private flags = new Int32Array(4096);
  private count = 0;
  private rowEnds: number[] = [];
  private arena = new Uint8Array(64 * 1024);
  private arenaLength = 0;
  private slotCell = new Int32Array(64);
  private slotStamp = new Int32Array(64);
  private stamp = 0;

  reset(): void {
    this.count = 0;
    this.rowEnds.length = 0;
    this.arenaLength = 0;
  }

  get rows(): number {
    return this.rowEnds.length;
  }

  add(column: number, start: number, end: number, flags: number): void {
    const i = this.count++;
    if (i === this.column.length) {
      this.column = grown(this.column, i + 1);
      this.start = grown(this.start, i + 1);
      this.end = grown(this.end, i + 1);
      this.flags = grown(this.flags, i + 1);
    }
    this.column[i] = column;
    this.start[i] = start;
    this.end[i] = end;
    this.flags[i] = flags;
  }

  endRow(): void {
    this.rowEnds.push(this.count);
  }

  // ---- the arena, for cells built here

  get arenaEnd(): number {
    return this.arenaLength;
  }

  /** Drops what was appended after `at` (an array cell that turned out to need the slow path). */
  rewindArena(at: number): void {
    this.arenaLength = at;
  }

  arenaByte(at: number): number {
    return this.arena[at];
  }

  get arenaBytes(): Uint8Array {
    return this.arena;
  }

  appendBytes(b: Uint8Array, from: number, to: number): void {
    this.reserve(to - from);
    const a = this.arena;
    let n = this.arenaLength;
    for (let k = from; k < to; k++) a[n++] = b[k];
    this.arenaLength = n;
  }

  appendText(text: string): void {
    // UTF-8 takes at most 3 bytes per UTF-16 unit.
    this.reserve(text.length * 3);
    this.arenaLength += encoder.encodeInto(text, this.arena.subarray(this.arenaLength)).written;
  }

  private reserve(n: number): void {
    if (this.arenaLength + n <= this.arena.length) return;
    const a = new Uint8Array(Math.max(this.arena.length * 2, this.arenaLength + n));
    a.set(this.arena.subarray(0, this.arenaLength));
    this.arena = a;
  }

  // ---- output

  /** The rows as CSV records `width` cells wide (cells of later columns left out), CRLF-terminated. */
  encode(page: Uint8Array, width: number, delimiter: number): Uint8Array {
    this.slotCell = grown(this.slotCell, width);
    this.slotStamp = grown(this.slotStamp, width);
    const perRow = Math.max(width - 1, 0) + 2;
    let size = this.rows * perRow;
    for (let i = 0; i < this.count; i++) {
      if (this.column[i] >= width) continue;
      const f = this.flags[i];
      size += this.end[i] - this.start[i] + (f & QUOTED ? 2 : 0) + (f & PREFIXED ? 1 : 0);
    }
    // Its own buffer, exactly this size, so it is transferred without a copy.
    const out = new Uint8Array(size);
    let n = 0;
    let first = 0;
    for (const last of this.rowEnds) {
      const stamp = ++this.stamp;
      for (let i = first; i < last; i++) {
        const c = this.column[i];
        if (c >= width) continue;
        this.slotCell[c] = i;
        this.slotStamp[c] = stamp;
      }
      first = last;
      for (let c = 0; c < width; c++) {
        if (c > 0) out[n++] = delimiter;
        if (this.slotStamp[c] !== stamp) continue;
        const i = this.slotCell[c];
        const f = this.flags[i];
        const source = f & IN_ARENA ? this.arena : page;
        if (f & QUOTED) out[n++] = QUOTE;
        if (f & PREFIXED) out[n++] = APOSTROPHE;
        const to = this.end[i];
        for (let k = this.start[i]; k < to; k++) out[n++] = source[k];
        if (f & QUOTED) out[n++] = QUOTE;
      }
      out[n++] = 0x0d;
      out[n++] = 0x0a;
    }
    return out;
  }
}
