// The inbox: every change newest first, grouped by watch and check (the check's time as heading),
// filtered by watch, kind and "unread only" (kept in the screen store: survives navigation and
// restart), with Mark read per row, per check and for everything shown, Export, and pages.
import { useEffect, useMemo } from 'react';
import { CHANGE_KIND_LABELS, CHANGE_KINDS, type ChangeKind, type ChangesQuery, type WatchInfo } from '../../shared/watches/watches';
import type { WatchesScreenState } from '../state/watches-state';
import { ErrorMessage } from '../ui/ErrorMessage';
import { CheckboxField, SelectField } from '../ui/Field';
import { ChangeRow } from './ChangeRow';
import { ChangeGroupRow } from './ChangeGroupRow';
import { groupCompanyFields } from './change-groups';
import { ExportChanges } from './ExportChanges';
import { groupChanges } from './inbox-groups';
import { fmtWhen, n } from './watch-format';
import { useChanges, useMarkRead } from '../data/watches';
import { formatCount } from '../ui/format';

export const INBOX_PAGE_ROWS = 200;

export function inboxQuery(s: WatchesScreenState): Partial<ChangesQuery> {
  return {
    ...(s.watchId !== null ? { watchId: s.watchId } : {}),
    ...(s.kinds.length ? { kinds: CHANGE_KINDS.filter((k) => s.kinds.includes(k)) } : {}),
    unreadOnly: s.unreadOnly,
    offset: s.page * INBOX_PAGE_ROWS,
    limit: INBOX_PAGE_ROWS,
  };
}

export function ChangesInbox({ watches, state, onState }: { watches: readonly WatchInfo[]; state: WatchesScreenState; onState(p: Partial<WatchesScreenState>): void }) {
  const query = useMemo(() => inboxQuery(state), [state]);
  const changes = useChanges(query);
  const mark = useMarkRead();
  const names = new Map(watches.map((w) => [w.id, w.name]));
  const nameOf = (id: number) => names.get(id) ?? 'A deleted watch';
  const page = changes.data;
  const groups = groupChanges(page?.rows ?? []);
  const total = page?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / INBOX_PAGE_ROWS));
  const first = total ? state.page * INBOX_PAGE_ROWS + 1 : 0;
  const last = Math.min(total, (state.page + 1) * INBOX_PAGE_ROWS);
  const selected = state.watchId !== null ? (watches.find((w) => w.id === state.watchId) ?? null) : null;
  // Fewer changes than the page shown (marked read under "unread only", a watch deleted): the last page.
  const pastEnd = page !== undefined && state.page > 0 && state.page >= pages;
  useEffect(() => {
    if (pastEnd) onState({ page: pages - 1 });
  }, [pastEnd, pages, onState]);
  const toggleKind = (k: ChangeKind, on: boolean) => onState({ kinds: on ? CHANGE_KINDS.filter((x) => x === k || state.kinds.includes(x)) : state.kinds.filter((x) => x !== k), page: 0 });

  return (
    <section className="inbox" aria-labelledby="inbox-title">
      <h2 id="inbox-title">Changes</h2>
      <div className="inbox__filters">
        <SelectField label="Watch" value={state.watchId === null ? '' : String(state.watchId)} onChange={(e) => onState({ watchId: e.target.value ? Number(e.target.value) : null, page: 0 })}>
          <option value="">All watches</option>
          {watches.map((w) => (
            <option key={w.id} value={w.id}>
              {w.name}
            </option>
          ))}
        </SelectField>
        <fieldset className="inbox__kinds">
          <legend>Kinds of change {state.kinds.length ? '' : '(all shown)'}</legend>
          {CHANGE_KINDS.map((k) => (
            <label key={k} className="inbox__kind">
              <input type="checkbox" checked={state.kinds.includes(k)} onChange={(e) => toggleKind(k, e.target.checked)} />
              {CHANGE_KIND_LABELS[k]}
            </label>
          ))}
        </fieldset>
        <CheckboxField label="Unread only" checked={state.unreadOnly} onChange={(e) => onState({ unreadOnly: e.target.checked, page: 0 })} />
      </div>
      <div className="inbox__actions">
        <button
          type="button"
          className="button button--small"
          disabled={!page?.unread || mark.isPending}
          onClick={() => mark.mutate(selected ? { watchId: selected.id } : { all: true })}
        >
          {selected ? `Mark all of ‘${selected.name}’ read` : 'Mark all read'}
        </button>
        {selected ? <ExportChanges watchId={selected.id} label={`the changes of ${selected.name}`} /> : <span className="muted">Choose a watch to export its changes.</span>}
      </div>
      {changes.error ? <ErrorMessage error={changes.error} title="Could not read the changes" onRetry={() => void changes.refetch()} /> : null}
      {mark.error ? <ErrorMessage error={mark.error} title="Could not mark the changes read" /> : null}
      <p className="inbox__summary" data-testid="inbox-summary">
        {page ? (total ? `Changes ${n(first)}–${n(last)} of ${n(total)} · ${n(page.unread)} unread` : emptyText(state, watches.length)) : 'Reading the changes…'}
      </p>
      {groups.map((g) => (
        <section key={g.watchId} className="inbox__watch" aria-labelledby={`inbox-watch-${g.watchId}`}>
          <h3 id={`inbox-watch-${g.watchId}`}>{nameOf(g.watchId)}</h3>
          {g.checks.map((c) => (
            <section key={c.checkId} className="inbox__check" aria-labelledby={`inbox-check-${c.checkId}`}>
              <div className="inbox__check-head">
                <h4 id={`inbox-check-${c.checkId}`}>
                  Check of {fmtWhen(c.at)} · {n(c.rows.length)} {c.rows.length === 1 ? 'change' : 'changes'} {companiesIn(c.rows)}
                  {c.unread ? `, ${n(c.unread)} unread` : ''}
                </h4>
                {c.unread ? (
                  <button type="button" className="button button--ghost button--small" disabled={mark.isPending} onClick={() => mark.mutate({ checkId: c.checkId })} aria-label={`Mark read: the check of ${fmtWhen(c.at)} of ${nameOf(g.watchId)}`}>
                    Mark read
                  </button>
                ) : null}
                <ExportChanges watchId={g.watchId} checkId={c.checkId} label={`the check of ${fmtWhen(c.at)} of ${nameOf(g.watchId)}`} buttonText="Export this check" />
              </div>
              <ul className="inbox__rows" aria-labelledby={`inbox-check-${c.checkId}`}>
                {groupCompanyFields(c.rows).map((e) =>
                  e.kind === 'one' ? (
                    <ChangeRow key={e.change.id} change={e.change} busy={mark.isPending} onMarkRead={() => mark.mutate({ ids: [e.change.id] })} />
                  ) : (
                    <ChangeGroupRow key={`group-${e.companyId}`} changes={e.changes} busy={mark.isPending} onMarkRead={(ids) => mark.mutate({ ids })} />
                  ),
                )}
              </ul>
            </section>
          ))}
        </section>
      ))}
      {pages > 1 ? (
        <nav className="pager" aria-label="Pages of changes">
          <button type="button" className="button button--small" onClick={() => onState({ page: state.page - 1 })} disabled={state.page === 0}>
            Previous
          </button>
          <span className="pager__page" aria-live="polite">
            Page {n(state.page + 1)} of {n(pages)}
          </span>
          <button type="button" className="button button--small" onClick={() => onState({ page: state.page + 1 })} disabled={state.page >= pages - 1}>
            Next
          </button>
        </nav>
      ) : null}
    </section>
  );
}

function emptyText(s: WatchesScreenState, watchCount: number): string {
  if (watchCount === 0) return 'No changes yet: watch a saved search or a list, then check it.';
  if (s.unreadOnly || s.kinds.length) return 'No changes match these filters.';
  return 'No changes yet. The first check of a watch records what is there; later checks list what changed.';
}

/** "in 3 companies": a check's changes counted by company as well (a company's moved address is one thing). */
function companiesIn(rows: ReadonlyArray<{ companyId: string }>): string {
  const k = new Set(rows.map((r) => r.companyId)).size;
  return `in ${formatCount(k)} ${k === 1 ? 'company' : 'companies'}`;
}
