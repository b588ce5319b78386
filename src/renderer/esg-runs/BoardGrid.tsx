// The board's table: one row per company (name first, id secondary), one cell per module with its
// state in words. Virtualised: only the rows in view are mounted, and a row re-renders only when
// its BoardRow object changes (the reducer keeps untouched rows identical).
import { memo, useCallback, useRef } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { COUNT_SEMANTICS, MODULE_LABELS } from '../../shared/esg/count-semantics';
import type { EsgModule } from '../../shared/service/schemas';
import { oneLineText } from '../../shared/service-text';
import { ServiceText } from '../ui/ServiceText';
import { CELL_STATE_LABELS, type BoardCell, type BoardRow } from '../data/esg-runs-board';
import { formatCount } from '../ui/format';

export const BOARD_ROW_H = 44;
const BOARD_HEAD_H = 36;

export interface BoardGridProps {
  label: string;
  modules: readonly EsgModule[];
  rows: readonly BoardRow[];
  onOpenCompany(companyId: string, companyName: string | null): void;
}

export function BoardGrid({ label, modules, rows, onOpenCompany }: BoardGridProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // A stable callback keeps memoised rows from re-rendering when the parent does.
  const openRef = useRef(onOpenCompany);
  openRef.current = onOpenCompany;
  const open = useCallback((id: string, name: string | null) => openRef.current(id, name), []);
  // A stable key function: a new one per render makes the virtualiser rebuild every row's
  // measurement (1,000 objects) on each batch and each scroll. A run's companies never reorder.
  const rowsRef = useRef(rows);
  rowsRef.current = rows;
  const itemKey = useCallback((i: number) => rowsRef.current[i]?.companyId ?? i, []);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => BOARD_ROW_H,
    overscan: 8,
    // Rows on the first paint too, before the scroll box is measured.
    initialRect: { width: 960, height: 480 },
    getItemKey: itemKey,
    scrollMargin: BOARD_HEAD_H,
  });
  const columns = `minmax(14rem, 2fr) repeat(${modules.length}, minmax(10rem, 1fr))`;
  return (
    // The scroll box is the keyboard's way in (arrow keys and Page Up/Down scroll it); the header stays on top.
    <div className="board-grid" ref={scrollRef} tabIndex={0} role="region" aria-label={`${label} (scrollable)`}>
      <div role="table" aria-label={label} aria-rowcount={rows.length + 1} aria-colcount={modules.length + 1} className="board-grid__table">
        <div role="rowgroup" className="board-grid__head">
          <div role="row" aria-rowindex={1} className="board-grid__row board-grid__row--head" style={{ gridTemplateColumns: columns }}>
            <div role="columnheader" className="board-grid__cell">
              Company
            </div>
            {modules.map((m) => (
              <div key={m} role="columnheader" className="board-grid__cell">
                {MODULE_LABELS[m]}
              </div>
            ))}
          </div>
        </div>
        <div role="rowgroup" className="board-grid__body" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((vi) => {
            const row = rows[vi.index];
            return row && <BoardRowView key={vi.key} row={row} rowIndex={vi.index + 2} top={vi.start - BOARD_HEAD_H} modules={modules} columns={columns} onOpen={open} />;
          })}
        </div>
      </div>
    </div>
  );
}

interface RowProps {
  row: BoardRow;
  rowIndex: number;
  top: number;
  modules: readonly EsgModule[];
  columns: string;
  onOpen(companyId: string, companyName: string | null): void;
}

export const BoardRowView = memo(function BoardRowView({ row, rowIndex, top, modules, columns, onOpen }: RowProps) {
  return (
    <div role="row" aria-rowindex={rowIndex} className="board-grid__row" data-company-id={row.companyId} style={{ transform: `translateY(${top}px)`, gridTemplateColumns: columns, height: BOARD_ROW_H }}>
      <div role="rowheader" className="board-grid__cell board-grid__company">
        <button type="button" className="board-grid__open" onClick={() => onOpen(row.companyId, row.companyName)} title={`Open ESG of ${oneLineText(row.companyName ?? row.companyId)}`}>
          {row.companyName !== null ? <ServiceText text={row.companyName} /> : row.companyId}
        </button>
        {row.companyName ? <span className="board-grid__id mono">{row.companyId}</span> : null}
      </div>
      {modules.map((m) => (
        <CellView key={m} module={m} cell={row.cells[m]} />
      ))}
    </div>
  );
});

function CellView({ module, cell }: { module: EsgModule; cell?: BoardCell }) {
  if (!cell) return <div role="cell" className="board-grid__cell">–</div>;
  return (
    <div role="cell" className={`board-grid__cell board-cell board-cell--${cell.state}`} data-module={module} data-state={cell.state} title={cellTitle(module, cell)}>
      <span className="board-cell__mark" aria-hidden="true" />
      <span className="board-cell__text">{cellText(module, cell)}</span>
    </div>
  );
}

/** What the cell says, in words (colour only repeats it). */
export function cellText(module: EsgModule, cell: BoardCell): string {
  const label = CELL_STATE_LABELS[cell.state];
  if (cell.state === 'processing') return cell.count === null ? label : `${label} · ${formatCount(cell.count)} ${COUNT_SEMANTICS[module].unit}`;
  if (cell.state === 'complete' && cell.count !== null) return `${label} · ${formatCount(cell.count)}`;
  if (cell.state === 'failed' && cell.reason) return `${label}: ${cell.reason}`;
  return label;
}

function cellTitle(module: EsgModule, cell: BoardCell): string | undefined {
  if (cell.state === 'processing') return COUNT_SEMANTICS[module].explanation;
  if (cell.state === 'failed') return cell.reason ?? undefined;
  if (cell.state === 'no_access') return 'This client may not read this module (403).';
  if (cell.state === 'not_found') return 'The ESG sources do not know this company.';
  return undefined;
}
