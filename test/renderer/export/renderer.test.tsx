// Export UI wording and markup (static render, no DOM).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ExportJob } from '../../../src/shared/bridge/groups/export';
import { ExportRow } from '../../../src/renderer/export/ExportsPanel';
import { plannedRows, progressText } from '../../../src/renderer/export/export-format';

const base: ExportJob = { id: 'j1', format: 'csv', fileName: 'companies-all.csv', state: 'running', phase: 'fetching', rows: 2_000, pages: 10, totalRows: 10_000, totalPages: 50, rowsPerSecond: 1_000, etaMs: 8_000, startedAt: 0 };
const render = (job: ExportJob) =>
  renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <ExportRow job={job} />
    </QueryClientProvider>,
  );

describe('export progress wording', () => {
  it('shows rows, pages, rate and time left', () => {
    expect(progressText(base)).toBe('2,000 of 10,000 rows · page 10 of 50 · 1,000 rows/s · about 8 s left');
    expect(progressText({ ...base, phase: 'writing' })).toContain('writing the file');
    expect(progressText({ ...base, state: 'done', rows: 10_000, pages: 50, finishedAt: 125_000 })).toBe('10,000 of 10,000 rows · page 50 of 50 · took 2 min 5 s');
  });

  it('plans rows and pages with a row limit', () => {
    expect(plannedRows(10_000, 200, null)).toEqual({ rows: 10_000, pages: 50 });
    expect(plannedRows(10_000, 200, 450)).toEqual({ rows: 450, pages: 3 });
  });
});

describe('ExportRow', () => {
  it('a running export has a labelled progress bar and a named Cancel button', () => {
    const html = render(base);
    expect(html).toContain('aria-label="Progress of companies-all.csv"');
    expect(html).toContain('aria-label="Cancel export of companies-all.csv"');
  });

  it('a finished export offers Show in folder, or the download in browser mode', () => {
    expect(render({ ...base, state: 'done' })).toContain('aria-label="Show companies-all.csv in folder"');
    const html = render({ ...base, state: 'done', downloadUrl: '/downloads/x' });
    expect(html).toContain('href="/downloads/x"');
    expect(html).toContain('aria-label="Download companies-all.csv"');
  });

  it('a failed export says which page failed and that nothing was written', () => {
    const html = render({ ...base, state: 'failed', error: { code: 'server_error', message: 'Page 7 could not be fetched after 6 attempts: HTTP 503', retryable: true, details: { page: 7 } } });
    expect(html).toContain('role="alert"');
    expect(html).toContain('Page 7 could not be fetched');
    expect(html).toContain('no file was written');
  });
});
