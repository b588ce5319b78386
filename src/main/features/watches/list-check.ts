// One check of a watched list: refresh the chosen ESG modules of its companies through the run
// engine (one run, its requests through the check's route: lane and count), wait for the run to
// end, then diff what it stored with what the previous check's run stored.
import { AppError } from '../../../shared/errors';
import { RUN_COMPANIES_MAX, type RunInfo } from '../../../shared/esg-runs/schemas';
import type { EsgRunsFeature, RunRoute } from '../esg-runs/feature';
import type { ListsAccess } from '../lists/lists-access';
import { diffEsgResultTexts, type EsgResultText } from './esg-diff';
import type { CheckOutcome } from './search-check';
import type { StoredCheck, StoredWatch, WatchStore } from './store';
import { sentenceCount } from '../../../shared/sentence-numbers';
import { smallestThreshold } from '../../../shared/watches/rules';

export interface ListCheckDeps {
  profileId: string;
  lists(): Pick<ListsAccess, 'get' | 'listMembers'>;
  esgRuns: Pick<EsgRunsFeature, 'startRouted' | 'route' | 'unroute' | 'onRunChange' | 'engineFor'>;
}

const ended = (r: RunInfo | null) => r !== null && (r.status === 'finished' || r.status === 'cancelled');

/** Resolves with the run once it is finished or cancelled; rejects when `signal` aborts. */
export function runEnd(d: Pick<ListCheckDeps, 'esgRuns' | 'profileId'>, runId: number, signal: AbortSignal, onChange?: (run: RunInfo) => void): Promise<RunInfo> {
  return new Promise((resolve, reject) => {
    const stop = () => {
      off();
      signal.removeEventListener('abort', abort);
    };
    const abort = () => {
      stop();
      reject(new AppError('cancelled', 'The check was stopped.'));
    };
    const off = d.esgRuns.onRunChange((run) => {
      if (run.id !== runId) return;
      onChange?.(run);
      if (ended(run)) {
        stop();
        resolve(run);
      }
    });
    signal.addEventListener('abort', abort, { once: true });
    const now = d.esgRuns.engineFor(d.profileId).store.getRun(runId);
    if (ended(now)) {
      stop();
      resolve(now!);
    }
  });
}

export async function runListCheck(
  d: ListCheckDeps,
  o: { watch: StoredWatch; check: StoredCheck; store: WatchStore; route: RunRoute; signal: AbortSignal; onProgress(run: RunInfo): void },
): Promise<CheckOutcome> {
  const target = o.watch.target;
  if (target.kind !== 'list') throw new AppError('internal', 'Not a list watch.');
  const lists = d.lists();
  const list = lists.get(target.listId);
  if (!list) throw new AppError('not_found', `The list of the watch ‘${o.watch.name}’ was deleted, so it cannot be checked. Delete the watch, or watch another list.`);
  const members = lists.listMembers(list.id);
  if (members.length === 0) return { changes: [], baseline: o.store.lastDone(o.watch.id, o.check.id) === null, note: `The list ‘${list.name}’ has no companies: nothing was refreshed.` };
  if (members.length > RUN_COMPANIES_MAX) {
    throw new AppError('invalid_input', `The list ‘${list.name}’ has ${sentenceCount(members.length)} companies; a check refreshes at most ${sentenceCount(RUN_COMPANIES_MAX)}. Split the list.`);
  }
  const engine = d.esgRuns.engineFor(d.profileId);
  // A resumed check goes on with its run (the engine resumed it at start); a cancelled or lost one starts again.
  const existing = o.check.runId ? engine.store.getRun(o.check.runId) : null;
  let runId: number;
  if (existing && existing.status !== 'cancelled') {
    runId = existing.id;
    d.esgRuns.route(runId, o.route);
  } else {
    const companies = members.map((m) => ({ companyId: m.companyId, ...(m.name ? { companyName: m.name } : {}) }));
    runId = d.esgRuns.startRouted(d.profileId, { companies, modules: target.modules, label: `Watch ‘${o.watch.name}’`, listId: list.id }, o.route).id;
    o.store.updateCheck(o.check.id, { runId });
  }
  let run: RunInfo;
  try {
    run = await runEnd(d, runId, o.signal, o.onProgress);
  } finally {
    d.esgRuns.unroute(runId);
  }
  if (run.status === 'cancelled') {
    throw new AppError('cancelled', `The ESG run of this check (‘${run.label}’) was cancelled on the ESG board, so nothing was compared. The next check compares with the last complete one.`);
  }

  const previous = o.store.lastDone(o.watch.id, o.check.id);
  if (!previous?.runId) return { changes: [], baseline: true };
  o.store.updateCheck(o.check.id, { previousCheckId: previous.id });
  const names = new Map(members.map((m) => [m.companyId, m.name]));
  const modules = new Set(target.modules);
  const side = (id: number): EsgResultText[] =>
    engine.store
      .resultTextsOfRun(id)
      .filter((r) => modules.has(r.module) && names.has(r.companyId))
      .map((r) => ({ ...r, companyName: names.get(r.companyId) ?? r.companyName }));
  // Found down to the smallest pillar threshold of the rules; the rules then choose per pillar (runner).
  const changes = diffEsgResultTexts(side(previous.runId), side(runId), { scoreThreshold: smallestThreshold(o.watch.rules, o.watch.scoreThreshold) });
  return { changes, baseline: false };
}
