// Facets beside the snapshot grid: counts per value with a small bar each; a click narrows the
// local view (the choice shows as a removable chip above the grid).
import { FACET_IDS, type FacetCount, type FacetId } from '../../shared/snapshots/snapshot';
import { FACET_TITLE, facetLabel } from './facet-model';
import { formatCount } from '../ui/format';

export type FacetChoices = Partial<Record<FacetId, Array<string | number>>>;

const SHOWN = 8;

export function FacetsPanel(props: { counts: Record<FacetId, FacetCount[]> | undefined; choices: FacetChoices; onToggle(facet: FacetId, key: string | number): void }) {
  const { counts, choices } = props;
  return (
    <aside className="facets" aria-label="Facets">
      {FACET_IDS.map((facet) => {
        const list = counts?.[facet] ?? [];
        if (list.length === 0) return null;
        const max = Math.max(...list.map((c) => c.count));
        const chosen = new Set((choices[facet] ?? []).map(String));
        return (
          <section key={facet} className="facet" aria-label={FACET_TITLE[facet]}>
            <h3 className="facet__title">{FACET_TITLE[facet]}</h3>
            <ul className="facet__list">
              {list.slice(0, SHOWN).map((c) => {
                const label = facetLabel(facet, c.key);
                const on = chosen.has(String(c.key));
                return (
                  <li key={String(c.key)}>
                    <button
                      type="button"
                      className={`facet__value${on ? ' facet__value--on' : ''}`}
                      aria-pressed={on}
                      onClick={() => props.onToggle(facet, c.key)}
                    >
                      <span className="facet__label" title={label}>
                        {label}
                      </span>{' '}
                      <span className="facet__count">
                        {formatCount(c.count)}
                        <span className="visually-hidden"> companies</span>
                      </span>
                      <span className="facet__bar" aria-hidden="true" style={{ width: `${Math.max(2, (c.count / max) * 100)}%` }} />
                    </button>
                  </li>
                );
              })}
            </ul>
          </section>
        );
      })}
    </aside>
  );
}

export function FacetChips(props: { choices: FacetChoices; onRemove(facet: FacetId, key: string | number): void }) {
  const entries = (Object.entries(props.choices) as [FacetId, Array<string | number>][]).flatMap(([facet, keys]) => keys.map((key) => ({ facet, key })));
  if (entries.length === 0) return null;
  return (
    <ul className="facet-chips" aria-label="Facet choices">
      {entries.map(({ facet, key }) => {
        const text = `${FACET_TITLE[facet]}: ${facetLabel(facet, key)}`;
        return (
          <li key={`${facet}:${key}`} className="chip">
            <span>{text}</span>
            <button type="button" className="chip__remove" aria-label={`Remove ${text}`} onClick={() => props.onRemove(facet, key)}>
              ×
            </button>
          </li>
        );
      })}
    </ul>
  );
}
