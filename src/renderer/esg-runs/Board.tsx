// The live board of one ESG run: progress bar with counts and an ETA, Pause/Resume/Cancel, the
// failures with "Retry failed", a polite run summary for screen readers, and the virtualised grid.
import { memo, useState } from 'react';
import { MODULE_LABELS } from '../../shared/esg/count-semantics';
import { useNow } from '../ui/useNow';
import { BoardGrid } from './BoardGrid';
import { progressText } from '../../shared/esg-runs/progress';
import { boardProgress, CELL_STATES, CELL_STATE_LABELS, estimateRemainingMs, formatEta, runSummary, type BoardModel, type Failure } from '../data/esg-runs-board';
import './board.css';
import { ConfirmBar } from '../ui/ConfirmBar';
import { ServiceText } from '../ui/ServiceText';
import { formatCount } from '../ui/format';

/** Where the run stands (the engine's word), shown in text. */
export type RunState = 'running' | 'paused' | 'cancelling' | 'cancelled' | 'finished';
export const RUN_STATE_LABELS: Record<RunState, string> = {
  running: 'Running',
  paused: 'Paused',
  cancelling: 'Cancelling',
  cancelled: 'Cancelled',
  finished: 'Finished',
};

export interface BoardProps {
  /** What the run is for, e.g. the list's name. */
  title: string;
  runState: RunState;
  model: BoardModel;
  /** A control is waiting for main's answer. */
  busy?: boolean;
  onPause(): void;
  onResume(): void;
  onCancel(): void;
  onRetryFailed(): void;
  onOpenCompany(companyId: string, companyName: string | null): void;
}

export function Board({ title, runState, model, busy = false, onPause, onResume, onCancel, onRetryFailed, onOpenCompany }: BoardProps) {
  const [confirmCancel, setConfirmCancel] = useState(false);
  const active = runState === 'running' || runState === 'paused';
  const stateLabel = RUN_STATE_LABELS[runState];
  return (
    <section className="board" aria-label={`ESG run: ${title}`}>
      <div className="board__head">
        <p className="board__state">
          Run state: <strong data-testid="run-state">{stateLabel}</strong>
        </p>
        <div className="board__controls">
          {runState === 'running' ? (
            <button type="button" className="button" onClick={onPause} disabled={busy}>
              Pause
            </button>
          ) : null}
          {runState === 'paused' ? (
            <button type="button" className="button button--primary" onClick={onResume} disabled={busy}>
              Resume
            </button>
          ) : null}
          {active ? (
            <button type="button" className="button button--danger" onClick={() => setConfirmCancel(true)} disabled={busy || confirmCancel}>
              Cancel run
            </button>
          ) : null}
        </div>
      </div>
      {confirmCancel && active ? (
        <ConfirmBar
          confirmLabel="Cancel the run"
          cancelLabel="Keep running"
          onConfirm={() => {
            setConfirmCancel(false);
            onCancel();
          }}
          onCancel={() => setConfirmCancel(false)}
        >
          Cancel this run? {formatCount(model.total - model.ended)} cells not yet done stop; what is complete stays stored.
        </ConfirmBar>
      ) : null}
      <RunProgress model={model} runState={runState} />
      <p className="visually-hidden" role="status" aria-live="polite">
        {runSummary(model, stateLabel)}
      </p>
      <Failures failures={model.failures} onRetry={onRetryFailed} busy={busy} canRetry={runState !== 'cancelling'} />
      <BoardGrid label={`ESG board: ${title}`} modules={model.modules} rows={model.rows} onOpenCompany={onOpenCompany} />
    </section>
  );
}

/**
 * Progress bar, counts per state and the ETA (its own component: the ETA ticks every second). The
 * bar and its words count cells done (complete, data stored); cells that ended without data are a
 * second, muted stretch of the bar and are named with their counts ("852 cancelled").
 */
function RunProgress({ model, runState }: { model: BoardModel; runState: RunState }) {
  const now = useNow(1000);
  const p = boardProgress(model);
  const eta = runState === 'running' ? formatEta(estimateRemainingMs(model, now)) : runState === 'paused' ? 'paused' : null;
  const text = progressText(p);
  const share = (v: number) => (p.total ? v / p.total : 0);
  return (
    <div className="board-progress">
      <div className="board-progress__line">
        <span id="board-progress-label" className="board-progress__label">
          Progress
        </span>
        <div className="board-progress__track" role="progressbar" aria-labelledby="board-progress-label" aria-valuemin={0} aria-valuemax={p.total} aria-valuenow={p.done} aria-valuetext={text}>
          {/* scaleX, not width: moving the bar is a compositor change, not a layout of the page. */}
          <div className="board-progress__fill board-progress__fill--other" style={{ transform: `scaleX(${share(p.done + p.endedOtherwise)})` }} />
          <div className="board-progress__fill" style={{ transform: `scaleX(${share(p.done)})` }} />
        </div>
        <span className="board-progress__value" data-testid="board-progress">
          {text}
        </span>
        {eta ? (
          <span className="board-progress__eta" data-testid="board-eta">
            {eta}
          </span>
        ) : null}
      </div>
      <ul className="board-progress__counts" aria-label="Cells by state">
        {CELL_STATES.filter((s) => model.counts[s] > 0 || s === 'complete' || s === 'failed').map((s) => (
          <li key={s} className={`board-count board-count--${s}`} data-testid={`count-${s}`}>
            <span className="board-cell__mark" aria-hidden="true" />
            {CELL_STATE_LABELS[s]} <strong>{formatCount(model.counts[s])}</strong>
          </li>
        ))}
      </ul>
    </div>
  );
}

const SHOWN_FAILURES = 50;

const Failures = memo(function Failures({ failures, onRetry, busy, canRetry }: { failures: ReadonlyMap<string, Failure>; onRetry(): void; busy: boolean; canRetry: boolean }) {
  if (failures.size === 0) return null;
  const list = [...failures.values()];
  return (
    <section className="board-failures" aria-labelledby="board-failures-title">
      <div className="board-failures__head">
        <h3 id="board-failures-title">
          Failed cells: {formatCount(failures.size)}
        </h3>
        {canRetry ? (
          <button type="button" className="button button--primary" onClick={onRetry} disabled={busy}>
            Retry failed
          </button>
        ) : null}
      </div>
      <ul className="board-failures__list">
        {list.slice(0, SHOWN_FAILURES).map((f) => (
          <li key={`${f.companyId}/${f.module}`}>
            <strong>{f.companyName !== null ? <ServiceText text={f.companyName} /> : f.companyId}</strong> · {MODULE_LABELS[f.module]}: {f.reason ?? 'failed'}
          </li>
        ))}
      </ul>
      {list.length > SHOWN_FAILURES ? <p className="muted">and {formatCount(list.length - SHOWN_FAILURES)} more.</p> : null}
    </section>
  );
});
