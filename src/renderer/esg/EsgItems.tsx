// The module's items: a score card, a news list or a commitments table when the items read as
// such (esg-format.ts); otherwise, since the spec does not fix their fields, each item shows a
// title picked from common field names and the rest as a definition list.
import type { EsgModule } from '../../shared/service/schemas';
import { CommitmentsTable } from './CommitmentsTable';
import { asArticle, asCommitment, asShownScore, shownText, type Article, type Commitment } from '../ui/esg-format';
import { NewsList } from './NewsList';
import { ScoreCard } from './ScoreCard';
import { openExternal } from '../data/app';

const TITLE_FIELDS = ['title', 'headline', 'name', 'commitment', 'description', 'summary'];

function titleOf(item: Record<string, unknown>, index: number): string {
  for (const f of TITLE_FIELDS) if (typeof item[f] === 'string' && item[f]) return shownText(item[f] as string);
  return `Item ${index + 1}`;
}

function Value({ v }: { v: unknown }) {
  if (typeof v === 'string' && /^https?:\/\//i.test(v)) {
    return (
      <a
        href={v}
        onClick={(e) => {
          e.preventDefault();
          openExternal(v);
        }}
      >
        <bdi>{shownText(v)}</bdi>
      </a>
    );
  }
  if (v === null || v === undefined) return <span className="esg-items__empty">–</span>;
  if (typeof v === 'object') return <code className="esg-items__json">{shownText(JSON.stringify(v))}</code>;
  return <bdi>{shownText(String(v))}</bdi>;
}

function every<T>(items: Record<string, unknown>[], read: (item: Record<string, unknown>) => T | null): T[] | null {
  const out: T[] = [];
  for (const item of items) {
    const v = read(item);
    if (!v) return null;
    out.push(v);
  }
  return out;
}

export function EsgItems({ module, items, firstIndex, companyName = 'this company', newIds }: { module: EsgModule; items: Record<string, unknown>[]; firstIndex: number; companyName?: string; newIds?: ReadonlySet<string> }) {
  if (items.length === 0) {
    return <p className="esg-items__none">{module === 'scores' ? 'No score exists for this company yet.' : 'Nothing on this page.'}</p>;
  }
  const [only] = items;
  if (module === 'scores' && only && items.length === 1) {
    const score = asShownScore(only);
    if (score) return <ScoreCard score={score} companyName={companyName} />;
  }
  if (module === 'news') {
    const articles = every<Article>(items, asArticle);
    if (articles) return <NewsList articles={articles} firstIndex={firstIndex} newIds={newIds} />;
  }
  if (module === 'commitments') {
    const commitments = every<Commitment>(items, asCommitment);
    if (commitments) return <CommitmentsTable commitments={commitments} companyName={companyName} />;
  }
  return (
    <ol className="esg-items" start={firstIndex + 1} aria-label={`${module} items`}>
      {items.map((item, i) => {
        const title = titleOf(item, firstIndex + i);
        return (
          <li key={i} className="esg-items__item">
            <h3 className="esg-items__title">
              <bdi>{title}</bdi>
            </h3>
            <dl className="esg-items__fields">
              {Object.entries(item)
                .filter(([k, v]) => v !== title || !TITLE_FIELDS.includes(k))
                .map(([k, v]) => (
                  <div key={k} className="esg-items__field">
                    <dt>{k}</dt>
                    <dd>
                      <Value v={v} />
                    </dd>
                  </div>
                ))}
            </dl>
          </li>
        );
      })}
    </ol>
  );
}
