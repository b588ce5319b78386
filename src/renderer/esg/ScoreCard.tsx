// A company's ESG score: bars for overall, E, S and G on the score's scale, the rating, the
// methodology and when it was computed.
import { formatDateTime, type ShownScore } from '../ui/esg-format';

const ROWS: { key: keyof Pick<ShownScore, 'overall' | 'environmental' | 'social' | 'governance'>; label: string }[] = [
  { key: 'overall', label: 'Overall' },
  { key: 'environmental', label: 'Environmental' },
  { key: 'social', label: 'Social' },
  { key: 'governance', label: 'Governance' },
];

export function ScoreCard({ score, companyName }: { score: ShownScore; companyName: string }) {
  return (
    <section className="score-card" aria-label={`ESG score of ${companyName}`}>
      <div className="score-card__head">
        {score.rating ? (
          <p className="score-card__rating">
            <span className="score-card__rating-label">Rating</span> <strong data-testid="esg-rating">
              <bdi>{score.rating}</bdi>
            </strong>
          </p>
        ) : null}
        <p className="score-card__meta">
          {score.methodology ? (
            <>
              Methodology: <bdi>{score.methodology}</bdi> ·{' '}
            </>
          ) : null}
          Computed <time dateTime={score.computed?.toISOString()}>{formatDateTime(score.computed)}</time>
        </p>
      </div>
      <dl className="score-card__bars">
        {ROWS.map(({ key, label }) => {
          const value = score[key];
          return (
            <div key={key} className={`score-card__row score-card__row--${key}`}>
              <dt>{label}</dt>
              <dd>
                <span className="score-card__track" aria-hidden="true">
                  <span className="score-card__fill" style={{ width: `${value === null ? 0 : Math.max(0, Math.min(100, (value / score.max) * 100))}%` }} />
                </span>
                <span className="score-card__value" data-testid={`esg-score-${key}`}>
                  {value === null ? '–' : value}
                  <span className="visually-hidden"> of {score.max}</span>
                </span>
              </dd>
            </div>
          );
        })}
      </dl>
      <p className="score-card__scale">Scale 0–{score.max}, higher is better.</p>
    </section>
  );
}
