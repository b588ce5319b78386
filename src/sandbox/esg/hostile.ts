// Built-in hostile ESG answers for the control API (`PUT __control/esg/hostile`): what a broken or
// malicious service could send, as raw result texts for RawEsgResults. Markers (`window.__hostile`)
// let a browser test prove no injected script ran.
import type { EsgModule } from '../../shared/service/schemas';

export const HOSTILE_KINDS = ['content', 'huge', 'deep'] as const;
export type HostileKind = (typeof HOSTILE_KINDS)[number];

/** Nesting of the `deep` answers and length of the `huge` strings. */
export const HOSTILE_DEPTH = 100_000;
export const HOSTILE_STRING_CHARS = 5_000_000;

// JSON.stringify writes no Infinity: these placeholders become number literals that overflow to ±Infinity.
const POS_INF = '"__hostile_+inf__"';
const NEG_INF = '"__hostile_-inf__"';
const rawText = (items: unknown[]): string => JSON.stringify(items).replaceAll(POS_INF, '1e999').replaceAll(NEG_INF, '-1e999');
const inf = JSON.parse(POS_INF) as string;
const negInf = JSON.parse(NEG_INF) as string;

function content(name: string, at: string): Record<EsgModule, string> {
  const article = (id: string, title: string, url: string, extra: Record<string, unknown> = {}) => ({ article_id: `hostile-${id}`, title, source: 'Wire', url, published_at: at, topics: ['governance'], ...extra });
  const news = [
    article('html', `<img src=x onerror="window.__hostile=1">${name} <b>bold</b><script>window.__hostile=2</script>`, 'javascript:window.__hostile=3', {
      summary: '<iframe src="javascript:window.__hostile=5"></iframe>',
      source: '<a href="javascript:window.__hostile=6">Wire</a>',
      sentiment: inf,
      topics: ['<svg onload="window.__hostile=7">'],
    }),
    article('formula', '=HYPERLINK("http://evil.example","click me")', 'file:///etc/passwd', { sentiment: negInf }),
    article('plus', '+SUM(1,2) plus first', 'data:text/html,<script>window.__hostile=8</script>'),
    article('at', "@SUM(1+1)*cmd|' /C calc'!A0", '  JaVaScRiPt:window.__hostile=9'),
    article('minus', '-1+1 minus first', 'vbscript:msgbox(1)'),
    article('rtl', 'Before \u202Egnp.exe\u202C after, then an open override \u202Etail', 'https://news.example.org/hostile-rtl', { source: '\u2067RTL source' }),
  ];
  const commitments = [
    { commitment_id: 'hostile-c1', title: '=1+1 <i>italic</i> commitment', description: '-2+3', target: '@A1', target_year: inf, status: '<script>window.__hostile=10</script>', source: '\u202Eevil', source_url: 'javascript:window.__hostile=11' },
    { commitment_id: 'hostile-c2', title: '+cmd commitment', baseline_year: negInf, source_url: 'data:text/html,<b>x</b>' },
    { commitment_id: 'hostile-c3', title: 'Safe commitment', target_year: 2040, source_url: 'https://example.org/commitment' },
  ];
  const scores = [
    { score_id: 'hostile-s1', overall: inf, environmental: negInf, social: 'NaN', governance: 42, rating: '<img src=x onerror="window.__hostile=4">', methodology: '=cmd', computed_at: at },
  ];
  return { news: rawText(news), commitments: rawText(commitments), scores: rawText(scores) };
}

function huge(at: string): Partial<Record<EsgModule, string>> {
  const big = (c: string) => c.repeat(HOSTILE_STRING_CHARS);
  return {
    news: rawText([{ article_id: 'hostile-huge', title: `Huge headline ${big('A')}`, source: 'Wire', url: 'https://news.example.org/huge', published_at: at }]),
    commitments: rawText([{ commitment_id: 'hostile-huge-c', title: 'Huge commitment', description: big('C') }]),
  };
}

function deep(at: string): Record<EsgModule, string> {
  const bomb = '['.repeat(HOSTILE_DEPTH) + ']'.repeat(HOSTILE_DEPTH);
  const wrap = (fields: Record<string, unknown>) => `[${JSON.stringify(fields).slice(0, -1)},"nested":${bomb}}]`;
  return {
    news: wrap({ article_id: 'hostile-deep', title: 'Deep', published_at: at }),
    commitments: wrap({ commitment_id: 'hostile-deep-c', title: 'Deep commitment' }),
    scores: wrap({ score_id: 'hostile-deep-s', overall: 50 }),
  };
}

/** The raw result texts of one hostile kind, per module it defines. `at`: the articles' date (ISO). */
export function hostileResults(kind: HostileKind, companyName: string, at: string): Partial<Record<EsgModule, string>> {
  if (kind === 'content') return content(companyName, at);
  if (kind === 'huge') return huge(at);
  return deep(at);
}
