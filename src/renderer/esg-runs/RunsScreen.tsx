// ESG runs: refresh a list's ESG (choose the list and the modules, nothing chosen for the analyst),
// the runs of this profile with their progress in words, and the live board of the chosen run.
import { memo, useCallback, useEffect, useId, useState } from 'react';
import { progressText, runProgress } from '../../shared/esg-runs/progress';
import type { RunInfo } from '../../shared/esg-runs/schemas';
import { MODULE_LABELS } from '../../shared/esg/count-semantics';
import { useLists } from '../data/lists';
import { useNavigation } from '../state/navigation';
import { createStore, useStoreSelector } from '../state/store';
import { ErrorMessage } from '../ui/ErrorMessage';
import { Spinner } from '../ui/Spinner';
import { Board } from './Board';
import { RefreshEsg } from './RefreshEsg';
import { controlRun, listCompanies, useLiveRun, useRunList, type RunControl } from '../data/esg-runs';
import { RUN_STATE_LABELS } from './Board';
import { formatCount, formatRecent } from '../ui/format';
import './runs.css';

/** The chosen run, held above the screen (leaving Runs and coming back keeps it). */
const runsState = createStore<{ runId: number | null; listId: number | null }>({ runId: null, listId: null });
const selectRunId = (s: { runId: number | null }) => s.runId;
const selectListId = (s: { listId: number | null }) => s.listId;

export function showRun(runId: number): void {
  runsState.set((s) => ({ ...s, runId }));
}

export function RunsScreen() {
  const { route, navigate } = useNavigation();
  const runId = useStoreSelector(runsState, selectRunId);
  useEffect(() => {
    if (route.screen === 'runs' && route.runId) showRun(route.runId);
  }, [route]);
  const runs = useRunList();
  const openCompany = useCallback((companyId: string, companyName: string | null) => navigate({ screen: 'esg', companyId, ...(companyName ? { companyName } : {}) }), [navigate]);

  return (
    <section className="runs-screen" aria-labelledby="runs-title">
      <h1 id="runs-title">ESG runs</h1>
      <ListRefresh onStarted={(run) => { showRun(run.id); void runs.refetch(); }} />
      <h2>Runs</h2>
      {runs.error ? <ErrorMessage error={runs.error} title="Could not read the runs" onRetry={() => void runs.refetch()} /> : null}
      {runs.data && runs.data.length === 0 ? <p className="muted">No runs yet. Choose a list above and refresh its ESG.</p> : null}
      {runs.data && runs.data.length > 0 ? <RunTable runs={runs.data} selected={runId} onSelect={showRun} /> : null}
      {runId !== null ? <RunBoardView key={runId} runId={runId} onOpenCompany={openCompany} /> : null}
    </section>
  );
}

/**
 * Choose a list, then Refresh ESG. No list is chosen for the analyst: a run is thousands of requests,
 * so the picker starts on "Choose a list…" and Refresh ESG waits for a choice (a chosen list is kept
 * while the screen is left; a deleted one is forgotten, never replaced by another).
 */
function ListRefresh({ onStarted }: { onStarted(run: RunInfo): void }) {
  // The Lists screen's own query: a list made or changed anywhere shows here at once.
  const lists = useLists();
  const chosen = useStoreSelector(runsState, selectListId);
  const list = lists.data?.find((l) => l.id === chosen) ?? null;
  const hintId = useId();
  return (
    <div className="runs-screen__refresh">
      <h2>Refresh ESG for a list</h2>
      {lists.isPending ? <Spinner label="Reading your lists…" /> : null}
      {lists.error ? <ErrorMessage error={lists.error} title="Could not read the lists" onRetry={() => void lists.refetch()} /> : null}
      {lists.data && lists.data.length === 0 ? <p className="muted">No lists yet: make one from search results, a match, or pasted ids.</p> : null}
      {lists.data && lists.data.length > 0 ? (
        <div className="runs-screen__pick">
          <label className="field">
            <span className="field__label">List</span>
            <select className="field__input" value={list?.id ?? ''} onChange={(e) => runsState.set((s) => ({ ...s, listId: e.target.value ? Number(e.target.value) : null }))}>
              <option value="">Choose a list…</option>
              {lists.data.map((l) => (
                <option key={l.id} value={l.id}>
                  {l.name} ({formatCount(l.memberCount)} {l.memberCount === 1 ? 'company' : 'companies'})
                </option>
              ))}
            </select>
          </label>
          {list ? (
            <RefreshEsg key={list.id} label={list.name} listId={list.id} count={list.memberCount} companies={() => listCompanies(list.id)} onStarted={onStarted} />
          ) : (
            <div className="refresh-esg">
              <button type="button" className="button button--primary" disabled aria-describedby={hintId}>
                Refresh ESG
              </button>
              <p id={hintId} className="muted runs-screen__hint">
                Choose a list first.
              </p>
            </div>
          )}
        </div>
      ) : null}
    </div>
  );
}

function RunTable({ runs, selected, onSelect }: { runs: RunInfo[]; selected: number | null; onSelect(id: number): void }) {
  return (
    <table className="runs-table">
      <caption className="visually-hidden">ESG runs of this profile, newest first</caption>
      <thead>
        <tr>
          <th scope="col">Run</th>
          <th scope="col">Modules</th>
          <th scope="col">State</th>
          <th scope="col">Progress</th>
          <th scope="col">Started</th>
        </tr>
      </thead>
      <tbody>
        {runs.map((r) => (
          <tr key={r.id} aria-current={r.id === selected ? 'true' : undefined} className={r.id === selected ? 'runs-table__row--selected' : undefined}>
            <td>
              <button type="button" className="link-button" onClick={() => onSelect(r.id)}>
                {r.label}
              </button>
            </td>
            <td>{r.modules.map((m) => MODULE_LABELS[m]).join(', ')}</td>
            <td>{RUN_STATE_LABELS[r.status]}</td>
            {/* Done = complete; cancelled, failed and not found said apart (a cancelled run never reads 100 %). */}
            <td className="runs-table__num">{progressText(runProgress(r.counts, r.total))}</td>
            <td>
              <time dateTime={new Date(r.createdAt).toISOString()}>{formatRecent(r.createdAt)}</time>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Memoised: the run list's updates re-render the screen, not the board (it has its own live state). */
const RunBoardView = memo(function RunBoardView({ runId, onOpenCompany }: { runId: number; onOpenCompany(companyId: string, companyName: string | null): void }) {
  const { live, error, setRun } = useLiveRun(runId);
  const [busy, setBusy] = useState(false);
  const [actionError, setActionError] = useState<unknown>(null);
  const act = (action: RunControl) => {
    setBusy(true);
    setActionError(null);
    controlRun(action, runId)
      .then(setRun)
      .catch(setActionError)
      .finally(() => setBusy(false));
  };
  if (error) return <ErrorMessage error={error} title="Could not open the run" />;
  if (!live) return <Spinner label="Opening the run…" />;
  return (
    <div className="runs-screen__board">
      <h2>{live.run.label}</h2>
      {actionError ? <ErrorMessage error={actionError} title="The run did not accept that" /> : null}
      <Board
        title={live.run.label}
        runState={live.run.status}
        model={live.model}
        busy={busy}
        onPause={() => act('pause')}
        onResume={() => act('resume')}
        onCancel={() => act('cancel')}
        onRetryFailed={() => act('retryFailed')}
        onOpenCompany={onOpenCompany}
      />
    </div>
  );
});
