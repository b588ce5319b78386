// Under the result grid: the focused cell's column and row with its whole value (a cell shows at most
// a line), read out politely as the focus moves; before any cell has the focus, the keys to use.
import { cellValue } from '../../../shared/search/flatten';
import { fieldLabel } from '../../../shared/service/catalogue';
import { cellFormat } from './cell-format';

export interface GridFocusLineProps {
  /** The focused data column; undefined on the select box. */
  column: string | undefined;
  rowNumber: number;
  /** The focused row, flattened; null when there is none. */
  record: Record<string, unknown> | null;
}

export function GridFocusLine({ column, rowNumber, record }: GridFocusLineProps) {
  const text = column && record ? cellFormat.cell(column, cellValue(record, column)).full : '';
  return (
    <p className="result-grid__focus" aria-live="polite">
      {column ? (
        <>
          <strong title={column}>{fieldLabel(column)}</strong> (row {rowNumber}): <span className="result-grid__focus-value">{text || '—'}</span>
        </>
      ) : (
        'Arrow keys move between cells, Enter opens the company, Space selects, Ctrl+C copies, Ctrl+Shift+Left/Right resizes a column.'
      )}
    </p>
  );
}
