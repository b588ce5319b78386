// What a bulk job shows, computed from its rows and counters: the row counts by state, the review
// decision of each row, the job's progress view and each row's view. Apart from bulk-job.ts so the
// runner holds only the run itself.
import type { BridgeError } from '../../../shared/errors';
import type { BulkJobView, BulkRowView } from '../../../shared/bridge/groups/match';
import { chosenOf, decisionOf, type ReviewChoice, type ReviewCounts } from '../../../shared/match/review';
import type { BulkRowState } from './bulk-job-types';

/** How many rows are in each state, kept up to date as rows are added and change state. */
export class RowCounts {
  matched = 0;
  noMatch = 0;
  errors = 0;
  invalid = 0;
  pending = 0;

  bump(state: BulkRowState['state'], by: number): void {
    const key = state === 'no_match' ? 'noMatch' : state === 'error' ? 'errors' : state;
    this[key] += by;
  }
}

/** The review decision of a row: its analyst's, else the threshold's; none for rows without a match. */
export function rowDecision(r: BulkRowState, threshold: number) {
  return decisionOf(r.state === 'matched' ? r.best : undefined, r.manual, threshold);
}

/** The candidate a row's decision chose, if any. */
export function rowChosen(r: BulkRowState, threshold: number): ReviewChoice | null {
  return chosenOf(rowDecision(r, threshold), r.choices ?? [], r.manual);
}

export function reviewCounts(rows: readonly BulkRowState[], threshold: number): ReviewCounts {
  const c: ReviewCounts = { threshold, auto: 0, accepted: 0, picked: 0, rejected: 0, pending: 0 };
  for (const r of rows) {
    const d = rowDecision(r, threshold);
    if (d) c[d]++;
  }
  return c;
}

export function rowView(r: BulkRowState, threshold: number): BulkRowView {
  return {
    line: r.line,
    input: { ...r.input },
    state: r.state,
    ...(r.best ? { best: r.best } : {}),
    ...(r.candidates !== undefined ? { candidates: r.candidates } : {}),
    ...(r.error ? { error: r.error } : {}),
    decision: rowDecision(r, threshold),
    ...(r.choices ? { choices: r.choices } : {}),
    chosenId: rowChosen(r, threshold)?.companyId ?? null,
    ...(r.duplicateOf !== undefined ? { duplicateOf: r.duplicateOf } : {}),
  };
}

/** The facts of a job its progress view is made of. */
export interface JobProgress {
  id: string;
  state: BulkJobView['state'];
  fileName: string | undefined;
  reading: boolean;
  total: number;
  counts: RowCounts;
  startedAt: number;
  finishedAt: number | undefined;
  /** When the current run (start, resume or retry) began, and how many rows it has done: the speed. */
  runStartedAt: number;
  runDone: number;
  fatal: BridgeError | undefined;
  resumedAt: number | undefined;
  review: ReviewCounts;
}

/** The job's progress view; `now` is read only while the job has not finished. */
export function jobView(p: JobProgress, now: () => number): BulkJobView {
  const { matched, noMatch, errors, invalid } = p.counts;
  const done = matched + noMatch + errors + invalid;
  const end = p.finishedAt ?? now();
  const secs = (end - p.runStartedAt) / 1000;
  return {
    id: p.id,
    state: p.state,
    ...(p.fileName ? { fileName: p.fileName } : {}),
    reading: p.reading,
    total: p.total,
    done,
    matched,
    noMatch,
    errors,
    invalid,
    startedAt: p.startedAt,
    ...(p.finishedAt !== undefined ? { finishedAt: p.finishedAt } : {}),
    ...(secs > 0 ? { rowsPerSecond: Math.round((p.runDone / secs) * 10) / 10 } : {}),
    ...(p.fatal ? { error: p.fatal } : {}),
    ...(p.resumedAt !== undefined ? { resumedAt: p.resumedAt } : {}),
    review: p.review,
  };
}
