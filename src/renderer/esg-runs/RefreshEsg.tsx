// "Refresh ESG" for a list or a selection: a button that opens a small dialog in two steps. First
// the modules (none ticked when all three would make the run costly), then a confirmation that names
// the target, its size and the cost (requests, and time at the profile's rate); only "Start run"
// there sends anything (the dialog is `aria-busy` from then until the run has started or failed). The
// caller gets the run (and shows its board).
import { useId, useState, type FormEvent } from 'react';
import { MODULE_LABELS } from '../../shared/esg/count-semantics';
import type { RunCompany, RunInfo } from '../../shared/esg-runs/schemas';
import { ESG_MODULES, type EsgModule } from '../../shared/service/schemas';
import { useProfiles } from '../data/profiles';
import { ErrorMessage } from '../ui/ErrorMessage';
import { Spinner } from '../ui/Spinner';
import { startRun } from '../data/esg-runs';
import { confirmText, isCostly } from './run-estimate';
import { formatCount } from '../ui/format';
import './runs.css';

export interface RefreshEsgProps {
  /** What the run is for, on the board and in the notification (the list's name, "12 selected companies"). */
  label: string;
  listId?: number | null;
  /** How many companies the run will hold (for the button and the dialog). */
  count: number;
  /** The companies with their names; may read them from main (a whole list). */
  companies(): Promise<RunCompany[]> | RunCompany[];
  onStarted(run: RunInfo): void;
  /** Button text; default "Refresh ESG". */
  buttonLabel?: string;
  /** A small button, for toolbars of small buttons (the result grids). */
  small?: boolean;
}

export function RefreshEsg({ label, listId = null, count, companies, onStarted, buttonLabel = 'Refresh ESG', small = false }: RefreshEsgProps) {
  const [open, setOpen] = useState(false);
  const dialogId = useId();
  return (
    <div className="refresh-esg">
      <button type="button" className={`button button--primary${small ? ' button--small' : ''}`} aria-expanded={open} aria-controls={dialogId} disabled={count === 0} onClick={() => setOpen((o) => !o)}>
        {buttonLabel}
      </button>
      {/* Mounted only while open: each opening starts from the modules step, with nothing costly ticked. */}
      {open ? <RefreshDialog id={dialogId} label={label} listId={listId} count={count} companies={companies} onClose={() => setOpen(false)} onStarted={onStarted} /> : null}
    </div>
  );
}

const focusOnMount = (el: HTMLElement | null) => el?.focus();

interface DialogProps extends Pick<RefreshEsgProps, 'label' | 'listId' | 'count' | 'companies' | 'onStarted'> {
  id: string;
  onClose(): void;
}

function RefreshDialog({ id, label, listId = null, count, companies, onClose, onStarted }: DialogProps) {
  const [modules, setModules] = useState<EsgModule[]>(() => (isCostly(count) ? [] : [...ESG_MODULES]));
  const [step, setStep] = useState<'modules' | 'confirm'>('modules');
  // Back from the confirmation: focus returns to Continue (the button that took the analyst there).
  const [wentBack, setWentBack] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const profiles = useProfiles();
  const rate = profiles.data?.profiles.find((p) => p.id === profiles.data?.activeId)?.requestsPerSecond ?? null;
  const titleId = useId();
  const confirmId = useId();
  const noun = count === 1 ? 'company' : 'companies';
  const chosen = ESG_MODULES.filter((m) => modules.includes(m));

  const start = async (e: FormEvent) => {
    e.preventDefault();
    if (step === 'modules') {
      if (chosen.length > 0) setStep('confirm');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const list = await companies();
      const run = await startRun({ companies: list, modules: chosen, label, listId });
      onClose();
      onStarted(run);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div id={id} role="dialog" aria-labelledby={titleId} aria-describedby={step === 'confirm' ? confirmId : undefined} aria-busy={busy} className="refresh-esg__dialog" onKeyDown={(e) => e.key === 'Escape' && !busy && onClose()}>
      <h2 id={titleId} className="refresh-esg__title">
        Refresh ESG for {label}
      </h2>
      <form onSubmit={(e) => void start(e)}>
        {step === 'modules' ? (
          <>
            <fieldset className="refresh-esg__modules">
              <legend>
                Modules to request for {formatCount(count)} {noun}
              </legend>
              {ESG_MODULES.map((m) => (
                <label key={m} className="refresh-esg__module">
                  <input type="checkbox" checked={modules.includes(m)} onChange={(e) => setModules((cur) => (e.target.checked ? [...cur, m] : cur.filter((x) => x !== m)))} />
                  {MODULE_LABELS[m]}
                </label>
              ))}
            </fieldset>
            {chosen.length === 0 ? (
              <p className="muted refresh-esg__note">Choose the modules to request. Nothing is sent until you confirm the next step.</p>
            ) : (
              <p className="muted refresh-esg__note">
                {formatCount(count * chosen.length)} module {count * chosen.length === 1 ? 'request' : 'requests'}; they go out a few at a time within the service&apos;s rate limit, and the board shows each as it happens.
              </p>
            )}
            <div className="refresh-esg__actions">
              <button type="submit" className="button button--primary" disabled={chosen.length === 0} ref={wentBack ? focusOnMount : undefined}>
                Continue
              </button>
              <button type="button" className="button" onClick={onClose}>
                Close
              </button>
            </div>
          </>
        ) : (
          <>
            {/* Focus goes to the cost, not to Start run: a second Enter must not send thousands of requests unread. */}
            <p id={confirmId} ref={focusOnMount} tabIndex={-1} className="refresh-esg__confirm" data-testid="refresh-esg-confirm">
              {confirmText(label, count, chosen, rate)}
            </p>
            <div className="refresh-esg__actions">
              <button type="submit" className="button button--primary" disabled={busy}>
                Start run
              </button>
              <button type="button" className="button" onClick={() => {
                  setWentBack(true);
                  setStep('modules');
                }}
                disabled={busy}
              >
                Back
              </button>
              <button type="button" className="button" onClick={onClose} disabled={busy}>
                Close
              </button>
              {busy ? <Spinner label="Starting the run…" /> : null}
            </div>
          </>
        )}
        {error ? <ErrorMessage error={error} title="Could not start the run" /> : null}
      </form>
    </div>
  );
}
