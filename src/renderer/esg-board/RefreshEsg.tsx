// "Refresh ESG" for a list or a selection: a button that opens a small dialog to choose the modules,
// then starts the run and hands it to the caller (which shows its board).
import { useId, useState, type FormEvent } from 'react';
import { MODULE_LABELS } from '../../shared/esg/count-semantics';
import type { RunCompany, RunInfo } from '../../shared/esg-runs/schemas';
import { ESG_MODULES, type EsgModule } from '../../shared/service/schemas';
import { ErrorMessage } from '../ui/ErrorMessage';
import { Spinner } from '../ui/Spinner';
import { startRun } from './run-queries';
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
  const [modules, setModules] = useState<EsgModule[]>([...ESG_MODULES]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const dialogId = useId();
  const titleId = useId();
  const noun = count === 1 ? 'company' : 'companies';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const list = await companies();
      const run = await startRun({ companies: list, modules: ESG_MODULES.filter((m) => modules.includes(m)), label, listId });
      setOpen(false);
      onStarted(run);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="refresh-esg">
      <button type="button" className={`button button--primary${small ? ' button--small' : ''}`} aria-expanded={open} aria-controls={dialogId} disabled={count === 0} onClick={() => setOpen((o) => !o)}>
        {buttonLabel}
      </button>
      {open ? (
        <div id={dialogId} role="dialog" aria-labelledby={titleId} className="refresh-esg__dialog" onKeyDown={(e) => e.key === 'Escape' && !busy && setOpen(false)}>
          <h2 id={titleId} className="refresh-esg__title">
            Refresh ESG for {label}
          </h2>
          <form onSubmit={(e) => void submit(e)}>
            <fieldset className="refresh-esg__modules">
              <legend>Modules to request for {count.toLocaleString()} {noun}</legend>
              {ESG_MODULES.map((m) => (
                <label key={m} className="refresh-esg__module">
                  <input type="checkbox" checked={modules.includes(m)} onChange={(e) => setModules((cur) => (e.target.checked ? [...cur, m] : cur.filter((x) => x !== m)))} />
                  {MODULE_LABELS[m]}
                </label>
              ))}
            </fieldset>
            <p className="muted refresh-esg__note">
              {(count * modules.length).toLocaleString()} module requests; they go out a few at a time within the service&apos;s rate limit, and the board shows each as it happens.
            </p>
            {modules.length === 0 ? <p className="field__error">Choose at least one module.</p> : null}
            <div className="refresh-esg__actions">
              <button type="submit" className="button button--primary" disabled={busy || modules.length === 0}>
                Start run
              </button>
              <button type="button" className="button" onClick={() => setOpen(false)} disabled={busy}>
                Close
              </button>
              {busy ? <Spinner label="Starting the run…" /> : null}
            </div>
            {error ? <ErrorMessage error={error} title="Could not start the run" /> : null}
          </form>
        </div>
      ) : null}
    </div>
  );
}
