// The result grid's toolbar: copy (the selected rows, or the focused one) as TSV, show the focused
// company, choose columns, compact rows, the caller's actions on the selection (e.g. "Add to list"),
// and a status line that says what the last action did.
import type { ReactNode } from 'react';
import { ColumnsPanel } from './ColumnsPanel';
import { densityOf, setDensity, type ColumnPrefs } from './column-prefs';
import { formatCount } from '../format';

export interface GridToolbarProps {
  available: string[];
  prefs: ColumnPrefs;
  onPrefsChange(prefs: ColumnPrefs): void;
  hasRows: boolean;
  selectedCount: number;
  onCopy(): void;
  onShowDetails(): void;
  /** The caller's controls on the selection, already given the selected records. */
  selectionActions?: ReactNode;
  status: string | null;
}

export function GridToolbar(p: GridToolbarProps) {
  const compact = densityOf(p.prefs) === 'compact';
  return (
    <div className="result-grid__toolbar">
      <button type="button" className="button button--small" onClick={p.onCopy} disabled={!p.hasRows}>
        {p.selectedCount ? `Copy ${formatCount(p.selectedCount)} selected ${p.selectedCount === 1 ? 'row' : 'rows'} (TSV)` : 'Copy row (TSV)'}
      </button>
      <button type="button" className="button button--small" onClick={p.onShowDetails} disabled={!p.hasRows}>
        Show details
      </button>
      <ColumnsPanel available={p.available} prefs={p.prefs} onChange={p.onPrefsChange} />
      <button type="button" className="button button--small" aria-pressed={compact} onClick={() => p.onPrefsChange(setDensity(p.prefs, compact ? 'comfortable' : 'compact'))}>
        Compact rows
      </button>
      {p.selectionActions}
      <span className="result-grid__status" role="status">
        {p.status}
      </span>
    </div>
  );
}
