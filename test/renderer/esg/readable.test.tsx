// ESG an analyst can read: score card, news list and commitments table from the module items,
// the articles-per-month chart, and the fallback for items of unknown shape.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { EsgItems } from '../../../src/renderer/esg/EsgItems';
import { asArticle, asScore, fillMonths, safeLink } from '../../../src/renderer/ui/esg-format';
import { MonthChart } from '../../../src/renderer/esg/MonthChart';

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('score card', () => {
  const score = { score_id: 'x', overall: 62, environmental: 71, social: 48, governance: 66, rating: 'A', methodology: 'Sandbox ESG Risk Rating', methodology_version: '2.1', computed_at: '2026-03-04T10:20:00Z' };

  it('shows bars for overall, E, S and G with the rating, methodology and computed time', () => {
    const html = renderToStaticMarkup(<EsgItems module="scores" items={[score]} firstIndex={0} companyName="Apex Energy GmbH" />);
    expect(html).toContain('aria-label="ESG score of Apex Energy GmbH"');
    expect(text(html)).toMatch(/Rating A /);
    expect(text(html)).toContain('Methodology: Sandbox ESG Risk Rating, version 2.1');
    expect(html).toContain('dateTime="2026-03-04T10:20:00.000Z"');
    for (const [label, width] of [['Overall', 62], ['Environmental', 71], ['Social', 48], ['Governance', 66]] as const) {
      expect(text(html)).toContain(label);
      expect(html).toContain(`width:${width}%`);
    }
    expect(html).not.toContain('Item 1');
  });

  it('reads other field names and scales above 100', () => {
    expect(asScore({ score: 450, e: 500, s: 300, g: 400 })).toMatchObject({ overall: 450, environmental: 500, max: 500 });
    expect(asScore({ rating: 'A' })).toBeNull();
  });
});

describe('news list', () => {
  const older = { title: 'Older story', source: 'Reuters', url: 'https://news.example.org/old', published_at: '2024-02-01T00:00:00Z', sentiment: -0.6, sentiment_label: 'negative', topics: ['water'] };
  const newer = { title: 'Newer story', source: 'Bloomberg', url: 'javascript:alert(1)', published_at: '2026-05-01T00:00:00Z', sentiment: 0.1, topics: ['supply chain'] };

  it('shows headline, source, date, sentiment and topic, newest first, links only http(s)', () => {
    const html = renderToStaticMarkup(<EsgItems module="news" items={[older, newer]} firstIndex={0} />);
    const t = text(html);
    expect(t.indexOf('Newer story')).toBeLessThan(t.indexOf('Older story'));
    expect(t).toMatch(/Reuters .*2024.* Negative Water/);
    expect(t).toMatch(/Bloomberg .*2026.* Neutral Supply chain/);
    expect(html).toContain('href="https://news.example.org/old"');
    expect(html).not.toContain('javascript:');
    expect(html).toContain('aria-label="news items"');
  });

  it('keeps the generic view for items that are not articles', () => {
    expect(asArticle({ title: 'No date' })).toBeNull();
    expect(safeLink('file:///etc/passwd')).toBeNull();
    const html = renderToStaticMarkup(<EsgItems module="news" items={[{ title: 'No date', extra: 1 }]} firstIndex={0} />);
    expect(html).toContain('esg-items__title');
  });
});

describe('commitments table', () => {
  it('has what, target, year, status and source per row', () => {
    const c = { title: 'Cut scope 1 and 2 greenhouse gas emissions by 40% by 2030', target: '40% vs 2019', target_year: 2030, status: 'on_track', source: 'CDP disclosure', source_url: 'https://disclosures.example.org/a' };
    const html = renderToStaticMarkup(<EsgItems module="commitments" items={[c]} firstIndex={0} companyName="Apex" />);
    expect(html).toContain('aria-label="Commitments of Apex"');
    const t = text(html);
    expect(t).toContain('Commitment Target Year Status Source');
    expect(t).toContain('Cut scope 1 and 2 greenhouse gas emissions by 40% by 2030 40% vs 2019 2030 On track CDP disclosure');
    expect(html).toContain('href="https://disclosures.example.org/a"');
  });
});

describe('articles per month', () => {
  it('fills the empty months between the first and the last', () => {
    expect(fillMonths([{ month: '2025-11', count: 2 }, { month: '2026-02', count: 1 }])).toEqual([
      { month: '2025-11', count: 2 },
      { month: '2025-12', count: 0 },
      { month: '2026-01', count: 0 },
      { month: '2026-02', count: 1 },
    ]);
  });

  it('draws one bar per month in plain SVG with a summary for screen readers', () => {
    const html = renderToStaticMarkup(<MonthChart title="Articles per month, Apex" months={[{ month: '2025-12', count: 4 }, { month: '2026-02', count: 1 }]} />);
    expect(html.match(/<rect /g)).toHaveLength(3);
    expect(html).toContain('role="img"');
    expect(html).toMatch(/aria-label="Articles per month, Apex: 5 articles from .*2025 to .*2026; busiest month .*2025 with 4\."/);
  });
});
