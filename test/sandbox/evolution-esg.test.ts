// Data that changes over time, seen through the ESG modules (docs/sandbox.md): after an epoch
// boundary a company's held module starts a new session and then shows exactly what the change log
// says (score and rating moves, new articles, a new or changed commitment); a module without
// changes stays complete. A twin sandbox (same seed, same clock start) tells the test in advance
// which companies epoch 1 changes: the log does not depend on what was asked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EsgModule } from '../../src/shared/service/schemas';
import { ManualClock } from '../../src/sandbox/clock';
import type { DataChange, SandboxHandle, SandboxOptions } from '../../src/sandbox/server';
import { apiGet, getToken, start } from './helpers';

const SESSION_MS = 100;
const opts: SandboxOptions = {
  tokenTtlSeconds: 365 * 86_400,
  esg: { sessionMs: SESSION_MS },
  evolution: { rates: { score: 20, rating: 10, news: 20, commitment: 30 } },
};

let sb: SandboxHandle;
let token: string;
let log: DataChange[];
beforeAll(async () => {
  const twin = await start({ ...opts, clock: new ManualClock() });
  twin.control.stepEpochs(1);
  log = twin.control.changes();
  await twin.close();
  sb = await start({ ...opts, clock: new ManualClock() });
  token = await getToken(sb);
});
afterAll(() => sb.close());

type Item = Record<string, unknown>;

/** The module's items once complete: runs a session to its end if the request starts one. Returns whether it did. */
async function held(companyId: string, module: EsgModule): Promise<{ items: Item[]; ranSession: boolean }> {
  const path = `/esg/v1/companies/${companyId}/${module}?page_size=200`;
  const first = await apiGet(sb, token, path);
  expect(first.status).toBe(200);
  if (first.body.status === 'complete') return { items: first.body.result, ranSession: false };
  expect(first.body.status).toBe('processing');
  sb.control.advanceClock(SESSION_MS);
  const done = await apiGet(sb, token, path);
  expect(done.body.status).toBe('complete');
  return { items: done.body.result, ranSession: true };
}

const changesOf = (companyId: string, kind: DataChange['kind']) => log.filter((c) => c.company_id === companyId && c.kind === kind);
const firstWith = (kind: DataChange['kind'], pred: (c: DataChange) => boolean = () => true) => log.find((c) => c.kind === kind && pred(c))!.company_id;

describe('ESG modules across an epoch boundary', () => {
  it('the log names ESG changes of every kind, with scores moving by more than 5 points too', () => {
    for (const kind of ['score', 'rating', 'news', 'commitment'] as const) expect(log.some((c) => c.kind === kind)).toBe(true);
    expect(log.some((c) => c.kind === 'score' && c.field === 'overall' && Math.abs((c.new as number) - (c.old as number)) > 5)).toBe(true);
    expect(log.some((c) => c.kind === 'commitment' && c.field === 'status')).toBe(true);
    expect(log.some((c) => c.kind === 'commitment' && c.field === undefined)).toBe(true);
  });

  it('differ after the boundary exactly as the log says', async () => {
    const rated = firstWith('rating');
    const news = firstWith('news');
    const moved = firstWith('commitment', (c) => c.field === 'status');
    const announced = firstWith('commitment', (c) => c.field === undefined && !log.some((o) => o.company_id === c.company_id && o.kind === 'commitment' && o !== c));
    const quiet = sb.control.esgCompanies('known', 200).find((c) => !log.some((x) => x.company_id === c.company_id && x.module !== undefined))!.company_id;

    const before = {
      scores: (await held(rated, 'scores')).items,
      news: (await held(news, 'news')).items,
      moved: (await held(moved, 'commitments')).items,
      announced: (await held(announced, 'commitments')).items,
      quiet: (await held(quiet, 'scores')).items,
    };
    sb.control.stepEpochs(1);
    expect(sb.control.changes()).toEqual(log);

    // Scores: every logged field moved from old to new, the others stayed; the rating moved as logged.
    const scores = await held(rated, 'scores');
    expect(scores.ranSession).toBe(true);
    const [s0, s1] = [before.scores[0], scores.items[0]];
    for (const field of ['overall', 'environmental', 'social', 'governance']) {
      const change = changesOf(rated, 'score').find((c) => c.field === field);
      expect([s0![field], s1![field]]).toEqual(change ? [change.old, change.new] : [s0![field], s0![field]]);
    }
    const [rating] = changesOf(rated, 'rating');
    expect([s0!.rating, s1!.rating]).toEqual([rating!.old, rating!.new]);

    // News: the new articles are exactly the logged ones; the held ones stay.
    const after = await held(news, 'news');
    expect(after.ranSession).toBe(true);
    const oldIds = new Set(before.news.map((a) => a.article_id));
    const added = after.items.filter((a) => !oldIds.has(a.article_id));
    expect(added.map((a) => ({ article_id: a.article_id, title: a.title })).sort(byId)).toEqual(changesOf(news, 'news').map((c) => c.new).sort(byId));
    expect(after.items.length).toBe(before.news.length + added.length);

    // Commitments: one changed status as logged, everything else the same; or one new commitment appended.
    const [status] = changesOf(moved, 'commitment');
    const movedAfter = (await held(moved, 'commitments')).items;
    const patch = status!.new as Item;
    expect(before.moved.find((c) => c.commitment_id === status!.item_id)).toMatchObject(status!.old as Item);
    expect(movedAfter).toEqual(before.moved.map((c) => (c.commitment_id === status!.item_id ? { ...c, status: patch.status } : c)));
    const [fresh] = changesOf(announced, 'commitment');
    const announcedAfter = (await held(announced, 'commitments')).items;
    expect(announcedAfter.slice(0, -1)).toEqual(before.announced);
    expect(announcedAfter.at(-1)).toMatchObject(fresh!.new as Item);

    // Nothing logged for it: still complete, no new session, the same score.
    const quietAfter = await held(quiet, 'scores');
    expect(quietAfter.ranSession).toBe(false);
    expect(quietAfter.items).toEqual(before.quiet);
  });
});

function byId(a: unknown, b: unknown): number {
  return String((a as Item).article_id).localeCompare(String((b as Item).article_id));
}
