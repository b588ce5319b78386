// The review queue's table: one row per file line, the cursor's row marked (aria-activedescendant,
// so the focus stays on the table and the keys work), each row with its own Accept and Reject.
import type { KeyboardEvent } from 'react';
import type { BulkRowView } from '../../shared/bridge/groups/match';
import { ServiceText } from '../ui/ServiceText';
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
    <table
      role="grid"
      className="data-table match-review__table"
      aria-label="Review queue"
      aria-describedby={`match-review-keys-${jobId}`}
      tabIndex={0}
      aria-activedescendant={current ? rowId(current.line) : undefined}
      onKeyDown={onKey}
    >
      <thead>
        <tr>
          <th scope="col" className="num">Line</th>
          <th scope="col">Name in the file</th>
          <th scope="col">Best candidate</th>
          <th scope="col" className="num">Confidence</th>
          <th scope="col">Decision</th>
          <th scope="col">Actions</th>
        </tr>
      </thead>
      <tbody>
        {list.map((row) => {
          const best = row.choices?.[0];
          const chosen = row.choices?.find((c) => c.companyId === row.chosenId);
          return (
            <tr
              key={row.line}
              id={rowId(row.line)}
              aria-selected={row === current}
              className={`match-review__row${row === current ? ' match-review__row--active' : ''}`}
              onClick={() => onSelect(row.line)}
            >
              <td className="num">{row.line}</td>
              <td>{[row.input.name, row.input.country].filter(Boolean).join(', ')}</td>
              <td>{best ? <ServiceText text={choiceLabel(best)} /> : ''}</td>
              <td className="num">{best ? formatConfidence(best.confidence) : ''}</td>
              <td>
                <span className={`pill ${decisionClass(row.decision)}`}>{row.decision ? DECISION_TEXT[row.decision] : ''}</span>
                {row.decision === 'picked' && chosen ? <span className="match-review__chosen"> {choiceLabel(chosen)}</span> : null}
              </td>
              <td className="match-review__actions">
                <button type="button" className="button button--small" tabIndex={-1} onClick={() => onDecide(row, 'accept')} aria-label={`Accept line ${row.line}`}>
                  Accept
                </button>
                <button type="button" className="button button--small" tabIndex={-1} onClick={() => onDecide(row, 'reject')} aria-label={`Reject line ${row.line}`}>
                  Reject
                </button>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
