// How far an ESG run got, in words every place that shows a run uses (the board, the runs list):
// "done" means complete with its data stored, and nothing else. Cells that ended without data (not
// found, failed, no access, cancelled) are said apart with their counts, so a cancelled run never
// reads as 100 % done.
import type { TaskCounts } from './schemas';
import { sentenceCount } from '../sentence-numbers';

export interface RunProgress {
  total: number;
  /** Complete: data read and stored. */
  done: number;
  notFound: number;
  failed: number;
  noAccess: number;
  cancelled: number;
  /** Ended without data (not found, failed, no access, cancelled). */
  endedOtherwise: number;
  /** Not ended yet (queued, requesting, processing). */
  open: number;
  /** Whole percent of cells done; 100 only when every cell is done. */
  percent: number;
}

const n = (v: number) => sentenceCount(v);

export function runProgress(counts: TaskCounts, total: number): RunProgress {
  const done = counts.complete;
  const endedOtherwise = counts.not_found + counts.failed + counts.no_access + counts.cancelled;
  return {
    total,
    done,
    notFound: counts.not_found,
    failed: counts.failed,
    noAccess: counts.no_access,
    cancelled: counts.cancelled,
    endedOtherwise,
    open: Math.max(0, total - done - endedOtherwise),
    percent: donePercent(done, total),
  };
}

/** Floor, so 2,750 of 2,751 reads 99 %, never a rounded-up 100 %. */
export function donePercent(done: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(100, Math.floor((done / total) * 100));
}

/** The cells that ended without data, each with its count ("852 cancelled", "3 failed"); none when zero. */
export function outcomeParts(p: Pick<RunProgress, 'failed' | 'cancelled' | 'notFound' | 'noAccess'>): string[] {
  const parts: string[] = [];
  if (p.failed) parts.push(`${n(p.failed)} failed`);
  if (p.cancelled) parts.push(`${n(p.cancelled)} cancelled`);
  if (p.notFound) parts.push(`${n(p.notFound)} not found`);
  if (p.noAccess) parts.push(`${n(p.noAccess)} without access`);
  return parts;
}

/** "1,899 of 2,751 cells done (69 %)". */
export function doneText(p: Pick<RunProgress, 'done' | 'total' | 'percent'>): string {
  return `${n(p.done)} of ${n(p.total)} cells done (${p.percent} %)`;
}

/** "1,899 of 2,751 cells done (69 %) · 852 cancelled": what the progress line and the runs list say. */
export function progressText(p: RunProgress): string {
  return [doneText(p), ...outcomeParts(p)].join(' · ');
}
