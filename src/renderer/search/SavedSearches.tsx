// Saved searches (name, conditions, page size, columns) and recent searches of the active profile, in a
// collapsible panel at the top of the Search screen's filter column (above the builder and JSON editor).
// Each entry reads as words; opening one restores its conditions, page size and (saved) columns and runs it.
import { memo, useEffect, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RecentSearch, SavedSearch } from '../../shared/bridge/groups/search';
import { RECENT_KEY, SAVED_KEY, searchCalls } from '../data/search';
import { ErrorMessage } from '../ui/ErrorMessage';
import type { ColumnPrefs } from '../ui/grid/column-prefs';
import { searchInWords } from './search-words';
import { WatchButton } from '../watches/WatchButton';
import { formatCount, formatWhen } from '../ui/format';
import './saved-searches.css';

export { RECENT_KEY, SAVED_KEY };

export interface SavedSearchesProps {
  /** Current valid body (null when the builder has problems). */
  body: unknown | null;
  pageSize: number;
  columns: ColumnPrefs;
  activeId: string | null;
  /** Panel expanded (kept in the screen state, so it survives navigation and restart). */
  open: boolean;
  onToggle(open: boolean): void;
  onRun(search: { body: unknown; pageSize: number; saved?: SavedSearch }): void;
  onSaved(saved: SavedSearch): void;
}

const perPage = (n: number) => `${n} per page`;

/** Memoised: result paging re-renders the screen but not this panel. */
export const SavedSearches = memo(function SavedSearches({ body, pageSize, columns, activeId, open, onToggle, onRun, onSaved }: SavedSearchesProps) {
  const qc = useQueryClient();
  const saved = useQuery({ queryKey: SAVED_KEY, queryFn: () => searchCalls.listSaved() });
  const recent = useQuery({ queryKey: RECENT_KEY, queryFn: () => searchCalls.listRecent() });
  const [name, setName] = useState('');
  const invalidate = () => qc.invalidateQueries({ queryKey: SAVED_KEY });

  const save = useMutation({
    mutationFn: () => searchCalls.saveSearch({ name, body, pageSize, columns }),
    onSuccess: (s) => {
      setName('');
      void invalidate();
      onSaved(s);
    },
  });

  const savedCount = saved.data?.length ?? 0;
  return (
    <section className={`saved-panel${open ? ' saved-panel--open' : ''}`} aria-labelledby="saved-panel-title">
      <h2 id="saved-panel-title" className="saved-panel__title">
        <button type="button" className="saved-panel__toggle" aria-expanded={open} aria-controls="saved-panel-body" onClick={() => onToggle(!open)}>
          <span aria-hidden="true" className="saved-panel__chevron">
            {open ? '▾' : '▸'}
          </span>
          Saved and recent searches
          <span className="saved-panel__count">{saved.data ? ` (${savedCount} saved)` : ''}</span>
        </button>
      </h2>
      <div id="saved-panel-body" className="saved-panel__body" hidden={!open}>
        <form
          className="saved-panel__save"
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
          <p className="saved-panel__hint">Saves the conditions, page size and current columns.</p>
        </form>
        {save.error ? <ErrorMessage error={save.error} title="Could not save" /> : null}
        {saved.error ? <ErrorMessage error={saved.error} title="Saved searches could not be loaded" /> : null}
        <h3 className="saved-panel__heading">
          Saved
        </h3>
        <ul className="saved-panel__list" aria-label="Saved searches">
          {(saved.data ?? []).map((s) => (
            <SavedEntry key={s.id} search={s} active={s.id === activeId} onRun={onRun} onChanged={() => void invalidate()} />
          ))}
          {saved.data?.length === 0 ? <li className="empty">No saved searches yet.</li> : null}
        </ul>
        <h3 className="saved-panel__heading">
          Recent
        </h3>
        {recent.error ? <ErrorMessage error={recent.error} title="Recent searches could not be loaded" /> : null}
        <ul className="saved-panel__list" aria-label="Recent searches">
          {(recent.data ?? []).map((r: RecentSearch, i) => {
            const words = searchInWords(r.body);
            return (
              <li key={`${r.at}-${i}`} className="saved-entry">
                <p className="saved-entry__words">{words}</p>
                <p className="saved-entry__meta">
                  {formatCount(r.count)} results · {perPage(r.pageSize)} · <time dateTime={new Date(r.at).toISOString()}>{formatWhen(r.at)}</time>
                </p>
                <div className="saved-entry__actions">
                  <button type="button" className="button button--small" aria-label={`Open recent search: ${words}`} onClick={() => onRun({ body: r.body, pageSize: r.pageSize })}>
                    Open
                  </button>
                </div>
              </li>
            );
          })}
          {recent.data?.length === 0 ? <li className="empty">Searches you run appear here.</li> : null}
        </ul>
      </div>
    </section>
  );
});

type Mode = { kind: 'view' } | { kind: 'rename'; name: string } | { kind: 'confirmDelete' };

/** One saved search: words, page size, columns; Open, Rename (inline), Delete (asks first), Watch… (issue 29). */
function SavedEntry({ search: s, active, onRun, onChanged }: { search: SavedSearch; active: boolean; onRun: SavedSearchesProps['onRun']; onChanged(): void }) {
  const [mode, setMode] = useState<Mode>({ kind: 'view' });
  const renameButton = useRef<HTMLButtonElement>(null);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  /** Where focus goes when the inline form or question closes. */
  const restoreFocus = useRef<'rename' | 'delete' | null>(null);
  const words = searchInWords(s.body);

  const rename = useMutation({
    mutationFn: (next: string) => searchCalls.renameSaved({ id: s.id, name: next }),
    onSuccess: () => {
      onChanged();
      close('rename');
    },
  });
  const remove = useMutation({
    mutationFn: () => searchCalls.deleteSaved({ id: s.id }),
    onSuccess: () => {
      // This entry goes away with the focused button: focus the panel's heading instead of the page.
      document.querySelector<HTMLButtonElement>('.saved-panel__toggle')?.focus();
      onChanged();
    },
  });

  function close(focus: 'rename' | 'delete') {
    restoreFocus.current = focus;
    setMode({ kind: 'view' });
    rename.reset();
  }
  useEffect(() => {
    if (mode.kind === 'confirmDelete') confirmButton.current?.focus();
    else if (mode.kind === 'view' && restoreFocus.current) {
      (restoreFocus.current === 'rename' ? renameButton : deleteButton).current?.focus();
      restoreFocus.current = null;
    }
  }, [mode.kind]);

  return (
    <li className={`saved-entry${active ? ' saved-entry--active' : ''}`} aria-current={active ? 'true' : undefined}>
      {mode.kind === 'rename' ? (
        <form
          className="saved-entry__rename"
          onSubmit={(e) => {
            e.preventDefault();
            if (mode.name.trim()) rename.mutate(mode.name.trim());
          }}
        >
          <input
            className="field__input"
            aria-label={`New name for ${s.name}`}
            value={mode.name}
            maxLength={120}
            autoFocus
            onChange={(e) => setMode({ kind: 'rename', name: e.target.value })}
            onKeyDown={(e) => {
              if (e.key === 'Escape') {
                e.preventDefault();
                close('rename');
              }
            }}
          />
          <button type="submit" className="button button--small" disabled={!mode.name.trim() || rename.isPending}>
            Save name
          </button>
          <button type="button" className="button button--ghost button--small" onClick={() => close('rename')}>
            Cancel
          </button>
        </form>
      ) : (
        <p className="saved-entry__name">{s.name}</p>
      )}
      {rename.error ? <ErrorMessage error={rename.error} title="Could not rename" /> : null}
      <p className="saved-entry__words">{words}</p>
      <p className="saved-entry__meta">
        {perPage(s.pageSize)} · {s.columns ? 'its own columns' : 'current columns'}
      </p>
      {mode.kind === 'confirmDelete' ? (
        <div className="saved-entry__confirm" role="group" aria-label={`Delete saved search ${s.name}?`}>
          <span>Delete “{s.name}”? This cannot be undone.</span>
          <button
            ref={confirmButton}
            type="button"
            className="button button--danger button--small"
            disabled={remove.isPending}
            onClick={() => remove.mutate()}
            onKeyDown={(e) => e.key === 'Escape' && close('delete')}
          >
            Delete
          </button>
          <button type="button" className="button button--ghost button--small" onClick={() => close('delete')} onKeyDown={(e) => e.key === 'Escape' && close('delete')}>
            Keep
          </button>
        </div>
      ) : (
        <div className="saved-entry__actions">
          <button type="button" className="button button--small" aria-label={`Open saved search ${s.name}`} onClick={() => onRun({ body: s.body, pageSize: s.pageSize, saved: s })}>
            Open
          </button>
          <button ref={renameButton} type="button" className="button button--ghost button--small" aria-label={`Rename saved search ${s.name}`} onClick={() => setMode({ kind: 'rename', name: s.name })}>
            Rename
          </button>
          <button ref={deleteButton} type="button" className="button button--ghost button--small" aria-label={`Delete saved search ${s.name}`} onClick={() => setMode({ kind: 'confirmDelete' })}>
            Delete
          </button>
          <WatchButton target={{ kind: 'search', savedSearchId: s.id, name: s.name }} />
        </div>
      )}
      {remove.error ? <ErrorMessage error={remove.error} title="Could not delete" /> : null}
    </li>
  );
}
