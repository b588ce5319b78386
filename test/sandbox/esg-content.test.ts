// What the sandbox's ESG modules hold: content an analyst can read (news over years with sentiment
// and topic, commitments with target, year, status and source, scores with E/S/G, rating and
// methodology) and session durations that vary per session.
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/sandbox/clock';
import { loadDataset } from '../../src/sandbox/dataset';
import { EsgEngine } from '../../src/sandbox/esg/engine';
import type { EsgModule } from '../../src/shared/service/schemas';

const ds = loadDataset(42, 2000);
const YEAR = 365 * 86_400_000;

/** Runs one session of `module` for each of `ids` to its end; returns the held items and durations. */
function runSessions(engine: EsgEngine, clock: ManualClock, ids: string[], module: EsgModule) {
  const durations: number[] = [];
  const items: Record<string, unknown>[][] = [];
  for (const id of ids) {
    const first = engine.request(id, module);
    if (first.status === 'not_found') continue;
    const start = clock.now();
    let ms = 0;
    while (engine.status(first.sessionId!)!.status === 'processing') {
      clock.advance(50);
      ms += 50;
    }
    durations.push(ms);
    const done = engine.request(id, module);
    expect(done.status).toBe('complete');
    items.push(done.items);
    expect(clock.now() - start).toBe(ms);
  }
  return { durations, items };
}

const known = (engine: EsgEngine, n: number) => ds.companies.filter((c) => engine.isKnown(c.company_id)).slice(0, n).map((c) => c.company_id);

describe('sandbox ESG sessions', () => {
  it('vary in duration per session within sessionMs x (1 ± jitter), the same for the same seed', () => {
    const make = () => {
      const clock = new ManualClock();
      const engine = new EsgEngine(ds, clock, { sessionMs: 2000, sessionJitter: 0.5 });
      return runSessions(engine, clock, known(engine, 40), 'scores').durations;
    };
    const a = make();
    expect(a).toEqual(make());
    expect(Math.min(...a)).toBeGreaterThanOrEqual(1000);
    expect(Math.max(...a)).toBeLessThanOrEqual(3050);
    expect(new Set(a).size).toBeGreaterThan(15);
    expect(Math.max(...a) - Math.min(...a)).toBeGreaterThan(1000);
  });

  it('last exactly sessionMs without jitter, with the same items as with it', () => {
    const clock = new ManualClock();
    const engine = new EsgEngine(ds, clock, { sessionMs: 1000 });
    const ids = known(engine, 10);
    const plain = runSessions(engine, clock, ids, 'commitments');
    expect(new Set(plain.durations)).toEqual(new Set([1000]));
    const jClock = new ManualClock();
    const jittered = runSessions(new EsgEngine(ds, jClock, { sessionMs: 1000, sessionJitter: 0.5 }), jClock, ids, 'commitments');
    expect(jittered.items.map((list) => list.map((i) => i.title))).toEqual(plain.items.map((list) => list.map((i) => i.title)));
  });
});

describe('sandbox ESG content', () => {
  const clock = new ManualClock();
  const engine = new EsgEngine(ds, clock, { sessionMs: 500, itemsPerSession: 12 });
  const ids = known(engine, 60);

  it('news: headline naming the company, source, dates spread over years, sentiment and topic', () => {
    const articles = runSessions(engine, clock, ids, 'news').items.flat();
    expect(articles.length).toBeGreaterThan(200);
    const now = clock.now();
    const ages = articles.map((a) => now - Date.parse(String(a.published_at)));
    expect(Math.max(...ages)).toBeGreaterThan(2 * YEAR);
    expect(ages.filter((a) => a < 31 * 86_400_000).length).toBeGreaterThan(articles.length / 4);
    expect(new Set(articles.map((a) => new Date(String(a.published_at)).getUTCFullYear())).size).toBeGreaterThanOrEqual(3);
    expect(new Set(articles.map((a) => a.source)).size).toBeGreaterThan(8);
    for (const a of articles) {
      expect(a.title).toEqual(expect.any(String));
      expect(a.url).toMatch(/^https:\/\//);
      expect(a.sentiment).toBeGreaterThanOrEqual(-1);
      expect(a.sentiment).toBeLessThanOrEqual(1);
      expect(['positive', 'neutral', 'negative']).toContain(a.sentiment_label);
      expect((a.topics as string[]).length).toBe(1);
    }
    expect(new Set(articles.map((a) => a.sentiment_label)).size).toBe(3);
    const company = ds.byId.get(ids[0]!)!;
    const own = engine.request(ids[0]!, 'news').items;
    expect(own.every((a) => String(a.title).includes(company.name))).toBe(true);
    // Held newest first.
    const dates = own.map((a) => String(a.published_at));
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('commitments: what, target, target year after the announcement, status and source', () => {
    const sets = runSessions(engine, clock, ids, 'commitments').items;
    const all = sets.flat();
    expect(all.length).toBeGreaterThan(60);
    for (const c of all) {
      expect(c.title).toEqual(expect.any(String));
      expect(c.target).toEqual(expect.any(String));
      expect(c.source).toEqual(expect.any(String));
      expect(c.source_url).toMatch(/^https:\/\//);
      expect(['announced', 'on_track', 'behind', 'achieved', 'withdrawn']).toContain(c.status);
      const announced = new Date(String(c.announced_at)).getUTCFullYear();
      expect(c.target_year as number).toBeGreaterThan(announced);
      expect(c.baseline_year as number).toBeLessThan(announced);
    }
    expect(new Set(all.map((c) => new Date(String(c.announced_at)).getUTCFullYear())).size).toBeGreaterThanOrEqual(3);
  });

  it('scores: overall, E, S, G on 0-100, a rating that follows overall, methodology and computed time', () => {
    const scores = runSessions(engine, clock, ids, 'scores').items.map((list) => list[0]);
    expect(scores.length).toBe(ids.length);
    const order = ['AAA', 'AA', 'A', 'BBB', 'BB', 'B', 'CCC'];
    for (const s of scores) {
      for (const k of ['overall', 'environmental', 'social', 'governance']) {
        expect(s![k]).toBeGreaterThanOrEqual(0);
        expect(s![k]).toBeLessThanOrEqual(100);
      }
      expect(order).toContain(s!.rating);
      expect(s!.methodology).toEqual(expect.any(String));
      expect(s!.methodology_version).toEqual(expect.any(String));
      expect(Number.isNaN(Date.parse(String(s!.computed_at)))).toBe(false);
    }
    const sorted = [...scores].sort((a, b) => (b!.overall as number) - (a!.overall as number));
    const ranks = sorted.map((s) => order.indexOf(s!.rating as string));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(new Set(scores.map((s) => s!.rating)).size).toBeGreaterThanOrEqual(3);
  });
});
