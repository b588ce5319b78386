// Saved searches (name, filters, page size, columns) and recent searches of the active profile.
import { memo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RecentSearch, SavedSearch } from '../../shared/bridge/groups/search';
import { firmscope, unwrap } from '../bridge';
import { ErrorMessage } from '../ui/ErrorMessage';
import type { ColumnPrefs } from './column-prefs';

export const SAVED_KEY = ['search', 'saved'] as const;
export const RECENT_KEY = ['search', 'recent'] as const;

export interface SavedSearchesProps {
  /** Current valid body (null when the builder has problems). */
  body: unknown | null;
  pageSize: number;
  columns: ColumnPrefs;
  activeId: string | null;
  onRun(search: { body: unknown; pageSize: number; saved?: SavedSearch }): void;
  onSaved(saved: SavedSearch): void;
}

export function summarise(body: unknown): string {
  const filters = (body as { filters?: Record<string, Array<{ attribute?: unknown; relation?: unknown; value?: unknown }>> })?.filters;
  if (!filters) return '';
  const op = 'and' in filters ? 'and' : 'or';
  return (filters[op] ?? []).map((f) => `${String(f.attribute)} ${String(f.relation)} ${JSON.stringify(f.value)}`).join(` ${op} `);
}

/** Memoised: result paging re-renders the screen but not this list. */
export const SavedSearches = memo(function SavedSearches({ body, pageSize, columns, activeId, onRun, onSaved }: SavedSearchesProps) {
  const qc = useQueryClient();
  const saved = useQuery({ queryKey: SAVED_KEY, queryFn: () => unwrap(firmscope().search.listSaved()) });
  const recent = useQuery({ queryKey: RECENT_KEY, queryFn: () => unwrap(firmscope().search.listRecent()) });
  const [name, setName] = useState('');
  const [renaming, setRenaming] = useState<{ id: string; name: string } | null>(null);
  const invalidate = () => qc.invalidateQueries({ queryKey: SAVED_KEY });

  const save = useMutation({
    mutationFn: () => unwrap(firmscope().search.saveSearch({ name, body, pageSize, columns })),
    onSuccess: (s) => {
      setName('');
      void invalidate();
      onSaved(s);
    },
  });
  const rename = useMutation({
    mutationFn: (r: { id: string; name: string }) => unwrap(firmscope().search.renameSaved(r)),
    onSuccess: () => {
      setRenaming(null);
      void invalidate();
    },
  });
  const remove = useMutation({
    mutationFn: (id: string) => unwrap(firmscope().search.deleteSaved({ id })),
    onSuccess: () => void invalidate(),
  });

  return (
    <section className="saved-searches" aria-labelledby="saved-searches-title">
      <h2 id="saved-searches-title" className="section-title">
        Saved searches
      </h2>
      <form
        className="saved-searches__save"
        onSubmit={(e) => {
          e.preventDefault();
          if (body && name.trim()) save.mutate();
        }}
      >
        <label className="field__label" htmlFor="save-search-name">
          Name for this search
        </label>
        <input id="save-search-name" className="field__input" value={name} maxLength={120} onChange={(e) => setName(e.target.value)} />
        <button type="submit" className="button button--small" disabled={!body || !name.trim() || save.isPending}>
          Save search
        </button>
      </form>
      {save.error ? <ErrorMessage error={save.error} title="Could not save" /> : null}
      {saved.error ? <ErrorMessage error={saved.error} title="Saved searches could not be loaded" /> : null}
      <ul className="saved-searches__list" aria-label="Saved searches">
        {(saved.data ?? []).map((s) => (
          <li key={s.id} className={`saved-search${s.id === activeId ? ' saved-search--active' : ''}`}>
            {renaming?.id === s.id ? (
              <form
                className="saved-search__rename"
                onSubmit={(e) => {
                  e.preventDefault();
                  if (renaming.name.trim()) rename.mutate(renaming);
                }}
              >
                <input
                  className="field__input"
                  aria-label={`New name for ${s.name}`}
                  value={renaming.name}
                  autoFocus
                  onChange={(e) => setRenaming({ id: s.id, name: e.target.value })}
                  onKeyDown={(e) => e.key === 'Escape' && setRenaming(null)}
                />
                <button type="submit" className="button button--small">
                  OK
                </button>
              </form>
            ) : (
              <span className="saved-search__name" title={summarise(s.body)}>
                {s.name}
              </span>
            )}
            <span className="saved-search__meta">{s.pageSize} per page</span>
            <button type="button" className="button button--small" aria-label={`Run saved search ${s.name}`} onClick={() => onRun({ body: s.body, pageSize: s.pageSize, saved: s })}>
              Run
            </button>
            <button type="button" className="button button--ghost button--small" aria-label={`Rename saved search ${s.name}`} onClick={() => setRenaming({ id: s.id, name: s.name })}>
              Rename
            </button>
            <button type="button" className="button button--ghost button--small" aria-label={`Delete saved search ${s.name}`} onClick={() => remove.mutate(s.id)}>
              Delete
            </button>
          </li>
        ))}
        {saved.data?.length === 0 ? <li className="empty">No saved searches yet.</li> : null}
      </ul>
      <h3 className="section-title section-title--small">Recent</h3>
      <ul className="saved-searches__list" aria-label="Recent searches">
        {(recent.data ?? []).map((r: RecentSearch, i) => (
          <li key={`${r.at}-${i}`} className="saved-search">
            <span className="saved-search__name" title={summarise(r.body)}>
              {summarise(r.body)}
            </span>
            <span className="saved-search__meta">
              {r.count} results · {r.pageSize} per page
            </span>
            <button type="button" className="button button--small" aria-label={`Run recent search ${i + 1}`} onClick={() => onRun({ body: r.body, pageSize: r.pageSize })}>
              Run
            </button>
          </li>
        ))}
        {recent.data?.length === 0 ? <li className="empty">Searches you run appear here.</li> : null}
      </ul>
    </section>
  );
});
