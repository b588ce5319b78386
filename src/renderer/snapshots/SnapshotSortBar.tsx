// Over a loaded snapshot's rows: the text filter (name, city, domain, industry; applied after a pause),
// the column to sort by (or the service's order) and the direction. Empty values come last either way.
import { fieldLabel } from '../../shared/service/catalogue';
import type { GridSort } from '../ui/grid/GridHeader';

export interface SnapshotSortBarProps {
  text: string;
  onText(text: string): void;
  columns: readonly string[];
  sort: GridSort | null;
  onSort(update: (s: GridSort | null) => GridSort | null): void;
}

export function SnapshotSortBar({ text, onText, columns, sort, onSort }: SnapshotSortBarProps) {
  return (
    <div className="snapshot__sort">
      <label className="snapshot__text">
        Filter loaded rows{' '}
        <input className="field__input" type="search" value={text} placeholder="Name, city, domain, industry" onChange={(e) => onText(e.target.value)} />
      </label>
      <label>
        Sort by{' '}
        <select
          className="field__input"
          value={sort?.field ?? ''}
          onChange={(e) => {
            const field = e.target.value;
            onSort((s) => (field ? { field, direction: s?.direction ?? 'asc' } : null));
          }}
        >
          <option value="">Service order</option>
          {columns.map((c) => (
            <option key={c} value={c}>
              {fieldLabel(c)}
            </option>
          ))}
        </select>
      </label>
      <label>
        Direction{' '}
        <select
          className="field__input"
          value={sort?.direction ?? 'asc'}
          disabled={!sort}
          onChange={(e) => {
            const direction = e.target.value === 'desc' ? 'desc' : 'asc';
            onSort((s) => (s ? { field: s.field, direction } : s));
          }}
        >
          <option value="asc">Ascending</option>
          <option value="desc">Descending</option>
        </select>
      </label>
      <span className="snapshot__sort-note">Empty values come last in both directions.</span>
    </div>
  );
}
