// The module's items. Their fields are not fixed by the spec, so each item shows a title picked
// from common field names and the rest as a definition list.
import type { EsgModule } from '../../shared/service/schemas';
import { firmscope } from '../bridge';

const TITLE_FIELDS = ['title', 'headline', 'name', 'commitment', 'description', 'summary'];

function titleOf(item: Record<string, unknown>, index: number): string {
  for (const f of TITLE_FIELDS) if (typeof item[f] === 'string' && item[f]) return item[f] as string;
  return `Item ${index + 1}`;
}

function Value({ v }: { v: unknown }) {
  if (typeof v === 'string' && /^https?:\/\//i.test(v)) {
    return (
      <a
        href={v}
        onClick={(e) => {
          e.preventDefault();
          void firmscope().app.openExternal({ url: v });
        }}
      >
        {v}
      </a>
    );
  }
  if (v === null || v === undefined) return <span className="esg-items__empty">–</span>;
  if (typeof v === 'object') return <code className="esg-items__json">{JSON.stringify(v)}</code>;
  return <>{String(v)}</>;
}

export function EsgItems({ module, items, firstIndex }: { module: EsgModule; items: Record<string, unknown>[]; firstIndex: number }) {
  if (items.length === 0) {
    return <p className="esg-items__none">{module === 'scores' ? 'No score exists for this company yet.' : 'Nothing on this page.'}</p>;
  }
  return (
    <ol className="esg-items" start={firstIndex + 1} aria-label={`${module} items`}>
      {items.map((item, i) => {
        const title = titleOf(item, firstIndex + i);
        return (
          <li key={i} className="esg-items__item">
            <h3 className="esg-items__title">{title}</h3>
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
