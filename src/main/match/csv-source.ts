// Streams a CSV of companies record by record (csv-parse), so a large file is never held whole.
// A malformed record is reported with its line number and parsing carries on with the next one.
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { parse, type CsvError } from 'csv-parse';

export type CsvItem =
  | { kind: 'row'; line: number; record: Record<string, string> }
  | { kind: 'bad'; line: number; message: string };

export interface CsvSource {
  text?: string;
  filePath?: string;
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

async function firstLine(source: CsvSource): Promise<string> {
  if (source.text !== undefined) return source.text.slice(0, source.text.indexOf('\n') + 1 || undefined);
  const stream = createReadStream(source.filePath!, { encoding: 'utf8', highWaterMark: 16 * 1024 });
  let acc = '';
  try {
    for await (const chunk of stream) {
      acc += chunk as string;
      const nl = acc.indexOf('\n');
      if (nl >= 0) return acc.slice(0, nl + 1);
      if (acc.length > 1_000_000) break;
    }
  } finally {
    stream.destroy();
  }
  return acc;
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

function openStream(source: CsvSource): Readable {
  if (source.text !== undefined) return Readable.from(textChunks(source.text));
  return createReadStream(source.filePath!, { encoding: 'utf8', highWaterMark: 64 * 1024 });
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
export async function* readCsvBatches(source: CsvSource, signal?: AbortSignal): AsyncGenerator<CsvItem[]> {
  const delimiter = detectDelimiter(await firstLine(source));
  // csv-parse is used as a push parser: each chunk is written in, and on_record / on_skip collect the
  // records synchronously, in file order, into `ready` (nothing goes through its object stream, whose
  // per-record cost would dominate). The next chunk is read only once the last batch was taken.
  // Line numbers: a record starts on the line after the previous one ended, plus blank lines between.
  let prevEnd = 1;
  let prevEmpty = 0;
  let lastBadEnd = -1;
  let ready: CsvItem[] = [];
  const startOf = (end: number, empty: number) => {
    const start = Math.min(end, prevEnd + 1 + (empty - prevEmpty));
    prevEnd = end;
    prevEmpty = empty;
    return start;
  };
  const parser = parse({
    columns: (header: string[]) => dedupeHeaders(header),
    delimiter,
    bom: true,
    skip_empty_lines: true,
    skip_records_with_error: true,
    on_record: (record: Record<string, string>, info) => {
      ready.push({ kind: 'row', line: startOf(info.lines, info.empty_lines), record });
      return null;
    },
    on_skip: (err) => {
      if (!err) return undefined;
      const end = (err as CsvError & { lines?: number }).lines ?? prevEnd + 1;
      // One broken record can raise several errors (one per stray quote): report it once.
      if (end === lastBadEnd) return undefined;
      lastBadEnd = end;
      const line = startOf(end, parser.info.empty_lines);
      ready.push({ kind: 'bad', line, message: explain(err, line) });
      return undefined;
    },
  });
  let failure: unknown;
  parser.on('error', (e) => (failure ??= e));
  const feed = (chunk?: string) =>
    new Promise<void>((resolve) => (chunk === undefined ? parser.end(() => resolve()) : parser.write(chunk, () => resolve())));
  const take = () => {
    const items = ready;
    ready = [];
    return items;
  };
  const chunks: Iterable<string> | AsyncIterable<string> = source.text !== undefined ? textChunks(source.text) : openStream(source);
  try {
    for await (const chunk of chunks) {
      if (signal?.aborted) throw new DOMException('Cancelled', 'AbortError');
      await feed(chunk);
      if (failure) throw failure;
      if (ready.length) yield take();
    }
    if (parser.writable) await feed();
    if (failure) throw failure;
    if (ready.length) yield take();
  } finally {
    parser.destroy();
    if (chunks instanceof Readable) chunks.destroy();
  }
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

export interface CsvPreview {
  headers: string[];
  sample: Record<string, string>[];
  delimiter: string;
}

/** Header and first few records, for the column-mapping step. Stops reading as soon as it has them. */
export async function inspectCsv(source: CsvSource, sampleSize = 5): Promise<CsvPreview> {
  const delimiter = detectDelimiter(await firstLine(source));
  const sample: Record<string, string>[] = [];
  let headers: string[] = [];
  const parser = parse({ delimiter, bom: true, skip_empty_lines: true, relax_column_count: true, relax_quotes: true, to: sampleSize + 1 });
  const input = openStream(source);
  try {
    for await (const rec of input.pipe(parser) as AsyncIterable<string[]>) {
      if (headers.length === 0) headers = dedupeHeaders(rec);
      else sample.push(Object.fromEntries(headers.map((h, i) => [h, rec[i] ?? ''])));
    }
  } catch {
    // A truncated snippet (the renderer may send only the start of a big file) can end mid-quote.
  } finally {
    input.destroy();
  }
  return { headers, sample, delimiter };
}
