// Hostile ESG items on screen (issue 28): HTML stays text, only http(s) links, bidi overrides dropped
// and every service text isolated in <bdi>, a broken overall score shows the card with "–".
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { EsgItems } from '../../../src/renderer/esg/EsgItems';

const at = '2026-11-01T10:00:00Z';

describe('hostile ESG items', () => {
  it('news: HTML as text, no javascript/file/data link, bidi overrides dropped and isolated', () => {
    const items = [
      { article_id: 'a', title: '<img src=x onerror="alert(1)">Head', url: 'javascript:alert(1)', source: '\u202Eevil', published_at: at },
      { article_id: 'b', title: 'Before \u202Egnp.exe after', url: 'file:///etc/passwd', published_at: at },
      { article_id: 'c', title: 'Data', url: 'data:text/html,x', published_at: at },
      { article_id: 'd', title: 'Safe', url: 'https://news.example.org/a', published_at: at },
    ];
    const html = renderToStaticMarkup(<EsgItems module="news" items={items} firstIndex={0} />);
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;Head');
    expect([...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1])).toEqual(['https://news.example.org/a']);
    expect(html).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/);
    expect(html).toContain('<bdi>Before gnp.exe after</bdi>');
    expect(html).toContain('<bdi class="news-list__source">evil</bdi>');
  });

  it('generic items: bidi dropped, text isolated, a non-http link is text', () => {
    const html = renderToStaticMarkup(<EsgItems module="news" items={[{ name: 'x\u2067y', link: 'javascript:alert(1)' }]} firstIndex={0} />);
    expect(html).not.toContain('href=');
    expect(html).toContain('<bdi>xy</bdi>');
    expect(html).toContain('<bdi>javascript:alert(1)</bdi>');
  });

  it('scores: a missing overall (Infinity arrives as null) and a "NaN" text show as –, the rest stays', () => {
    const html = renderToStaticMarkup(<EsgItems module="scores" items={[{ overall: null, environmental: null, social: 'NaN', governance: 42, rating: '<b>AAA</b>' }]} firstIndex={0} companyName="Acme" />);
    expect(html).toContain('aria-label="ESG score of Acme"');
    const values = [...html.matchAll(/data-testid="esg-score-(\w+)">([^<]*)</g)].map((m) => [m[1], m[2]]);
    expect(values).toEqual([
      ['overall', '–'],
      ['environmental', '–'],
      ['social', '–'],
      ['governance', '42'],
    ]);
    expect(html).toContain('&lt;b&gt;AAA&lt;/b&gt;');
  });
});
