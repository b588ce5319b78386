// "Opened by double-click, this CSV changes …": what Excel or LibreOffice on this computer would do
// to the cells at hand, per column, in numbers, with XLSX (which keeps every value) one click away.
// The prediction is the one the LibreOffice read-back test checks cell by cell (shared/export/double-click.ts).
import { useMemo } from 'react';
import type { CsvOptionsInput } from '../../shared/export/csv-options';
import type { LocaleSeparators } from '../../shared/export/csv-presets';
import { countOpenChanges, type ColumnOpenChanges } from '../../shared/export/double-click-count';
import type { OpenChangeKind } from '../../shared/export/double-click';
import { formatCount } from '../ui/format';

/** The rows the dialog knows before the export, and what they are ("the rows on screen"). */
export interface CsvSample {
  records: readonly Record<string, unknown>[];
  /** The exported columns, or null for every field. */
  columns: readonly string[] | null;
  of: string;
}

const KIND_WORDS: Record<OpenChangeKind, string> = {
  'leading-zeros': 'leading zeros lost',
  'long-digits': 'rounded to 15 digits',
  'number-form': 'turned into numbers shown another way',
  number: 'turned into numbers (shown the same)',
  'number-as-text': 'numbers left as text',
  'number-changed': 'numbers read as other numbers',
  date: 'turned into dates',
  apostrophe: 'an apostrophe shown (formula protection)',
  formula: 'run as formulas',
};

const DELIMITER_WORD: Record<string, string> = { ',': 'commas', ';': 'semicolons', '\t': 'tabs', '|': 'pipes' };

function columnItems(c: ColumnOpenChanges): string[] {
  return Object.entries(c.kinds).map(([kind, k]) => {
    const where = k.excelOnly ? ' in Excel' : '';
    return `${c.column}: ${KIND_WORDS[kind as OpenChangeKind]}${where} in ${formatCount(k.cells)} cell${k.cells === 1 ? '' : 's'}, such as ${k.example}`;
  });
}

export function OpenedNote({ options, separators, sample, onUseXlsx }: { options: CsvOptionsInput; separators: LocaleSeparators; sample: CsvSample | null; onUseXlsx?: (() => void) | undefined }) {
  const changes = useMemo(() => (sample ? countOpenChanges(sample.records, sample.columns, options, separators) : null), [sample, options, separators]);
  const program = `Excel or LibreOffice on this computer (${separators.locale})`;
  return (
    <div className="export-form__prefix-note" role="status" data-testid="opened-note">
      {options.delimiter !== separators.list ? (
        <p>
          Excel on this computer splits a CSV at {DELIMITER_WORD[separators.list]}: opened there by double-click, each line of this file stays in one column.
        </p>
      ) : null}
      {changes === null ? (
        <p>Opened by double-click in {program}, codes such as 03024 lose their leading zeros; the finished export counts the apostrophes added.</p>
      ) : changes.cells === 0 ? (
        <p>
          Opened by double-click in {program}, this CSV keeps every cell of {sample!.of}.
        </p>
      ) : (
        <>
          <p>
            Opened by double-click in {program}, this CSV changes {formatCount(changes.cells)} cell{changes.cells === 1 ? '' : 's'} of {sample!.of}:
          </p>
          <ul className="export-form__changes">
            {changes.columns.flatMap(columnItems).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </>
      )}
      <p>An Excel workbook (XLSX) keeps every value exactly, with no apostrophe: the choice that keeps everything.</p>
      {onUseXlsx ? (
        <button type="button" className="button button--small" onClick={onUseXlsx}>
          Use Excel (XLSX) instead
        </button>
      ) : null}
    </div>
  );
}
