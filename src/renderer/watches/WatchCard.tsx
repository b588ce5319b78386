// One watch on the "What changed" screen: what it watches, when, its last and next check, its cost,
// its unread changes; Check now (its cost named before the click; a costly check asks first),
// Pause/Resume, Edit, Delete (asks first), and Show changes (the inbox filtered to it).
import { useId, useState } from 'react';
import type { WatchInfo } from '../../shared/watches/watches';
import { ErrorMessage } from '../ui/ErrorMessage';
import { WatchDialog } from './WatchDialog';
import { checkInWords, checkNowCost, costInWords, n, nextCheckInWords, scheduleInWords, targetInWords } from './watch-format';
import { useCheckNow, useDeleteWatch, useUpdateWatch } from '../data/watches';
import { ConfirmBar } from '../ui/ConfirmBar';
import { mutateThen } from '../data/mutate-then';
import { rulesInWords } from '../../shared/watches/rules';

/** Above this many requests Check now asks once more, naming the cost, before it starts. */
export const CHECK_CONFIRM_ABOVE = 500;

type Mode = 'idle' | 'confirmCheck' | 'edit' | 'delete';

export function WatchCard({ watch: w, shown, onShow }: { watch: WatchInfo; shown: boolean; onShow(show: boolean): void }) {
  const [mode, setMode] = useState<Mode>('idle');
  const check = useCheckNow();
  const update = useUpdateWatch();
  const remove = useDeleteWatch();
  const titleId = useId();
  const costId = useId();
  const running = w.lastCheck?.status === 'running';
  const canCheck = w.targetName !== null && !running && !check.isPending;
  const costly = (w.cost.requestsPerCheck ?? 0) > CHECK_CONFIRM_ABOVE;
  const next = nextCheckInWords(w);
  const waiting = w.lastCheck?.status === 'waiting';
  const error = check.error ?? update.error ?? remove.error;
  const startCheck = () => mutateThen(check, { id: w.id }, { onSettled: () => setMode('idle') });

  return (
    <li className={`watch-card${shown ? ' watch-card--shown' : ''}`} aria-labelledby={titleId}>
      <div className="watch-card__head">
        <h3 id={titleId} className="watch-card__name">
          {w.name}
        </h3>
        {w.unread > 0 ? <span className="pill pill--warn watch-card__unread">{n(w.unread)} unread</span> : null}
        {w.paused ? <span className="pill watch-card__paused">Paused</span> : null}
      </div>
      <p className="watch-card__line">{targetInWords(w)}</p>
      <p className="watch-card__line">{scheduleInWords(w.schedule, w.checkAtStart)}</p>
      {rulesInWords(w.rules, w.target.kind).length ? (
        <p className="watch-card__line" data-testid="watch-rules">
          Rules: {rulesInWords(w.rules, w.target.kind).join('. ')}.
        </p>
      ) : null}
      <p className={`watch-card__line${waiting ? ' watch-card__waiting' : ''}${w.lastCheck?.status === 'failed' ? ' watch-card__failed' : ''}`} data-testid="watch-last-check">
        {checkInWords(w.lastCheck)}
      </p>
      {next ? <p className="watch-card__line muted">{next}</p> : null}
      <p className="watch-card__line muted" id={costId}>
        Cost: {costInWords(w.cost)}
      </p>
      {mode === 'confirmCheck' ? (
        <ConfirmBar className="watch-card__confirm" tone="primary" confirmLabel="Start check" busy={check.isPending} onConfirm={startCheck} onCancel={() => setMode('idle')}>
          Check ‘{w.name}’ now: {checkNowCost(w.cost).replace(/^Check now: /, '')}.
        </ConfirmBar>
      ) : null}
      <div className="watch-card__actions">
        <button type="button" className="button button--small button--primary" aria-describedby={costId} disabled={!canCheck} title={checkNowCost(w.cost)} onClick={() => (costly ? setMode('confirmCheck') : startCheck())} aria-label={running ? `Checking… ${w.name}` : `Check now: ${w.name}`}>
          {running ? 'Checking…' : 'Check now'}
        </button>
        <button type="button" className="button button--small" disabled={update.isPending} aria-label={`${w.paused ? 'Resume' : 'Pause'} ${w.name}`} onClick={() => update.mutate({ id: w.id, paused: !w.paused })}>
          {w.paused ? 'Resume' : 'Pause'}
        </button>
        <button type="button" className="button button--small" aria-expanded={mode === 'edit'} aria-label={`Edit ${w.name}`} onClick={() => setMode(mode === 'edit' ? 'idle' : 'edit')}>
          Edit
        </button>
        <button type="button" className="button button--small" aria-label={`Delete ${w.name}`} onClick={() => setMode('delete')}>
          Delete
        </button>
        <button type="button" className="button button--small button--ghost" aria-pressed={shown} aria-label={`Show changes of ${w.name}`} onClick={() => onShow(!shown)}>
          Show changes
        </button>
      </div>
      {mode === 'edit' ? <WatchDialog existing={w} onClose={() => setMode('idle')} onSaved={() => setMode('idle')} /> : null}
      {mode === 'delete' ? (
        <ConfirmBar confirmLabel="Delete watch" busy={remove.isPending} onConfirm={() => mutateThen(remove, { id: w.id }, { onSuccess: () => shown && onShow(false) })} onCancel={() => setMode('idle')}>
          Delete the watch ‘{w.name}’ with its checks and changes? The {w.target.kind === 'search' ? 'saved search' : 'list'}, its snapshots and ESG results stay.
        </ConfirmBar>
      ) : null}
      {error ? <ErrorMessage error={error} title="The watch could not be changed or checked" /> : null}
    </li>
  );
}
