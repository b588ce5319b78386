// The check before a bulk match runs: the header, a sample and every record the run will read, with
// rows of the wrong width, unclosed quotes and formula-like cells counted (the first few named).
import { wouldComputeAsFormula } from '../../../shared/export/cell-rules';
import { detectDelimiter, firstLine, readCsvBatches, type CsvItem, type CsvSource } from './csv-source';

/** Something the run would report or change, shown with the column preview before the run. */
export interface CsvIssue {
  line: number;
  kind: 'field_count' | 'unclosed_quote' | 'unreadable' | 'formula';
  message: string;
}

export interface CsvPreview {
  headers: string[];
  sample: Record<string, string>[];
  delimiter: string;
  /** Records read by the check (all of the file, or of the part sent when `partial`). */
  rows: number;
  /** Counts over every record checked; `issues` lists the first few of each kind. */
  counts: { fieldCount: number; unclosedQuote: number; unreadable: number; formula: number };
  issues: CsvIssue[];
  /** The check stopped at MAX_CHECKED_ROWS or at the end of the part sent. */
  partial: boolean;
}

/** Rows the preview checks at most (a large file is checked this far, the run reads it all). */
export const MAX_CHECKED_ROWS = 200_000;
const ISSUES_PER_KIND = 10;

/**
 * Header, the first few records and a check of every record the run will read: rows with the wrong
 * number of fields, an unclosed quote (with the rows it swallows), and cells a spreadsheet would compute as a formula.
 * `partial`: the text is only the start of a file (cut anywhere), so its last record is not judged.
 */
export async function inspectCsv(
  source: CsvSource,
  opts: { sampleSize?: number; partial?: boolean; onRecord?: (line: number, record: Record<string, string>, headers: string[]) => void } = {},
): Promise<CsvPreview> {
  const sampleSize = opts.sampleSize ?? 5;
  let headers: string[] = [];
  const sample: Record<string, string>[] = [];
  const counts = { fieldCount: 0, unclosedQuote: 0, unreadable: 0, formula: 0 };
  const issues: CsvIssue[] = [];
  const perKind = new Map<CsvIssue['kind'], number>();
  const note = (issue: CsvIssue) => {
    const n = perKind.get(issue.kind) ?? 0;
    perKind.set(issue.kind, n + 1);
    if (n < ISSUES_PER_KIND) issues.push(issue);
  };
  const check = (it: CsvItem) => {
    if (it.kind === 'row') {
      if (sample.length < sampleSize) sample.push(it.record);
      opts.onRecord?.(it.line, it.record, headers);
      const formulaColumn = headers.find((h) => wouldComputeAsFormula(it.record[h] ?? ''));
      if (formulaColumn !== undefined) {
        counts.formula++;
        note({
          line: it.line,
          kind: 'formula',
          message: `Line ${it.line}: "${formulaColumn}" would be computed as a formula by a spreadsheet (${JSON.stringify((it.record[formulaColumn] ?? '').slice(0, 40))}). It is sent as text; CSV exports show it with a ' in front.`,
        });
      }
      return;
    }
    const kind: CsvIssue['kind'] = /wrong number of columns/.test(it.message)
      ? 'field_count'
      : /opened here is never closed/.test(it.message)
        ? 'unclosed_quote'
        : 'unreadable';
    counts[kind === 'field_count' ? 'fieldCount' : kind === 'unclosed_quote' ? 'unclosedQuote' : 'unreadable']++;
    note({ line: it.line, kind, message: it.message });
  };
  // Checked as the batches come, never gathered: memory holds one batch, whatever the file's size.
  // One item is held back: the end of a cut text is not the end of the file, so its last record
  // may be cut mid-value, and (like the records an unclosed quote swallowed there) is not judged.
  const cutShort = (it: CsvItem) => it.kind === 'bad' && /never closed|not read, because/.test(it.message);
  let held: CsvItem | undefined;
  let read = 0;
  let rows = 0;
  let stoppedEarly = false;
  const take = (it: CsvItem) => {
    if (opts.partial && cutShort(it)) return;
    rows++;
    check(it);
  };
  reading: for await (const batch of readCsvBatches(source, undefined, (h) => (headers = h))) {
    for (const it of batch) {
      if (read === MAX_CHECKED_ROWS) {
        stoppedEarly = true;
        break reading;
      }
      read++;
      if (held) take(held);
      held = it;
    }
  }
  if (held && !opts.partial) take(held);
  const delimiter = detectDelimiter(await firstLine(source));
  return { headers, sample, delimiter, rows, counts, issues, partial: Boolean(opts.partial) || stoppedEarly };
}
