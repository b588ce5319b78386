// Rows, pages, rate and time left for one export, from the raw counters the run reports.
import type { ExportJob } from '../../../shared/bridge/groups/export';
import type { ExportProgress } from './types';

export function applyProgress(job: ExportJob, p: ExportProgress, now: number, rowLimit?: number, pageSize?: number): void {
  job.phase = p.phase;
  if (p.count !== undefined && pageSize) {
    const total = Math.min(p.count, rowLimit ?? Infinity);
    job.totalRows = total;
    job.totalPages = Math.ceil(total / pageSize);
  }
  const elapsedS = Math.max(0.001, (now - job.startedAt) / 1000);
  if (p.phase === 'fetching') {
    job.rows = p.rows;
    job.pages = p.pages;
    job.rowsPerSecond = Math.round(p.rows / elapsedS);
    if (job.totalRows !== undefined && job.rowsPerSecond > 0) {
      job.etaMs = Math.round((Math.max(0, job.totalRows - p.rows) / job.rowsPerSecond) * 1000);
    }
  } else {
    // The write pass (spooled CSV/XLSX) is local and short; no page-rate estimate applies to it.
    job.etaMs = undefined;
  }
}

/** Emits at most every `intervalMs` unless forced (state changes always go out). */
export function throttle(intervalMs: number, now: () => number) {
  let last = -Infinity;
  return (force: boolean): boolean => {
    const t = now();
    if (!force && t - last < intervalMs) return false;
    last = t;
    return true;
  };
}
