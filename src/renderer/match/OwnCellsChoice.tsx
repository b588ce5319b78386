// A bulk CSV export promises "every input column as it was"; formula protection would put an
// apostrophe before the analyst's own cells that start like a formula (+49 …, =SUMME(…)). Counted
// before the export, with the choice (issue 39 #2): protect them like the rest, or leave them as
// in the file. The match columns from the service are protected either way.
import { useId } from 'react';
import type { OwnCells, OwnFormulaCells } from '../../shared/bridge/groups/match';
import { formatCount } from '../ui/format';

export function OwnCellsChoice({ own, value, onChange }: { own: OwnFormulaCells; value: OwnCells; onChange(v: OwnCells): void }) {
  const name = useId();
  const n = own.cells;
  const columns = own.columns.length === 1 ? `the column ${own.columns[0]}` : `the columns ${own.columns.join(', ')}`;
  return (
    <fieldset className="match-bulk-job__own-cells">
      <legend>Your own cells in the CSV</legend>
      <p className="field__hint">
        {formatCount(n)} of your cell{n === 1 ? '' : 's'} start{n === 1 ? 's' : ''} like a formula (such as “{own.example}”, in {columns}).
      </p>
      <label className="export-form__choice">
        <input type="radio" name={name} value="protect" checked={value === 'protect'} onChange={() => onChange('protect')} />
        Put an apostrophe before {n === 1 ? 'it' : 'them'}: a spreadsheet shows {n === 1 ? 'it' : 'them'} as text, with the apostrophe
      </label>
      <label className="export-form__choice">
        <input type="radio" name={name} value="as-is" checked={value === 'as-is'} onChange={() => onChange('as-is')} />
        Leave {n === 1 ? 'it' : 'them'} as in your file: a spreadsheet may run {n === 1 ? 'it if it is' : 'those that are'} a formula
      </label>
    </fieldset>
  );
}
