// Streams a CSV of companies record by record (csv-parse), so a large file is never held whole.
// A malformed record is reported with its line number and its values (as far as they can be read),
// and parsing carries on with the next one. Nothing is dropped: a quote that is never closed makes
// every line after it a reported, unreadable row. Rows in = rows out + rows reported unreadable.
// Bounded (shared/match/import-limits.ts): a header of more columns than the limit, or one record
// longer than the limit, stops the read with a message naming the limit; work and memory stay in
// proportion to the records read, whatever one line holds.
import { parse, type CsvError } from 'csv-parse';
import { AppError } from '../../../shared/errors';
import type { TextEncoding } from '../../../shared/match/encodings';
import { IMPORT_MAX_COLUMNS, IMPORT_MAX_RECORD_CHARS, recordTooLong, tooManyColumns } from '../../../shared/match/import-limits';
import { decodeFile } from './text-decoding';
import { sentenceCount } from '../../../shared/sentence-numbers';

export type CsvItem =
  | { kind: 'row'; line: number; record: Record<string, string> }
  /** `values`: the record's fields by position, as far as they could be read. */
  | { kind: 'bad'; line: number; message: string; values: string[] };

export interface CsvSource {
  text?: string;
  filePath?: string;
  /** The encoding a file is decoded in (text-decoding.ts); UTF-8 when absent. Text is already text. */
  encoding?: TextEncoding;
}

const DELIMITERS = [',', ';', '\t', '|'] as const;

/** Picks the delimiter that occurs most in the header line (outside quotes); comma when tied or absent. */
export function detectDelimiter(headerLine: string): string {
  const unquoted = headerLine.replace(/"[^"]*"/g, '');
  let best: string = ',';
  let bestCount = 0;
  for (const d of DELIMITERS) {
    const n = unquoted.split(d).length - 1;
    if (n > bestCount) {
      best = d;
      bestCount = n;
    }
  }
  return best;
}

export async function firstLine(source: CsvSource): Promise<string> {
  if (source.text !== undefined) return source.text.slice(0, source.text.indexOf('\n') + 1 || undefined);
  const parts: string[] = [];
  let length = 0;
  // Each chunk is searched once: a file of one long line costs its length, not its square.
  for await (const chunk of fileText(source)) {
    const nl = chunk.indexOf('\n');
    if (nl >= 0) return parts.join('') + chunk.slice(0, nl + 1);
    parts.push(chunk);
    length += chunk.length;
    if (length > 1_000_000) break;
  }
  return parts.join('');
}

const TEXT_CHUNK = 4 * 1024; // parsing one chunk never stalls the event loop for long

/** Splits text into chunks without cutting a surrogate pair (an emoji) in two. */
export function* textChunks(text: string, size = TEXT_CHUNK): Generator<string> {
  for (let i = 0; i < text.length; ) {
    let end = Math.min(i + size, text.length);
    const last = text.charCodeAt(end - 1);
    // A high surrogate at the end goes with its pair: into the next chunk, or this one if it is alone.
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end = end - 1 > i ? end - 1 : end + 1;
    yield text.slice(i, end);
    i = end;
  }
}

/** A file's text, decoded from its bytes in the source's encoding, 64 KB of the file at a time. */
function fileText(source: CsvSource): AsyncGenerator<string> {
  return decodeFile(source.filePath!, source.encoding ?? 'utf-8');
}

/** A broken line's fields, split plainly on the delimiter (the best reading of a record CSV refused). */
function plainSplit(line: string, delimiter: string): string[] {
  return keptValues(line.replace(/\r$/, '').split(delimiter));
}

/** A broken record's values, as many as a header may have columns: the rest cannot be any column's. */
const keptValues = (values: string[]): string[] => (values.length > IMPORT_MAX_COLUMNS ? values.slice(0, IMPORT_MAX_COLUMNS) : values);

/**
 * Line breaks as csv-parse counts them: CRLF, LF, or a lone CR (Excel's "CSV (Macintosh)"). Line
 * numbers in messages, and the lines kept for bad records, must be counted the parser's way, or a
 * bad record waits for a line that never comes and every record after it is lost.
 */
const LINE_BREAK = /\r\n|\n|\r/;

/**
 * An unclosed quote at `line` swallows the rest of the file: each non-blank line from there on is
 * its own unreadable row, reported with the quote's line and kept with its plain-split values.
 */
function unclosedQuoteItems(raw: string, line: number, delimiter: string): CsvItem[] {
  const lines = raw.split(LINE_BREAK);
  const rows: Array<{ line: number; text: string }> = [];
  lines.forEach((text, i) => {
    if (text.replace(/\r$/, '').trim() !== '') rows.push({ line: line + i, text });
  });
  const last = rows.at(-1)?.line;
  if (last === undefined) return [];
  const span = rows.length === 1 ? `line ${line}` : `lines ${line}–${last} (${rows.length} rows)`;
  return rows.map((r) => ({
    kind: 'bad' as const,
    line: r.line,
    message:
      r.line === line
        ? `Line ${line}: a quote opened here is never closed, so ${span} could not be read. Close the quote and run the file again.`
        : `Line ${r.line}: not read, because the quote opened on line ${line} is never closed (${span} affected).`,
    values: plainSplit(r.text, delimiter),
  }));
}

function explain(err: CsvError, line: number): string {
  switch (err.code) {
    case 'CSV_RECORD_INCONSISTENT_COLUMNS':
    case 'CSV_RECORD_INCONSISTENT_FIELDS_LENGTH':
      return `Line ${line}: wrong number of columns (${err.message.replace(/^.*?columns length is (\d+), got (\d+).*$/s, 'expected $1, found $2')}). Check for an unquoted delimiter in a value.`;
    case 'CSV_QUOTE_NOT_CLOSED':
      return `Line ${line}: a quote opened here is never closed, so the rest of the file could not be read. Close the quote and run the file again.`;
    case 'INVALID_OPENING_QUOTE':
    case 'CSV_INVALID_CLOSING_QUOTE':
      return `Line ${line}: a quote appears inside an unquoted value. Wrap the value in quotes and double the inner quote ("").`;
    default:
      return `Line ${line}: this record could not be read (${err.message}).`;
  }
}

/**
 * Every record after the header as a header->cell object (bad records as `bad` items), in file order,
 * one batch per chunk read: consumers take rows from a batch without a trip through the generator.
 */
export async function* readCsvBatches(source: CsvSource, signal?: AbortSignal, onHeader?: (headers: string[]) => void): AsyncGenerator<CsvItem[]> {
  const delimiter = detectDelimiter(await firstLine(source));
  // csv-parse is used as a push parser: each chunk is written in, and on_record / on_skip collect the
  // records synchronously, in file order, into `ready` (nothing goes through its object stream, whose
  // per-record cost would dominate). The next chunk is read only once the last batch was taken.
  // Line numbers: a record starts on the line after the previous one ended, plus blank lines between.
  let prevEnd = 1;
  let prevEmpty = 0;
  let lastBadEnd = -1;
  let headerRead = false;
  let ready: CsvItem[] = [];
  /** Records the parser gave (rows and bad ones), counted as they come: checked against those handed on. */
  let found = 0;
  const enqueue = (...items: CsvItem[]) => {
    found += items.length;
    ready.push(...items);
  };
  const startOf = (end: number, empty: number) => {
    const start = Math.min(end, prevEnd + 1 + (empty - prevEmpty));
    prevEnd = end;
    prevEmpty = empty;
    return start;
  };
  const parser = parse({
    columns: (header: string[]) => {
      if (header.length > IMPORT_MAX_COLUMNS) throw new AppError('invalid_input', tooManyColumns(header.length), { retryable: false, details: { line: 1, limit: IMPORT_MAX_COLUMNS, columns: header.length } });
      const names = dedupeHeaders(header);
      headerRead = true;
      onHeader?.(names);
      return names;
    },
    delimiter,
    bom: true,
    // The raw text of a broken record, to keep its values in the output.
    raw: true,
    skip_empty_lines: true,
    skip_records_with_error: true,
    // One record held at most this long (field and raw text): a file of one 50 MB line stops here.
    max_record_size: IMPORT_MAX_RECORD_CHARS,
    on_record: ({ record }: { record: Record<string, string> }, info) => {
      enqueue({ kind: 'row', line: startOf(info.lines, info.empty_lines), record });
      return null;
    },
    on_skip: (err) => {
      if (!err) return undefined;
      // Thrown, so the parser stops: skipped, the over-long record would be reported at every character after.
      if (err.code === 'CSV_MAX_RECORD_SIZE') throw tooLong(headerRead ? prevEnd + 1 + (parser.info.empty_lines - prevEmpty) : 1 + parser.info.empty_lines);
      const end = (err as CsvError & { lines?: number }).lines ?? prevEnd + 1;
      // One broken record can raise several errors (one per stray quote): report it once.
      if (end === lastBadEnd) return undefined;
      lastBadEnd = end;
      const line = startOf(end, parser.info.empty_lines);
      const { record, raw } = err as CsvError & { record?: unknown; raw?: string };
      if (err.code === 'CSV_QUOTE_NOT_CLOSED' && typeof raw === 'string') {
        enqueue(...unclosedQuoteItems(raw, line, delimiter));
        return undefined;
      }
      if (Array.isArray(record)) {
        enqueue({ kind: 'bad', line, message: explain(err, line), values: keptValues(record.map(String)) });
      } else {
        // A stray quote: the parser stops reading the record there; its values come from the whole line.
        const item: CsvItem = { kind: 'bad', line, message: explain(err, line), values: [] };
        enqueue(item);
        needLine.push(item);
      }
      return undefined;
    },
  });
  // Physical lines of the text read so far (those a bad record may still need), by line number.
  const lines = new Map<number, string>();
  const needLine: CsvItem[] = [];
  const register = lineRegister(lines);
  /** Items ready to hand out: up to the first bad record whose line has not fully arrived yet. */
  let handed = 0;
  const resolved = () => {
    for (let item = needLine[0]; item; item = needLine[0]) {
      const text = lines.get(item.line);
      if (text === undefined) break;
      if (item.kind === 'bad') item.values = plainSplit(text, delimiter);
      needLine.shift();
    }
    const waiting = needLine[0];
    const upTo = waiting ? ready.indexOf(waiting) : ready.length;
    const items = ready.slice(0, upTo);
    ready = ready.slice(upTo);
    handed += items.length;
    // Lines before the oldest record still open are never needed again.
    const keepFrom = waiting ? waiting.line : prevEnd + 1;
    for (const k of lines.keys()) {
      if (k >= keepFrom) break;
      lines.delete(k);
    }
    return items;
  };
  let failure: unknown;
  parser.on('error', (e) => (failure ??= e));
  const feed = (chunk?: string) =>
    new Promise<void>((resolve) => (chunk === undefined ? parser.end(() => resolve()) : parser.write(chunk, () => resolve())));
  const take = resolved;
  const chunks: Iterable<string> | AsyncIterable<string> = source.text !== undefined ? textChunks(source.text) : fileText(source);
  try {
    for await (const chunk of chunks) {
      if (signal?.aborted) throw new DOMException('Cancelled', 'AbortError');
      register(chunk);
      await feed(chunk);
      if (failure) throw failure;
      const items = take();
      if (items.length) yield items;
    }
    register(null);
    if (parser.writable) await feed();
    if (failure) throw failure;
    const items = take();
    // The file is read: a bad record whose line was never seen keeps the values it has, and goes out.
    needLine.length = 0;
    items.push(...take());
    if (items.length) yield items;
    // Rows in = rows out + rows reported unreadable: every record the parser gave is handed on.
    if (found !== handed) throw recordsLost(found, handed, ready[0]?.line);
  } finally {
    parser.destroy();
    // The file's stream closes with its generator (for-await returns it on a throw or a break).
  }
}

/**
 * Keeps the physical lines of the text read so far in `lines` (by line number), chunk by chunk: each
 * chunk is split once and a line still open is kept as its parts, so one long line costs its length,
 * not its square (re-splitting the open line with every chunk took 232 s for a line of 50 MB).
 */
function lineRegister(lines: Map<number, string>): (chunk: string | null) => void {
  let lineNo = 1;
  let open: string[] = [];
  let openChars = 0;
  let heldCr = false;
  const close = () => {
    lines.set(lineNo++, open.join(''));
    open = [];
    openChars = 0;
  };
  // A line past the record limit is refused here, before the parser sees it: csv-parse's own limit
  // counts field characters only, so a line of 50 million delimiters would pass it as 50 million fields.
  const add = (part: string) => {
    openChars += part.length;
    if (openChars > IMPORT_MAX_RECORD_CHARS) throw tooLong(lineNo);
    open.push(part);
  };
  return (chunk) => {
    if (chunk === null) {
      lines.set(lineNo, open.join(''));
      return;
    }
    if (chunk === '') return;
    let text = chunk;
    if (heldCr) {
      // The CR that ended the last chunk ends its line, alone or as the first half of a CRLF.
      heldCr = false;
      close();
      if (text.startsWith('\n')) text = text.slice(1);
    }
    // A CR at the end of a chunk may be the first half of a CRLF: decide with the next chunk.
    if (text.endsWith('\r')) {
      heldCr = true;
      text = text.slice(0, -1);
    }
    const parts = text.split(LINE_BREAK);
    // split() returns at least one part: the last one is the line still open.
    const last = parts.pop()!;
    for (const part of parts) {
      add(part);
      close();
    }
    if (last) add(last);
  };
}

function tooLong(line: number): AppError {
  return new AppError('invalid_input', recordTooLong(line), { retryable: false, details: { line, limit: IMPORT_MAX_RECORD_CHARS, unit: 'characters' } });
}

/** The reader's own accounting failed: said with both numbers and where, never as fewer rows. */
function recordsLost(found: number, handed: number, fromLine: number | undefined): AppError {
  const where = fromLine !== undefined ? ` from line ${fromLine} on` : '';
  return new AppError(
    'io',
    `Not every record of this file could be read back: ${sentenceCount(found)} found, ${sentenceCount(handed)} kept (the rest${where}). ` +
      'The run stops rather than leave rows out. Save the file again as "CSV UTF-8" and run it again.',
    { retryable: false, details: { found, kept: handed, ...(fromLine !== undefined ? { line: fromLine } : {}) } },
  );
}

/** readCsvBatches one record at a time (tests, simple consumers). */
export async function* readCsv(source: CsvSource, signal?: AbortSignal): AsyncGenerator<CsvItem> {
  for await (const batch of readCsvBatches(source, signal)) yield* batch;
}

/** Blank or repeated headers get a position-based name so no column is silently lost. */
export function dedupeHeaders(header: string[]): string[] {
  const seen = new Map<string, number>();
  return header.map((h, i) => {
    const base = h.trim() || `Column ${i + 1}`;
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    return n === 0 ? base : `${base} (${n + 1})`;
  });
}
