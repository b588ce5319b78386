// Wording for export progress rows (pure, unit-tested).
import type { ExportJob } from '../../shared/bridge/groups/export';
import { formatCount, formatUnit, formatWhen } from '../ui/format';

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
  parts.push(job.totalRows !== undefined ? `${formatCount(job.rows)} of ${formatCount(job.totalRows)} rows` : `${formatCount(job.rows)} rows`);
  // A list or a snapshot view is read from the workspace, and other features' files have no pages: rows are the whole story.
  if (hasPages(job)) parts.push(job.totalPages !== undefined ? `page ${formatCount(job.pages)} of ${formatCount(job.totalPages)}` : `${formatCount(job.pages)} pages`);
  if (job.state === 'running') {
    if (job.phase === 'writing') parts.push('writing the file');
    else {
      if (job.rowsPerSecond) parts.push(`${formatCount(job.rowsPerSecond)} rows/s`);
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

/** Only a search export (all pages, or the page on screen) fetches pages. */
function hasPages(job: ExportJob): boolean {
  if (job.origin) return job.origin === 'search' || job.origin === 'page';
  return !job.list;
}

/** Where the rows came from, in words (history of earlier versions has no origin: a list or a search). */
export function sourceText(job: ExportJob): string {
  if (job.source) return job.source;
  return job.list ? `List “${job.list.name}”` : 'Search';
}

/** A file size in the analyst's locale: 812 bytes, 14.2 kB, 3.1 MB. */
export function formatBytes(bytes: number): string {
  const [unit, size] = bytes < 1000 ? (['byte', bytes] as const) : bytes < 1e6 ? (['kilobyte', bytes / 1e3] as const) : bytes < 1e9 ? (['megabyte', bytes / 1e6] as const) : (['gigabyte', bytes / 1e9] as const);
  return formatUnit(size, unit, { display: unit === 'byte' ? 'long' : 'short', digits: 1 });
}

/** The finished row's facts: source (unless the row names it already), rows, size, time. */
export function finishedFacts(job: ExportJob, o: { withSource?: boolean } = {}): string[] {
  const facts = o.withSource === false ? [] : [sourceText(job)];
  facts.push(`${formatCount(job.rows)} row${job.rows === 1 ? '' : 's'}`);
  if (job.bytes !== undefined) facts.push(formatBytes(job.bytes));
  facts.push(formatWhen(job.finishedAt ?? job.startedAt));
  return facts;
}

/** What the formula prefix did to a finished CSV (the writer's count). */
export function neutralisedText(cells: number): string {
  return cells === 0
    ? 'Formula protection touched no cell.'
    : `Formula protection put an apostrophe before ${formatCount(cells)} cell${cells === 1 ? '' : 's'} that started with = + - @.`;
}

/** Where a CSV, JSON or NDJSON file's About went (they have no About sheet); in browser mode a download of its own. */
export function aboutFileText(name: string, downloadable = false): string {
  return downloadable ? `The search, view and columns are in ${name}, a download of its own:` : `The search, view and columns are in ${name} beside the file.`;
}

/** What a view export will write: "66 rows (the filtered view of a 917-row snapshot), 12 columns". */
export function viewExportSummary(o: { rows: number; snapshotRows: number; narrowed: boolean; columns: number | null }): string {
  const rows = `${formatCount(o.rows)} row${o.rows === 1 ? '' : 's'}`;
  const of = o.narrowed ? `the filtered view of a ${formatCount(o.snapshotRows)}-row snapshot` : `the whole ${formatCount(o.snapshotRows)}-row snapshot`;
  const columns = o.columns === null ? 'every field that has a value' : `${formatCount(o.columns)} column${o.columns === 1 ? '' : 's'}`;
  return `${rows} (${of}), ${columns}`;
}
