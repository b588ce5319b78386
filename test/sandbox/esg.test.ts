// ESG modules and the processing status operation, with a ManualClock so sessions move only
// when the test says so.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiErrorBodySchema, EsgModuleResponseSchema, ProcessingStatusSchema } from '../../src/shared/service/schemas';
import { SANDBOX_CLIENTS } from '../../src/sandbox/clients';
import { ManualClock } from '../../src/sandbox/clock';
import type { SandboxHandle } from '../../src/sandbox/server';
import { apiGet, getToken, start } from './helpers';

const SESSION_MS = 10_000;
let sb: SandboxHandle;
let token: string;
const clock = new ManualClock();
beforeAll(async () => {
  sb = await start({ clock, esg: { sessionMs: SESSION_MS, itemsPerSession: 12 } });
  token = await getToken(sb);
});
afterAll(() => sb.close());

let companyIndex = 0;
/** A fresh ESG-known company per test, so tests do not share sessions. */
function nextCompany(): string {
  return sb.control.esgCompanies('known', 200)[companyIndex++]!.company_id;
}
const moduleGet = (id: string, module: string, q = '') => apiGet(sb, token, `/esg/v1/companies/${id}/${module}${q}`);
const statusGet = (session: string) => apiGet(sb, token, `/esg/v1/processing/${session}`);

/** Poll the status every `step` ms of clock time until complete; returns the counts seen. */
async function pollToEnd(session: string, step = 250): Promise<number[]> {
  const counts: number[] = [];
  for (let i = 0; i < 1000; i++) {
    const res = await statusGet(session);
    expect(res.status).toBe(200);
    const st = ProcessingStatusSchema.parse(res.body);
    counts.push(st.result_count);
    if (st.status === 'complete') return counts;
    expect(st.status).toBe('processing');
    clock.advance(step);
  }
  throw new Error('session never completed');
}

beforeEach(() => sb.control.setEsgPace({ sessionMs: SESSION_MS }));

describe('module request and session lifecycle', () => {
  it('first request starts a session; status rises; module then answers complete with items', async () => {
    const id = nextCompany();
    const first = await moduleGet(id, 'news');
    expect(first.status).toBe(200);
    const r1 = EsgModuleResponseSchema.parse(first.body);
    expect(r1).toMatchObject({ company_id: id, module: 'news', status: 'processing', count: 0, result: [] });
    const session = r1.active_processing_session!;
    expect(session).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4/);

    // A second module request while in flight returns the same session, it does not start another.
    const again = EsgModuleResponseSchema.parse((await moduleGet(id, 'news')).body);
    expect(again.active_processing_session).toBe(session);

    const counts = await pollToEnd(session);
    for (let i = 1; i < counts.length; i++) expect(counts[i]).toBeGreaterThanOrEqual(counts[i - 1]!);
    const done = EsgModuleResponseSchema.parse((await moduleGet(id, 'news', '?page_size=200')).body);
    expect(done.status).toBe('complete');
    expect(done.active_processing_session).toBeNull();
    expect(done.count).toBe(counts.at(-1));
    expect(done.result).toHaveLength(done.count);
    // Still complete afterwards: completed data is fresh, no new session.
    const later = EsgModuleResponseSchema.parse((await moduleGet(id, 'news')).body);
    expect(later.status).toBe('complete');
  });

  it('status reports the module, and 0→1 in one step for scores', async () => {
    const id = nextCompany();
    const session = (await moduleGet(id, 'scores')).body.active_processing_session;
    const counts = await pollToEnd(session, 100);
    expect(new Set(counts)).toEqual(new Set([0, 1]));
    expect(counts.at(-1)).toBe(1);
    const st = ProcessingStatusSchema.parse((await statusGet(session)).body);
    expect(st).toEqual({ company_id: id, module: 'scores', status: 'complete', result_count: 1 });
    const done = EsgModuleResponseSchema.parse((await moduleGet(id, 'scores')).body);
    expect(done.result).toHaveLength(1);
    expect(done.result[0]).toHaveProperty('overall');
  });

  it('news counts earlier articles too; commitments count only the new run', async () => {
    // Find a company that holds earlier news: its count starts above zero.
    let id = '';
    let session = '';
    for (;;) {
      id = nextCompany();
      session = (await moduleGet(id, 'news')).body.active_processing_session;
      if ((await statusGet(session)).body.result_count > 0) break;
    }
    const held = (await statusGet(session)).body.result_count;
    const counts = await pollToEnd(session);
    expect(counts[0]).toBe(held);
    const after1 = counts.at(-1)!;

    // A new news session keeps the earlier articles.
    sb.control.invalidateEsg(id, 'news');
    const s2 = (await moduleGet(id, 'news')).body.active_processing_session;
    expect(s2).not.toBe(session);
    expect((await statusGet(s2)).body.result_count).toBe(after1);
    const counts2 = await pollToEnd(s2);
    expect(counts2.at(-1)).toBeGreaterThanOrEqual(after1);

    // Commitments: each run replaces the previous set, the count restarts at 0.
    const c1 = (await moduleGet(id, 'commitments')).body.active_processing_session;
    expect((await statusGet(c1)).body.result_count).toBe(0);
    await pollToEnd(c1);
    const firstSet = (await moduleGet(id, 'commitments', '?page_size=200')).body.result.map((c: { commitment_id: string }) => c.commitment_id);
    sb.control.invalidateEsg(id, 'commitments');
    const c2 = (await moduleGet(id, 'commitments')).body.active_processing_session;
    expect((await statusGet(c2)).body.result_count).toBe(0);
    const counts3 = await pollToEnd(c2);
    const second = EsgModuleResponseSchema.parse((await moduleGet(id, 'commitments', '?page_size=200')).body);
    expect(second.count).toBe(counts3.at(-1));
    for (const c of second.result) expect(firstSet).not.toContain(c.commitment_id);
  });

  it('the status operation is read-only: polling neither starts nor advances anything', async () => {
    const id = nextCompany();
    const session = (await moduleGet(id, 'commitments')).body.active_processing_session;
    const before = (await statusGet(session)).body;
    for (let i = 0; i < 20; i++) expect((await statusGet(session)).body).toEqual(before);
    clock.advance(SESSION_MS);
    expect((await statusGet(session)).body.status).toBe('complete');
    // Once complete, polling many times never starts a new session.
    for (let i = 0; i < 5; i++) await statusGet(session);
    const mod = (await moduleGet(id, 'commitments')).body;
    expect(mod.status).toBe('complete');
    expect(mod.active_processing_session).toBeNull();
    const stats = sb.control.stats();
    expect(stats.statusCalls[session]!.length).toBeGreaterThanOrEqual(27);
  });

  it('concurrent first requests share one session', async () => {
    const id = nextCompany();
    const answers = await Promise.all(Array.from({ length: 8 }, () => moduleGet(id, 'news')));
    const sessions = new Set(answers.map((a) => a.body.active_processing_session));
    expect(sessions.size).toBe(1);
    expect([...sessions][0]).toBeTruthy();
  });

  it('completed data goes stale after freshForMs, and the next request starts a new session', async () => {
    sb.control.setEsgPace({ sessionMs: 100, freshForMs: 60_000 });
    try {
      const id = nextCompany();
      const s1 = (await moduleGet(id, 'scores')).body.active_processing_session;
      clock.advance(100);
      expect((await moduleGet(id, 'scores')).body.status).toBe('complete');
      clock.advance(60_000);
      expect((await moduleGet(id, 'scores')).body.status).toBe('complete');
      clock.advance(1);
      const again = (await moduleGet(id, 'scores')).body;
      expect(again.status).toBe('processing');
      expect(again.active_processing_session).not.toBe(s1);
      // A score already exists, so the re-run's count stays 1 (scores count existence).
      expect((await statusGet(again.active_processing_session)).body.result_count).toBe(1);
    } finally {
      sb.control.setEsgPace({ freshForMs: Number.POSITIVE_INFINITY });
    }
  });

  it('honours the pace: a 50 ms session completes after 50 ms of clock time', async () => {
    sb.control.setEsgPace({ sessionMs: 50 });
    const id = nextCompany();
    const session = (await moduleGet(id, 'news')).body.active_processing_session;
    clock.advance(49);
    expect((await statusGet(session)).body.status).toBe('processing');
    clock.advance(1);
    expect((await statusGet(session)).body.status).toBe('complete');
  });

  it('count growth has no fixed rate and can pause before completion', async () => {
    // Across a few sessions, some poll interval shows no growth while still processing.
    let sawPause = false;
    for (let k = 0; k < 5 && !sawPause; k++) {
      const id = nextCompany();
      const session = (await moduleGet(id, 'news')).body.active_processing_session;
      const counts = await pollToEnd(session, 500);
      const diffs = counts.slice(1, -1).map((c, i) => c - counts[i]!);
      sawPause = diffs.some((d) => d === 0) && new Set(diffs).size > 1;
    }
    expect(sawPause).toBe(true);
  });

  it('paginates module results like search, with tokens bound to the request', async () => {
    sb.control.setEsgPace({ sessionMs: 10 });
    let id = '';
    let total = 0;
    for (;;) {
      id = nextCompany();
      await moduleGet(id, 'news');
      clock.advance(10);
      total = (await moduleGet(id, 'news')).body.count;
      if (total > 3) break;
    }
    const p1 = EsgModuleResponseSchema.parse((await moduleGet(id, 'news', '?page_size=2')).body);
    expect(p1.pagination.previous).toBeNull();
    const p2 = await moduleGet(id, 'news', `?page_size=2&pagination_token=${encodeURIComponent(p1.pagination.next!)}`);
    expect(p2.status).toBe(200);
    expect(p2.body.pagination.previous).toBeTruthy();
    const mismatch = await moduleGet(id, 'news', `?page_size=3&pagination_token=${encodeURIComponent(p1.pagination.next!)}`);
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.error).toBe('pagination_mismatch');
    const otherModule = await moduleGet(id, 'commitments', `?page_size=2&pagination_token=${encodeURIComponent(p1.pagination.next!)}`);
    expect(otherModule.status).toBe(400);
  });
});

describe('not_found, errors and permissions', () => {
  it('companies unknown to the ESG sources answer not_found without a session', async () => {
    const unknown = sb.control.esgCompanies('unknown', 3);
    expect(unknown.length).toBe(3);
    const share = sb.control.esgCompanies('unknown', 10_000).length / sb.control.dataset.companies.length;
    expect(share).toBeGreaterThan(0.02);
    expect(share).toBeLessThan(0.09);
    for (const module of ['news', 'commitments', 'scores']) {
      const r = EsgModuleResponseSchema.parse((await moduleGet(unknown[0]!.company_id, module)).body);
      expect(r).toMatchObject({ status: 'not_found', active_processing_session: null, count: 0, result: [] });
    }
    const notInDataset = EsgModuleResponseSchema.parse((await moduleGet(randomUUID(), 'news')).body);
    expect(notInDataset.status).toBe('not_found');
  });

  it('status: 400 for a non-UUID, 404 for an unknown session (API error body)', async () => {
    const bad = await statusGet('not-a-uuid');
    expect(bad.status).toBe(400);
    expect(ApiErrorBodySchema.parse(bad.body).field).toBe('session_id');
    const missing = await statusGet(randomUUID());
    expect(missing.status).toBe(404);
    expect(ApiErrorBodySchema.parse(missing.body).error).toBe('not_found');
  });

  it('module: 400 for a non-UUID company id and for a bad page_size', async () => {
    expect((await moduleGet('abc', 'news')).status).toBe(400);
    expect((await moduleGet(nextCompany(), 'news', '?page_size=500')).status).toBe(400);
  });

  it('a search-only client gets 403 on every ESG route; no token gets 401', async () => {
    const searchOnly = await getToken(sb, SANDBOX_CLIENTS.searchOnly);
    const id = nextCompany();
    for (const path of [`/esg/v1/companies/${id}/news`, `/esg/v1/companies/${id}/commitments`, `/esg/v1/companies/${id}/scores`, `/esg/v1/processing/${randomUUID()}`, '/esg/v1/processing/nope']) {
      const res = await apiGet(sb, searchOnly, path);
      expect(res.status).toBe(403);
      expect(ApiErrorBodySchema.parse(res.body).error).toBe('forbidden');
      expect((await apiGet(sb, null, path)).status).toBe(401);
    }
  });
});
