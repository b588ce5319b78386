// Renderer pieces without a DOM: the cache updates driven by pushed events, and static markup.
import { QueryClient } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { applyEsgCompleted, applyEsgProgress, esgKeys } from '../../../src/renderer/data/esg';
import { EsgItems } from '../../../src/renderer/esg/EsgItems';
import { formatElapsed } from '../../../src/renderer/esg/elapsed';
import type { EsgModuleView, WatchView } from '../../../src/shared/bridge/groups/esg';

const watch = (p: Partial<WatchView>): WatchView => ({ sessionId: 's1', companyId: 'C1', module: 'news', state: 'processing', resultCount: 0, startedAt: 0, updatedAt: 0, polls: 0, ...p });
const view = (p: Partial<EsgModuleView>): EsgModuleView => ({ viewId: 'v', companyId: 'C1', module: 'news', status: 'complete', sessionId: null, count: 0, items: [], pageNumber: 1, hasNext: false, hasPrevious: false, ...p });

describe('ESG cache from pushed events', () => {
  it('progress upserts one row per session; completed swaps in the fresh module data', () => {
    const qc = new QueryClient();
    qc.setQueryData(esgKeys.module('C1', 'news'), view({ status: 'processing', sessionId: 's1' }));
    applyEsgProgress(qc, watch({ resultCount: 3, polls: 1 }));
    applyEsgProgress(qc, watch({ sessionId: 's2', companyId: 'C2' }));
    applyEsgProgress(qc, watch({ resultCount: 5, polls: 2 }));
    expect(qc.getQueryData<WatchView[]>(esgKeys.watches)!.map((w) => [w.sessionId, w.resultCount])).toEqual([['s2', 0], ['s1', 5]]);

    applyEsgCompleted(qc, { watch: watch({ state: 'complete', resultCount: 7 }), view: view({ count: 7, items: [{ title: 'a' }] }) });
    expect(qc.getQueryData<EsgModuleView>(esgKeys.module('C1', 'news'))).toMatchObject({ status: 'complete', sessionId: null, count: 7 });
    expect(qc.getQueryData<WatchView[]>(esgKeys.watches)!.find((w) => w.sessionId === 's1')!.state).toBe('complete');
  });

  it('a completion without data marks the module stale instead of keeping "processing" forever', () => {
    const qc = new QueryClient();
    qc.setQueryData(esgKeys.module('C1', 'news'), view({ status: 'processing', sessionId: 's1' }));
    applyEsgCompleted(qc, { watch: watch({ state: 'complete' }), view: null });
    expect(qc.getQueryState(esgKeys.module('C1', 'news'))!.isInvalidated).toBe(true);
  });
});

describe('ESG markup', () => {
  it('lists items with a title, fields and numbered from the page start', () => {
    const html = renderToStaticMarkup(<EsgItems module="news" firstIndex={10} items={[{ title: 'Plant closes', source: 'Wire', url: 'https://news.example.org/a', topics: ['water'] }]} />);
    expect(html).toContain('start="11"');
    expect(html).toContain('aria-label="news items"');
    expect(html).toContain('<h3 class="esg-items__title"><bdi>Plant closes</bdi></h3>');
    expect(html).toContain('href="https://news.example.org/a"');
    expect(html).toContain('[&quot;water&quot;]');
  });

  it('explains an empty scores page', () => {
    expect(renderToStaticMarkup(<EsgItems module="scores" firstIndex={0} items={[]} />)).toContain('No score exists for this company yet.');
  });

  it('formats elapsed time', () => {
    expect([0, 65_000, 3_723_000].map(formatElapsed)).toEqual(['0:00', '1:05', '1:02:03']);
  });
});
