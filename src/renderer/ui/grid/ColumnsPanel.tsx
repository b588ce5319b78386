// Show, hide, reorder and size the grid's columns without a mouse; a search box finds one among dozens.
import { useState } from 'react';
import { fieldLabel } from '../../../shared/service/catalogue';
import { defaultWidth, findColumns, MAX_WIDTH, MIN_WIDTH, moveColumn, orderedColumns, setHidden, setWidth, type ColumnPrefs } from './column-prefs';

export interface ColumnsPanelProps {
  available: readonly string[];
  prefs: ColumnPrefs;
  onChange(prefs: ColumnPrefs): void;
}

export function ColumnsPanel({ available, prefs, onChange }: ColumnsPanelProps) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const order = orderedColumns(available, prefs);
  const found = new Set(findColumns(order, query, fieldLabel));
  const hidden = new Set(prefs.hidden);
  const shown = order.filter((c) => !hidden.has(c)).length;
  return (
    <div className="columns-panel">
      <button type="button" className="button button--small" aria-expanded={open} onClick={() => setOpen(!open)}>
        Columns ({shown} of {order.length} shown)
      </button>
      {open ? (
        <div
          className="columns-panel__body"
          role="group"
          aria-label="Grid columns"
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.stopPropagation();
              setOpen(false);
            }
          }}
        >
          <div className="columns-panel__actions">
            <button type="button" className="button button--ghost button--small" onClick={() => onChange({ ...prefs, hidden: [] })}>
              Show all
            </button>
            <button type="button" className="button button--ghost button--small" onClick={() => onChange({ order: [], hidden: [], widths: {}, ...(prefs.density ? { density: prefs.density } : {}) })}>
              Reset columns
            </button>
          </div>
          <input
            type="search"
            className="field__input columns-panel__search"
            aria-label="Find a column"
            placeholder="Find a column"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            aria-describedby="columns-panel-found"
          />
          <p id="columns-panel-found" className="columns-panel__found" role="status">
            {query.trim() ? `${found.size} of ${order.length} columns match` : ''}
          </p>
          <ul className="columns-panel__list">
            {order.map((col, i) => {
              if (!found.has(col)) return null;
              const label = fieldLabel(col);
              return (
              <li key={col} className="columns-panel__item">
                <label className="columns-panel__name" title={col}>
                  <input type="checkbox" checked={!hidden.has(col)} onChange={(e) => onChange(setHidden(prefs, col, !e.target.checked))} />
                  {label}
                </label>
                <button type="button" className="button button--ghost button--small" aria-label={`Move ${label} left`} disabled={i === 0} onClick={() => onChange(moveColumn(available, prefs, col, -1))}>
                  ↑
                </button>
                <button
                  type="button"
                  className="button button--ghost button--small"
                  aria-label={`Move ${label} right`}
                  disabled={i === order.length - 1}
                  onClick={() => onChange(moveColumn(available, prefs, col, 1))}
                >
                  ↓
                </button>
                <input
                  type="number"
                  className="field__input columns-panel__width"
                  aria-label={`Width of ${label} in pixels`}
                  min={MIN_WIDTH}
                  max={MAX_WIDTH}
                  step={10}
                  value={prefs.widths[col] ?? defaultWidth(col)}
                  onChange={(e) => {
                    const w = Number(e.target.value);
                    if (Number.isFinite(w) && w > 0) onChange(setWidth(prefs, col, w));
                  }}
                />
              </li>
              );
            })}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
