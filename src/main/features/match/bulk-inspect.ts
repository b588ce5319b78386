// The check before a bulk run (match.bulkInspect): the encoding a file is read in (detected, or the
// analyst's choice), the reader's check of every record (csv-inspect.ts), and the rows that repeat
// an earlier row (duplicates.ts), with the mapping and key column the run would use.
import { AppError } from '../../../shared/errors';
import type { CsvInspectView, RepeatView } from '../../../shared/bridge/groups/match';
import type { EncodingInfo, TextEncoding } from '../../../shared/match/encodings';
import { applyMapping, guessMapping, type ColumnMapping } from '../../../shared/match/fields';
import { inspectCsv } from './csv-inspect';
import type { CsvSource } from './csv-source';
import { factsKey, guessKeyColumn, RepeatIndex } from './duplicates';
import { detectFileEncoding } from './encoding-detect';
import { EncodingError } from './text-decoding';
import { mixedUtf8Message } from './utf8-census';

/** Repeated rows listed by the preview (all are counted). */
const REPEATS_LISTED = 10;

/** The encoding a file is read in: the analyst's choice, else what its bytes say. */
export async function fileEncoding(path: string, chosen: TextEncoding | undefined): Promise<EncodingInfo> {
  return chosen ? { encoding: chosen, source: 'chosen' } : detectFileEncoding(path);
}

export interface InspectOptions {
  partial?: boolean;
  /** How the file is read (files only). */
  encoding?: EncodingInfo;
  /** Name and country columns of the mapping (absent: the suggested one). */
  mapping?: ColumnMapping;
  /** null: no key column; absent: guessed from the header. */
  keyColumn?: string | null;
  /** The mapping last started with for a file of these headers (mapping-memory.ts), offered before a guess. */
  recall?(headers: readonly string[]): ColumnMapping | null;
}

export async function inspectBulk(source: CsvSource, opts: InspectOptions): Promise<CsvInspectView> {
  const suggest = (headers: string[]) => opts.recall?.(headers) ?? guessMapping(headers);
  let index: RepeatIndex | null = null;
  let mapping: ColumnMapping = {};
  let suggestedKey: string | null = null;
  /** Facts of first occurrences by line: a repeat with the same facts reuses that row's answer. */
  const facts = new Map<number, string>();
  const items: RepeatView[] = [];
  let count = 0;
  let reused = 0;
  const onRecord = (line: number, record: Record<string, string>, headers: string[]) => {
    if (!index) {
      suggestedKey = guessKeyColumn(headers);
      const key = opts.keyColumn === undefined ? suggestedKey : opts.keyColumn !== null && headers.includes(opts.keyColumn) ? opts.keyColumn : null;
      index = new RepeatIndex(key);
      mapping = opts.mapping ?? suggest(headers);
    }
    const input = applyMapping(record, mapping);
    const repeat = index.check(line, index.keyColumn !== null ? record[index.keyColumn] : undefined, input);
    if (!repeat) {
      facts.set(line, factsKey(input));
      return;
    }
    const same = facts.get(repeat.of) === factsKey(input);
    count++;
    if (same) reused++;
    if (items.length < REPEATS_LISTED) items.push({ line, ...repeat, reused: same });
  };
  let preview;
  try {
    preview = await inspectCsv(source, { partial: opts.partial, onRecord });
  } catch (e) {
    // The menu stays with the encoding that failed, and the message names the line.
    if (e instanceof EncodingError && opts.encoding) {
      // A mostly-UTF-8 file: every line that is not is named, with what to do, not "choose the encoding".
      const mixed = opts.encoding.encoding === 'utf-8' ? opts.encoding.invalidLines : undefined;
      throw new AppError('invalid_input', mixed ? mixedUtf8Message(mixed) : e.message, {
        retryable: false,
        details: { ...e.details, encodingSource: opts.encoding.source, ...(mixed ? { invalidLines: mixed.count } : {}) },
      });
    }
    throw e;
  }
  if (preview.headers.length === 0) throw new AppError('invalid_input', 'The CSV is empty. The first line must name the columns.');
  const guessedKey = suggestedKey ?? guessKeyColumn(preview.headers);
  const keyColumn = (index as RepeatIndex | null)?.keyColumn ?? (opts.keyColumn === undefined ? guessedKey : opts.keyColumn);
  return {
    ...(opts.encoding ? { encoding: opts.encoding } : {}),
    ...preview,
    suggested: suggest(preview.headers),
    ...(opts.recall?.(preview.headers) ? { suggestedFromLast: true } : {}),
    keyColumn: keyColumn !== null && preview.headers.includes(keyColumn) ? keyColumn : null,
    suggestedKey: guessedKey,
    repeats: { count, reused, items },
  };
}
