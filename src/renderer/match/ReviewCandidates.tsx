// The candidates of the row the review cursor is on: pick one by its number (keys 1–9 do the same),
// put the row back to what the threshold decides, and see what the export will write for it.
import type { BulkRowView } from '../../shared/bridge/groups/match';
import { DECISION_LABEL, type ReviewChoice } from '../../shared/match/review';
import { formatConfidence } from './match-format';
import { choiceLabel } from './review-decision';

export function ReviewCandidates({ row, onPick, onReset }: { row: BulkRowView; onPick(c: ReviewChoice): void; onReset(): void }) {
  return (
    <aside className="match-review__candidates" aria-labelledby={`match-review-cands-${row.line}`}>
      <h3 id={`match-review-cands-${row.line}`}>
        Candidates for line {row.line}
        {row.input.name ? `: ${row.input.name}` : ''}
      </h3>
      <ol className="match-review__choices">
        {(row.choices ?? []).map((c, i) => (
          <li key={c.companyId} className={c.companyId === row.chosenId ? 'match-review__choice--chosen' : undefined}>
            <button type="button" className="button button--small" onClick={() => onPick(c)} aria-label={`Pick candidate ${i + 1}: ${choiceLabel(c)}`}>
              {i + 1}
            </button>{' '}
            <span>
              {choiceLabel(c)} · {formatConfidence(c.confidence)}
              {c.website ? ` · ${c.website}` : ''}
            </span>
            {c.companyId === row.chosenId ? <span className="visually-hidden"> (chosen)</span> : null}
          </li>
        ))}
      </ol>
      {row.decision && row.decision !== 'auto' && row.decision !== 'pending' ? (
        <button type="button" className="button button--small button--ghost" onClick={onReset}>
          Undo: back to automatic
        </button>
      ) : null}
      <p className="match-review__note">Export writes this as “{row.decision ? DECISION_LABEL[row.decision] : ''}”.</p>
    </aside>
  );
}
