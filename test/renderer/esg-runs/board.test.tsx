// The board as markup: names first with the id secondary, states in words, the labelled progress
// bar, the polite run summary, failures with "Retry failed", and controls per run state.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Board, type RunState } from '../../../src/renderer/esg-runs/Board';
import { cellText } from '../../../src/renderer/esg-runs/BoardGrid';
import { applyUpdates, createBoard } from '../../../src/renderer/data/esg-runs-board';
import { ESG_MODULES } from '../../../src/shared/service/schemas';

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
const t0 = 1_700_000_000_000;
const companies = Array.from({ length: 1000 }, (_, i) => ({ companyId: `id-${i}`, companyName: `Firm ${i} GmbH` }));
const noop = () => {};

function render(runState: RunState, model = sample()) {
  return renderToStaticMarkup(<Board title="Portfolio 2026" runState={runState} model={model} onPause={noop} onResume={noop} onCancel={noop} onRetryFailed={noop} onOpenCompany={noop} />);
}

function sample() {
  return applyUpdates(
    createBoard(ESG_MODULES, companies, [], t0),
    [
      { companyId: 'id-0', module: 'news', state: 'processing', count: 12, updatedAt: t0 + 1 },
      { companyId: 'id-0', module: 'scores', state: 'complete', count: 1, updatedAt: t0 + 1 },
      { companyId: 'id-1', module: 'commitments', state: 'failed', reason: 'Service unavailable (503)', updatedAt: t0 + 1 },
      { companyId: 'id-2', module: 'news', state: 'no_access', updatedAt: t0 + 1 },
      { companyId: 'id-3', module: 'news', state: 'not_found', updatedAt: t0 + 1 },
    ],
    t0 + 1,
  );
}

describe('board', () => {
  it('names companies first with the id secondary, and says each state in words', () => {
    const html = render('running');
    const t = text(html);
    expect(t).toContain('Firm 0 GmbH id-0');
    expect(t).toContain('Processing · 12 articles held');
    expect(t).toContain('Complete · 1');
    expect(t).toContain('Failed: Service unavailable (503)');
    expect(t).toContain('No access');
    expect(t).toContain('Not found');
    expect(t).toContain('Queued');
    expect(html).toContain('data-state="processing"');
    expect(html).toContain('role="table" aria-label="ESG board: Portfolio 2026" aria-rowcount="1001"');
    // Virtualised: 1,000 companies, only a window of rows in the markup.
    expect((html.match(/role="row"/g) ?? []).length).toBeLessThan(30);
  });

  it('has a labelled progress bar with value, counts, a polite summary and the failures', () => {
    const html = render('running');
    expect(html).toMatch(/role="progressbar" aria-labelledby="board-progress-label" aria-valuemin="0" aria-valuemax="3000" aria-valuenow="1" aria-valuetext="1 of 3,000 cells done \(0 %\) · 1 failed · 1 not found · 1 without access"/);
    expect(html).toContain('role="status" aria-live="polite"');
    expect(text(html)).toContain('Running: 0 % of 3,000 cells done, 1 failed, 1 not found, 1 without access.');
    expect(text(html)).toContain('Failed cells: 1');
    expect(text(html)).toContain('Firm 1 GmbH · Commitments: Service unavailable (503)');
    expect(text(html)).toContain('Retry failed');
    expect(text(html)).toMatch(/Complete 1 .*Failed 1/);
  });

  it('offers Pause while running, Resume while paused, and nothing to stop once finished', () => {
    expect(text(render('running'))).toMatch(/Pause Cancel run/);
    expect(text(render('paused'))).toMatch(/Resume Cancel run/);
    const done = text(render('finished'));
    expect(done).not.toMatch(/Pause|Resume|Cancel run/);
    expect(done).toContain('Run state: Finished');
  });

  it('shows the live count with what it counts per module', () => {
    expect(cellText('commitments', { state: 'processing', count: 4, reason: null, updatedAt: 0 })).toBe('Processing · 4 commitments from this run');
    expect(cellText('scores', { state: 'processing', count: 0, reason: null, updatedAt: 0 })).toBe('Processing · 0 score ready (0 or 1)');
    expect(cellText('news', { state: 'requesting', count: null, reason: null, updatedAt: 0 })).toBe('Requesting');
  });

  it('shows a cancelled run as cancelled with its count, never 100 % done', () => {
    // 1,000 companies x 3 modules: 1,899 complete, the rest cancelled mid-way.
    let k = 0;
    const ends = companies.flatMap((c) => ESG_MODULES.map((m) => ({ companyId: c.companyId, module: m, state: k++ < 1899 ? ('complete' as const) : ('cancelled' as const), updatedAt: t0 + 1 })));
    const html = render('cancelled', applyUpdates(createBoard(ESG_MODULES, companies, [], t0), ends, t0 + 1));
    const t = text(html);
    expect(t).toContain('1,899 of 3,000 cells done (63 %) · 1,101 cancelled');
    expect(t).not.toContain('100 %');
    expect(t).toContain('Cancelled: 60 % of 3,000 cells done, 1,101 cancelled.');
    expect(html).toContain('aria-valuenow="1899"');
    expect(t).toMatch(/Cancelled 1,101/);
  });
});
