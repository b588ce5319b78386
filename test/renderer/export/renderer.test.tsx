// Export UI wording and markup (static render, no DOM).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ExportJob } from '../../../src/shared/bridge/groups/export';
import { ExportRow } from '../../../src/renderer/export/ExportsPanel';
import { finishedFacts, formatBytes, neutralisedText, plannedRows, progressText, viewExportSummary } from '../../../src/renderer/export/export-format';

const base: ExportJob = { id: 'j1', format: 'csv', fileName: 'companies-all.csv', state: 'running', phase: 'fetching', rows: 2_000, pages: 10, totalRows: 10_000, totalPages: 50, rowsPerSecond: 1_000, etaMs: 8_000, startedAt: 0 };
const render = (job: ExportJob, history = false) =>
  renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <ExportRow job={job} history={history} />
    </QueryClientProvider>,
  );
const nf = new Intl.NumberFormat();

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

describe('what a view export writes, and a finished export’s facts', () => {
  it('says rows, what they are of, and columns before the export starts', () => {
    expect(viewExportSummary({ rows: 66, snapshotRows: 917, narrowed: true, columns: 12 })).toBe(`66 rows (the filtered view of a 917-row snapshot), 12 columns`);
    expect(viewExportSummary({ rows: 25_000, snapshotRows: 25_000, narrowed: false, columns: null })).toBe(
      `${nf.format(25_000)} rows (the whole ${nf.format(25_000)}-row snapshot), every field that has a value`,
    );
    expect(viewExportSummary({ rows: 1, snapshotRows: 917, narrowed: true, columns: 1 })).toBe('1 row (the filtered view of a 917-row snapshot), 1 column');
  });

  it('formats sizes with the locale’s number format', () => {
    expect(formatBytes(812)).toBe(new Intl.NumberFormat(undefined, { style: 'unit', unit: 'byte', unitDisplay: 'long' }).format(812));
    expect(formatBytes(14_249)).toBe(new Intl.NumberFormat(undefined, { style: 'unit', unit: 'kilobyte', unitDisplay: 'short', maximumFractionDigits: 1 }).format(14.249));
    expect(formatBytes(3_120_000)).toMatch(/3[.,]1\s?MB/);
  });

  it('lists source, rows, size and time; an older history line without a source is a search or its list', () => {
    const done: ExportJob = { ...base, state: 'done', origin: 'match', source: 'Bulk match of suppliers.csv', rows: 1_234, bytes: 56_000, finishedAt: Date.UTC(2026, 10, 25, 14, 5) };
    const facts = finishedFacts(done);
    expect(facts.slice(0, 3)).toEqual(['Bulk match of suppliers.csv', `${nf.format(1_234)} rows`, formatBytes(56_000)]);
    expect(facts[3]).toBe(new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(done.finishedAt));
    expect(finishedFacts({ ...done, source: undefined, origin: undefined })[0]).toBe('Search');
    expect(finishedFacts({ ...done, source: undefined, origin: undefined, list: { id: 1, name: 'A' } })[0]).toBe('List “A”');
  });

  it('a snapshot view, a list and other features’ files count rows, not pages', () => {
    const done = { ...base, state: 'done' as const, rows: 66, totalRows: 66, finishedAt: 4_000 };
    expect(progressText({ ...done, origin: 'snapshot' })).toBe('66 of 66 rows · took 4 s');
    expect(progressText({ ...done, origin: 'esg', totalRows: undefined })).toBe('66 rows · took 4 s');
  });
});

describe('ExportRow on the Exports screen', () => {
  const done: ExportJob = { ...base, state: 'done', origin: 'esg', source: 'ESG of list “Portfolio”', format: 'xlsx', fileName: 'esg-Portfolio.xlsx', rows: 40, bytes: 9_000, finishedAt: 5_000, canRepeat: true };

  it('offers Export again and Remove from list (which keeps the file), and shows the facts', () => {
    const html = render(done, true);
    expect(html).toContain('aria-label="Export again: esg-Portfolio.xlsx"');
    expect(html).toContain('aria-label="Remove from list: esg-Portfolio.xlsx (the file stays)"');
    expect(html).toContain('ESG of list “Portfolio” · 40 rows');
  });

  it('a started export in a dialog has neither; a running one cannot be removed; no Export again without its settings', () => {
    expect(render(done)).not.toContain('Remove from list');
    expect(render({ ...base, canRepeat: true }, true)).not.toContain('Remove from list');
    expect(render({ ...done, canRepeat: false }, true)).not.toContain('Export again:');
  });

  it('a finished CSV says how many cells the formula prefix touched', () => {
    expect(render({ ...base, state: 'done', neutralised: 1_234, finishedAt: 1 })).toContain(neutralisedText(1_234));
    expect(neutralisedText(1_234)).toBe(`Formula protection put an apostrophe before ${nf.format(1_234)} cells that started with = + - @.`);
    expect(render({ ...base, state: 'done', neutralised: 0, finishedAt: 1 })).toContain('Formula protection touched no cell.');
  });
});
