// Wording for export progress rows (pure, unit-tested).
import type { ExportJob } from '../../shared/bridge/groups/export';

const n = (v: number) => v.toLocaleString('en-US');

export const FORMAT_LABELS: Record<ExportJob['format'], string> = {
  csv: 'CSV',
  xlsx: 'Excel (XLSX)',
  json: 'JSON',
  ndjson: 'NDJSON',
};

export function formatDuration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min ${s % 60} s`;
  return `${Math.floor(m / 60)} h ${m % 60} min`;
}

export function progressText(job: ExportJob): string {
  const parts: string[] = [];
  parts.push(job.totalRows !== undefined ? `${n(job.rows)} of ${n(job.totalRows)} rows` : `${n(job.rows)} rows`);
  // A list is read from the workspace, not fetched in pages: its rows are the whole story.
  if (!job.list) parts.push(job.totalPages !== undefined ? `page ${n(job.pages)} of ${n(job.totalPages)}` : `${n(job.pages)} pages`);
  if (job.state === 'running') {
    if (job.phase === 'writing') parts.push('writing the file');
    else {
      if (job.rowsPerSecond) parts.push(`${n(job.rowsPerSecond)} rows/s`);
      if (job.etaMs !== undefined && job.rows > 0) parts.push(`about ${formatDuration(job.etaMs)} left`);
    }
  } else if (job.finishedAt) {
    parts.push(`took ${formatDuration(job.finishedAt - job.startedAt)}`);
  }
  return parts.join(' · ');
}

export function stateLabel(job: ExportJob): string {
  switch (job.state) {
    case 'running':
      return 'Exporting';
    case 'done':
      return 'Finished';
    case 'failed':
      return 'Failed';
    case 'cancelled':
      return 'Cancelled';
  }
}

/** Pages an all-pages export will fetch, honouring the row limit. */
export function plannedRows(count: number, pageSize: number, rowLimit: number | null): { rows: number; pages: number } {
  const rows = rowLimit ? Math.min(count, rowLimit) : count;
  return { rows, pages: Math.ceil(rows / pageSize) };
}
