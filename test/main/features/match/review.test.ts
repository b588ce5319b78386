// The bulk-match review step in main: the threshold splits matched rows into auto-accepted and a
// review queue, decisions (accept, pick another, reject, back to automatic) live on the job, and the
// export records each one; read back with csv-parse.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BulkJobView } from '../../../../src/shared/bridge/groups/match';
import { ProfileSchema, type Profile } from '../../../../src/shared/profile';
import { BulkJob } from '../../../../src/main/features/match/bulk-job';
import { createMatchFeature } from '../../../../src/main/features/match/feature';
import type { MatchResponse } from '../../../../src/shared/service/schemas';
import { FakeMatchApi, miss } from './fake-api';
import { matchFeatureDeps } from './helpers/sandbox-deps';

/** Three candidates, best first by confidence: `<name> best` at `conf`, then two weaker ones. */
function three(name: string, conf: number): MatchResponse {
  const less = (d: number) => Math.round((conf - d) * 100) / 100;
  return {
    count: 3,
    result: [
      { confidence: less(0.3), company: { company_id: `c-${name}`, name: `${name} third`, country: 'FR' } },
      { confidence: conf, company: { company_id: `a-${name}`, name: `${name} best`, country: 'DE' } },
      { confidence: less(0.1), company: { company_id: `b-${name}`, name: `${name} second`, country: 'DE' } },
    ],
  };
}
const CONF: Record<string, number> = { High: 0.95, Edge: 0.8, Mid: 0.7, Low: 0.45 };
const api = () => new FakeMatchApi((b) => (b.name === 'Nobody' ? miss : three(String(b.name), CONF[String(b.name)]!)));
const TEXT = ['ref,Firm', 'R1,High', 'R2,Edge', 'R3,Mid', 'R4,Low', 'R5,Nobody', 'R6,'].join('\n');

function makeJob(reviewThreshold?: number) {
  const events: BulkJobView[] = [];
  const job = new BulkJob({
    id: 'j',
    source: { text: TEXT },
    mapping: { name: 'Firm' },
    concurrency: 2,
    template: null,
    api: async () => api(),
    now: () => Date.now(),
    onProgress: (v) => events.push(v),
    progressEveryMs: 0,
    ...(reviewThreshold !== undefined ? { reviewThreshold } : {}),
  });
  return { job, events };
}
const decisions = (job: BulkJob) => job.rows.map((r) => job.decisionOf(r));

describe('bulk match review: threshold', () => {
  it('accepts at/above the default 0.8, queues the rest, and leaves rows without candidates out', async () => {
    const { job } = makeJob();
    await job.start();
    expect(decisions(job)).toEqual(['auto', 'auto', 'pending', 'pending', null, null]);
    expect(job.view().review).toEqual({ threshold: 0.8, auto: 2, accepted: 0, picked: 0, rejected: 0, pending: 2 });
    // The row keeps its candidates best first for "pick another".
    expect(job.rows[2]!.choices!.map((c) => [c.companyId, c.name, c.confidence])).toEqual([
      ['a-Mid', 'Mid best', 0.7],
      ['b-Mid', 'Mid second', 0.6],
      ['c-Mid', 'Mid third', 0.4],
    ]);
  });

  it('moving the threshold re-sorts rows without a decision, never the analyst\'s own decisions', async () => {
    const { job, events } = makeJob(0.5);
    await job.start();
    expect(decisions(job)).toEqual(['auto', 'auto', 'auto', 'pending', null, null]);
    job.decide(4 + 1, { action: 'reject' }); // line 5 = "Low"
    job.decide(3 + 1, { action: 'accept' }); // line 4 = "Mid", accepted by hand
    job.setThreshold(0.96);
    expect(decisions(job)).toEqual(['pending', 'pending', 'accepted', 'rejected', null, null]);
    expect(events.at(-1)!.review).toMatchObject({ threshold: 0.96, pending: 2, accepted: 1, rejected: 1, auto: 0 });
    job.setThreshold(1.7); // clamped
    expect(job.view().review.threshold).toBe(1);
    job.setThreshold(0);
    expect(decisions(job)).toEqual(['auto', 'auto', 'accepted', 'rejected', null, null]);
  });
});

describe('bulk match review: decisions', () => {
  it('accepts, picks another candidate, rejects, resets; refuses what is not a candidate', async () => {
    const { job } = makeJob();
    await job.start();
    const mid = 4;
    job.decide(mid, { action: 'pick', companyId: 'b-Mid' });
    expect(job.rowView(job.row(mid))).toMatchObject({ decision: 'picked', chosenId: 'b-Mid' });
    // Picking the best candidate is accepting it.
    job.decide(mid, { action: 'pick', companyId: 'a-Mid' });
    expect(job.rowView(job.row(mid))).toMatchObject({ decision: 'accepted', chosenId: 'a-Mid' });
    // An auto-accepted row can be changed.
    job.decide(2, { action: 'reject' });
    expect(job.rowView(job.row(2))).toMatchObject({ decision: 'rejected', chosenId: null });
    job.decide(2, { action: 'reset' });
    expect(job.rowView(job.row(2))).toMatchObject({ decision: 'auto', chosenId: 'a-High' });
    expect(() => job.decide(mid, { action: 'pick', companyId: 'a-High' })).toThrow(/not one of the candidates/);
    expect(() => job.decide(6, { action: 'accept' })).toThrow(/no candidate to decide on/); // "Nobody": no match
    expect(() => job.decide(99, { action: 'accept' })).toThrow(/Line 99 is not a row/);
  });
});

describe('bulk match review: through the bridge handlers and into the export', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'fs-review-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  const ctx = { signal: new AbortController().signal };

  it('queues, decides, filters by decision and exports every row with its decision and chosen company', async () => {
    const profile: Profile = ProfileSchema.parse({ id: 'p1', name: 'Review profile', kind: 'remote', authUrl: 'https://a.example', baseUrl: 'https://b.example', clientId: 'c' });
    const { deps, finished } = matchFeatureDeps({ api: api(), profile, dir, shell: { kind: 'browser', chooseExportPath: async (n) => join(dir, n) } });
    const feature = createMatchFeature(deps);
    const started = await feature.handlers.bulkStart({ csvText: TEXT, mapping: { name: 'Firm' }, concurrency: 2, reviewThreshold: 0.75 }, ctx);
    expect(await finished(started.id)).toMatchObject({ state: 'done' });
    const id = started.id;
    const queue = await feature.handlers.bulkRows({ id, offset: 0, limit: 10, decisions: ['pending'] }, ctx);
    expect(queue.rows.map((r) => r.line)).toEqual([4, 5]);
    expect(queue.rows[0]!.choices).toHaveLength(3);

    // The slider moves: Edge (0.8) falls into the queue.
    const moved = await feature.handlers.bulkSetThreshold({ id, threshold: 0.85 }, ctx);
    expect(moved.review).toMatchObject({ threshold: 0.85, auto: 1, pending: 3 });
    await feature.handlers.bulkDecide({ id, line: 3, action: 'accept' }, ctx);
    await feature.handlers.bulkDecide({ id, line: 4, action: 'pick', companyId: 'c-Mid' }, ctx);
    const last = await feature.handlers.bulkDecide({ id, line: 5, action: 'reject' }, ctx);
    expect(last.row).toMatchObject({ line: 5, decision: 'rejected', chosenId: null });
    expect(last.job.review).toEqual({ threshold: 0.85, auto: 1, accepted: 1, picked: 1, rejected: 1, pending: 0 });
    expect((await feature.handlers.bulkRows({ id, offset: 0, limit: 10, decisions: ['pending'] }, ctx)).total).toBe(0);
    await expect(feature.handlers.bulkDecide({ id, line: 4, action: 'pick', companyId: 'nope' }, ctx)).rejects.toMatchObject({ code: 'invalid_input' });

    const out = await feature.handlers.bulkExport({ id, format: 'csv' }, ctx);
    const [header, ...rows] = parse(await readFile(join(dir, out!.fileName), 'utf8')) as string[][];
    const col = (n: string) => header!.indexOf(n);
    // Every input row and column as before; match.* is the company the decision accepts (the picked
    // one for a pick, nothing for a rejection); the service's best candidate is in candidate.*.
    expect(header!.slice(0, 2)).toEqual(['ref', 'Firm']);
    expect(rows.map((r) => r[0])).toEqual(['R1', 'R2', 'R3', 'R4', 'R5', 'R6']);
    expect(rows.map((r) => r[col('match.status')])).toEqual(['matched', 'matched', 'matched', 'matched', 'no match', 'invalid']);
    expect(rows.map((r) => r[col('match.decision')])).toEqual(['auto-accepted', 'accepted', 'picked', 'rejected', '', '']);
    expect(rows.map((r) => r[col('match.company_id')])).toEqual(['a-High', 'a-Edge', 'c-Mid', '', '', '']);
    expect(rows.map((r) => r[col('match.company.name')])).toEqual(['High best', 'Edge best', 'Mid third', '', '', '']);
    expect(rows.map((r) => r[col('match.company.country')])).toEqual(['DE', 'DE', 'FR', '', '', '']);
    expect(rows.map((r) => r[col('match.confidence')])).toEqual(['0.95', '0.8', '0.4', '', '', '']);
    expect(rows.map((r) => r[col('candidate.company_id')])).toEqual(['a-High', 'a-Edge', 'a-Mid', 'a-Low', '', '']);
    expect(rows.map((r) => r[col('candidate.name')])).toEqual(['High best', 'Edge best', 'Mid best', 'Low best', '', '']);
    expect(rows.map((r) => r[col('candidate.confidence')])).toEqual(['0.95', '0.8', '0.7', '0.45', '', '']);
    expect(header!.filter((h) => /chosen/.test(h))).toEqual([]);
    await feature.dispose?.();
  });
});

describe('bulk match review: the threshold is remembered per profile', () => {
  it('a moved slider becomes the next job\'s threshold for that profile only', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'fs-review-t-'));
    const store = new Map<string, unknown>();
    const settings = { read: <T>(k: string, _s: unknown, f: T) => (store.has(k) ? (store.get(k) as T) : f), write: (k: string, v: unknown) => void store.set(k, v) };
    const profiles = ['p1', 'p2'].map((id) => ProfileSchema.parse({ id, name: id, kind: 'remote', authUrl: 'https://a.example', baseUrl: 'https://b.example', clientId: 'c' }));
    let active = profiles[0]!;
    const { deps } = matchFeatureDeps({ api: api(), profile: active, dir });
    const feature = createMatchFeature({ ...deps, settings, activeProfile: () => active });
    const ctx = { signal: new AbortController().signal };
    const first = await feature.handlers.bulkStart({ csvText: TEXT, mapping: { name: 'Firm' }, concurrency: 2 }, ctx);
    expect(first.review.threshold).toBe(0.8);
    await feature.handlers.bulkSetThreshold({ id: first.id, threshold: 0.62 }, ctx);
    expect((await feature.handlers.bulkStart({ csvText: TEXT, mapping: { name: 'Firm' }, concurrency: 2 }, ctx)).review.threshold).toBe(0.62);
    active = profiles[1]!;
    expect((await feature.handlers.bulkStart({ csvText: TEXT, mapping: { name: 'Firm' }, concurrency: 2 }, ctx)).review.threshold).toBe(0.8);
    await feature.dispose?.();
    await rm(dir, { recursive: true, force: true });
  });
});
