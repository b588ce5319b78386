// The review queue's table: one row per file line, the cursor's row marked (aria-activedescendant,
// so the focus stays on the table and the keys work), each row with its own Accept and Reject.
import type { KeyboardEvent } from 'react';
import type { BulkRowView } from '../../shared/bridge/groups/match';
import { ServiceText } from '../ui/ServiceText';
import { DataTable, type TableColumn } from '../ui/grid/DataTable';
import { DECISION_TEXT, formatConfidence } from './match-format';
import { choiceLabel, decisionClass } from './review-decision';

export interface ReviewTableProps {
  jobId: string;
  list: readonly BulkRowView[];
  current: BulkRowView | undefined;
  onKey(e: KeyboardEvent<HTMLTableElement>): void;
  onSelect(line: number): void;
  onDecide(row: BulkRowView, action: 'accept' | 'reject'): void;
}

export function ReviewTable({ jobId, list, current, onKey, onSelect, onDecide }: ReviewTableProps) {
  const rowId = (line: number) => `match-review-${jobId}-${line}`;
  return (
    <DataTable
      label="Review queue"
      className="match-review__table"
      columns={reviewColumns(onDecide)}
      rows={list}
      rowKey={(row) => String(row.line)}
      tableProps={{
        role: 'grid',
        'aria-describedby': `match-review-keys-${jobId}`,
        tabIndex: 0,
        'aria-activedescendant': current ? rowId(current.line) : undefined,
        onKeyDown: onKey,
      }}
      rowProps={(row) => ({
        id: rowId(row.line),
        'aria-selected': row === current,
        className: `match-review__row${row === current ? ' match-review__row--active' : ''}`,
        onClick: () => onSelect(row.line),
      })}
    />
  );
}

function reviewColumns(onDecide: ReviewTableProps['onDecide']): TableColumn<BulkRowView>[] {
  return [
    { key: 'line', header: 'Line', num: true, cell: (row) => row.line },
    { key: 'name', header: 'Name in the file', cell: (row) => [row.input.name, row.input.country].filter(Boolean).join(', ') },
    { key: 'best', header: 'Best candidate', cell: (row) => (row.choices?.[0] ? <ServiceText text={choiceLabel(row.choices[0])} /> : '') },
    { key: 'confidence', header: 'Confidence', num: true, cell: (row) => (row.choices?.[0] ? formatConfidence(row.choices[0].confidence) : '') },
    { key: 'decision', header: 'Decision', cell: (row) => <Decision row={row} /> },
    {
      key: 'actions',
      header: 'Actions',
      className: 'match-review__actions',
      cell: (row) => (
        <>
          <button type="button" className="button button--small" tabIndex={-1} onClick={() => onDecide(row, 'accept')} aria-label={`Accept line ${row.line}`}>
            Accept
          </button>
          <button type="button" className="button button--small" tabIndex={-1} onClick={() => onDecide(row, 'reject')} aria-label={`Reject line ${row.line}`}>
            Reject
          </button>
        </>
      ),
    },
  ];
}

function Decision({ row }: { row: BulkRowView }) {
  const chosen = row.choices?.find((c) => c.companyId === row.chosenId);
  return (
    <>
      <span className={`pill ${decisionClass(row.decision)}`}>{row.decision ? DECISION_TEXT[row.decision] : ''}</span>
      {row.decision === 'picked' && chosen ? <span className="match-review__chosen"> {choiceLabel(chosen)}</span> : null}
    </>
  );
}
