// The "What changed" screen: the profile's watches (what, when, last and next check, cost, unread,
// Check now / Pause / Edit / Delete), the day's budget for scheduled checks, the latest check that
// found something, and the inbox of changes. Which watch and filters the inbox shows lives in the
// screen store (survives navigation and restart).
import { useNavigation } from '../state/navigation';
import { WebNotifyToggle } from '../esg/WebNotifyToggle';
import { useScreenState } from '../state/screen-store';
import { ErrorMessage } from '../ui/ErrorMessage';
import { ChangesInbox } from './ChangesInbox';
import { useLatestCheckFinished } from './check-finished-notify';
import { WatchCard } from './WatchCard';
import { budgetInWords, fmtWhen } from './watch-format';
import { useBudget, useWatches } from '../data/watches';
import './watches.css';

export function WhatChangedScreen() {
  const [state, onState] = useScreenState('watches');
  const watches = useWatches();
  const budget = useBudget();
  const latest = useLatestCheckFinished();
  const { navigate } = useNavigation();
  const list = watches.data ?? [];

  return (
    <section className="watches-screen" aria-labelledby="watches-title">
      <h1 id="watches-title">What changed</h1>
      <p className="muted watches-screen__budget">
        <span data-testid="watch-budget">{budget.data ? `${budgetInWords(budget.data)} (counted again from midnight).` : budget.error ? 'The daily budget could not be read.' : '\u00a0'}</span>{' '}
        <button type="button" className="button button--ghost button--small" onClick={() => navigate({ screen: 'settings' })}>
          Change the daily budget in Settings
        </button>
      </p>
      <p role="status" className="watches-screen__latest" data-testid="check-finished">
        {latest ? `${fmtWhen(latest.at)}: ${latest.finished.title}. ${latest.finished.body}` : null}
      </p>
      <WebNotifyToggle
        id="watches-web-notify"
        label="Desktop notifications when a check finds changes (and when a watched ESG session completes)"
        deniedHint="The browser did not allow notifications; the latest check still shows here."
      />
      <section aria-labelledby="watches-list-title">
        <h2 id="watches-list-title">Watches</h2>
        {watches.error ? <ErrorMessage error={watches.error} title="Could not read the watches" onRetry={() => void watches.refetch()} /> : null}
        {watches.data && list.length === 0 ? (
          <p className="empty">Nothing is watched yet. Use “Watch…” beside a saved search (Search screen, Saved and recent searches) or on a list’s toolbar (Lists screen).</p>
        ) : null}
        {list.length ? (
          <ul className="watches-screen__list" aria-label="Your watches">
            {list.map((w) => (
              <WatchCard key={w.id} watch={w} shown={state.watchId === w.id} onShow={(show) => onState({ watchId: show ? w.id : null, page: 0 })} />
            ))}
          </ul>
        ) : null}
      </section>
      <ChangesInbox watches={list} state={state} onState={onState} />
    </section>
  );
}
