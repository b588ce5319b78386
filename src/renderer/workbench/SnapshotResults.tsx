// The grid over a loaded snapshot: local pages ("Page 3 of 248", first/last/jump), sort by any
// column, FTS text filter, facets with chips; Alt+Right/Alt+Left (J/K in the grid) page.
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { CompanyRecord } from '../../shared/service/schemas';
import type { FacetId, SnapshotInfo, SnapshotView } from '../../shared/workbench/snapshot';
import { collectColumns } from '../../shared/search/flatten';
import type { ColumnPrefs } from '../search/column-prefs';
import { ResultGrid, type GridSort } from '../search/ResultGrid';
import { FacetChips, FacetsPanel, type FacetChoices } from './FacetsPanel';
import { facetFilters, type ServiceFilter } from './facet-model';
import { refreshSnapshot } from './LoadAllBar';
import { useSnapshotFacets, useSnapshotPage } from './snapshot-queries';
import './workbench.css';

export const SNAPSHOT_PAGE_ROWS = 100;
const fmt = new Intl.NumberFormat();
const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export interface SnapshotResultsProps {
  snapshot: SnapshotInfo;
  prefs: ColumnPrefs;
  onPrefs(p: ColumnPrefs): void;
  onOpen(r: CompanyRecord): void;
  onShowService(): void;
  /** Adds conditions to the filter builder; null when the builder cannot take them (an "or" search). */
  onAddConditions: ((filters: ServiceFilter[]) => void) | null;
}

export function SnapshotResults({ snapshot, prefs, onPrefs, onOpen, onShowService, onAddConditions }: SnapshotResultsProps) {
  const [sort, setSort] = useState<GridSort | null>(null);
  const [textInput, setTextInput] = useState('');
  const [text, setText] = useState('');
  const [choices, setChoices] = useState<FacetChoices>({});
  const [page, setPage] = useState(0);
  const [jump, setJump] = useState('');
  const rootRef = useRef<HTMLDivElement>(null);

  // Typing filters after a short pause, not at every key.
  useEffect(() => {
    const t = setTimeout(() => setText(textInput.trim()), 200);
    return () => clearTimeout(t);
  }, [textInput]);

  const view = useMemo<SnapshotView>(() => ({ ...(sort ? { sort } : {}), ...(text ? { text } : {}), facets: choices }), [sort, text, choices]);
  // A new view starts at its first page.
  const viewKey = JSON.stringify(view);
  const [seenView, setSeenView] = useState(viewKey);
  if (seenView !== viewKey) {
    setSeenView(viewKey);
    setPage(0);
  }
  const rows = useSnapshotPage(snapshot.id, view, page * SNAPSHOT_PAGE_ROWS, SNAPSHOT_PAGE_ROWS);
  const facets = useSnapshotFacets(snapshot.id, view);
  const total = rows.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / SNAPSHOT_PAGE_ROWS));
  const records = rows.data?.rows ?? [];
  const columns = useMemo(() => collectColumns(records), [records]);

  const go = (p: number) => setPage(Math.max(0, Math.min(pages - 1, p)));
  const onSort = (field: string) =>
    setSort((s) => (s?.field !== field ? { field, direction: 'asc' } : s.direction === 'asc' ? { field, direction: 'desc' } : null));
  const toggle = (facet: FacetId, key: string | number) =>
    setChoices((c) => {
      const have = c[facet] ?? [];
      const next = have.some((k) => String(k) === String(key)) ? have.filter((k) => String(k) !== String(key)) : [...have, key];
      const { [facet]: _drop, ...rest } = c;
      return next.length ? { ...rest, [facet]: next } : rest;
    });
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const inGrid = (e.target as HTMLElement).closest('[role="grid"]') !== null;
    const editing = (e.target as HTMLElement).matches('input, textarea, select');
    const next = (e.altKey && e.key === 'ArrowRight') || (inGrid && !editing && !e.altKey && !e.ctrlKey && !e.metaKey && e.key.toLowerCase() === 'j');
    const prev = (e.altKey && e.key === 'ArrowLeft') || (inGrid && !editing && !e.altKey && !e.ctrlKey && !e.metaKey && e.key.toLowerCase() === 'k');
    if (!next && !prev) return;
    e.preventDefault();
    e.stopPropagation();
    go(page + (next ? 1 : -1));
  };
  const chosenCount = Object.values(choices).reduce((n, k) => n + (k?.length ?? 0), 0);
  const first = total ? page * SNAPSHOT_PAGE_ROWS + 1 : 0;
  const last = Math.min(total, (page + 1) * SNAPSHOT_PAGE_ROWS);

  return (
    <div className="snapshot" ref={rootRef} onKeyDown={onKeyDown}>
      <div className="snapshot__banner" role="status">
        <span>
          Snapshot of {when.format(snapshot.finishedAt ?? snapshot.startedAt)}: {fmt.format(snapshot.rowCount)} rows
          {snapshot.status === 'capped' ? ` (row cap; the service has ${fmt.format(snapshot.serviceCount ?? 0)})` : ''}. Sorting, facets and the
          text filter work on this loaded set.
        </span>
        <button type="button" className="button button--small" onClick={() => void refreshSnapshot(snapshot)}>
          Refresh
        </button>
        <button type="button" className="button button--small" onClick={onShowService}>
          Show service pages
        </button>
      </div>
      <div className="snapshot__layout">
        <div className="snapshot__side">
          <label className="field snapshot__text">
            <span className="field__label">Filter loaded rows</span>
            <input
              className="field__input"
              type="search"
              value={textInput}
              placeholder="Name, city, domain, industry"
              onChange={(e) => setTextInput(e.target.value)}
            />
          </label>
          <FacetsPanel counts={facets.data} choices={choices} onToggle={toggle} />
        </div>
        <div className="snapshot__main">
          <div className="snapshot__sort">
            <label>
              Sort by{' '}
              <select
                className="field__input"
                value={sort?.field ?? ''}
                onChange={(e) => setSort(e.target.value ? { field: e.target.value, direction: sort?.direction ?? 'asc' } : null)}
              >
                <option value="">Service order</option>
                {columns.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </select>
            </label>
            <label>
              Direction{' '}
              <select
                className="field__input"
                value={sort?.direction ?? 'asc'}
                disabled={!sort}
                onChange={(e) => sort && setSort({ field: sort.field, direction: e.target.value === 'desc' ? 'desc' : 'asc' })}
              >
                <option value="asc">Ascending</option>
                <option value="desc">Descending</option>
              </select>
            </label>
            <span className="snapshot__sort-note">Empty values come last in both directions.</span>
          </div>
          <FacetChips choices={choices} onRemove={toggle} />
          {chosenCount > 0 ? (
            <button
              type="button"
              className="button button--small"
              disabled={!onAddConditions}
              title={onAddConditions ? undefined : 'The builder combines its conditions with "or"; switch it to "and" first.'}
              onClick={() => onAddConditions?.(facetFilters(choices))}
            >
              Turn these facet choices into service conditions
            </button>
          ) : null}
          <nav className="pager" aria-label="Snapshot pages">
            <button type="button" className="button button--small" onClick={() => go(0)} disabled={page === 0}>
              First
            </button>
            <button type="button" className="button button--small" onClick={() => go(page - 1)} disabled={page === 0}>
              Previous
            </button>
            <span className="pager__page" aria-live="polite" data-testid="snapshot-page">
              Page {fmt.format(page + 1)} of {fmt.format(pages)}
            </span>
            <button type="button" className="button button--small" onClick={() => go(page + 1)} disabled={page >= pages - 1}>
              Next
            </button>
            <button type="button" className="button button--small" onClick={() => go(pages - 1)} disabled={page >= pages - 1}>
              Last
            </button>
            <form
              className="pager__jump"
              onSubmit={(e) => {
                e.preventDefault();
                const n = Number(jump);
                if (Number.isInteger(n)) go(n - 1);
              }}
            >
              <label>
                Go to page
                <input className="field__input pager__jump-input" type="number" min={1} max={pages} value={jump} onChange={(e) => setJump(e.target.value)} />
              </label>
            </form>
            <span className="pager__rows" data-testid="snapshot-rows">
              {total ? `Rows ${fmt.format(first)}–${fmt.format(last)} of ${fmt.format(total)}` : 'No loaded rows match'}
            </span>
          </nav>
          {records.length ? (
            <ResultGrid
              rows={records}
              firstRow={first}
              available={columns}
              prefs={prefs}
              onPrefsChange={onPrefs}
              onOpen={onOpen}
              sort={sort}
              onSort={onSort}
            />
          ) : rows.isPending ? null : (
            <p className="empty">No loaded rows match the text filter and facet choices.</p>
          )}
          <p className="snapshot__keys">Alt+Right / Alt+Left (J / K in the grid) go to the next and previous page.</p>
        </div>
      </div>
    </div>
  );
}
