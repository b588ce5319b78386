// "The analyst's work survives a restart": bulk match jobs against the real sandbox over HTTP, kept
// in the profile's workspace database (a real SQLite file). A restart is a new match feature on
// the same data folder, as the app builds it at start.
import { existsSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../../src/main/platform/api/types';
import { createMatchFeature } from '../../../../src/main/features/match/feature';
import { BulkJobStore } from '../../../../src/main/features/match/job-store';
import { createWorkspace, workspacePort, workspaceFile } from '../../../../src/main/platform/workspace/workspace';
import { ProfileSchema } from '../../../../src/shared/profile';
import type { SandboxCompany } from '../../../../src/sandbox/dataset';
import { startSandbox, type SandboxHandle } from '../../../../src/sandbox/server';
import { openAt } from '../../platform/workspace/helpers';
import { matchFeatureDeps, realClient, sandboxDeps } from './helpers/sandbox-deps';

let sb: SandboxHandle;
const dirs: string[] = [];
beforeAll(async () => {
  sb = await startSandbox({ companies: 3000, seed: 11 });
});
afterAll(async () => {
  await sb?.close();
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});
const ctx = { signal: new AbortController().signal };
/** The fake service's answer time (simulated latency), not a wait before an assertion. */
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Where the app keeps its copy of a job's pasted text (named after the profile, then the job). */
const copyOf = (dir: string, jobId: string) => join(dir, 'match-sources', `sandbox--${jobId}.csv`);

/** Companies with a website (the sandbox identifies them unambiguously), `skip` first. */
const companies = (n: number, skip = 0): SandboxCompany[] => sb.control.dataset.companies.filter((c) => c.website).slice(skip, skip + n);
const csv = (rows: string[][]) => stringify([['ref', 'Company', 'Web', 'Country'], ...rows]);

/**
 * The Sandbox profile's match feature on `dir`, as the app starts it; `delayMs` slows each match,
 * and from the `hangAfter`-th call on requests never answer (a process that froze, then died).
 */
async function boot(dir: string, delayMs = 0, hangAfter = Infinity) {
  const client = realClient(sb);
  const sent: Array<Record<string, unknown>> = [];
  const api: ApiClient = {
    ...client,
    async match(body, opts) {
      if (delayMs) await sleep(delayMs);
      if (sent.length >= hangAfter) {
        await new Promise((_, reject) => opts?.signal?.addEventListener('abort', () => reject(new DOMException('Cancelled', 'AbortError'))));
      }
      if (!opts?.signal?.aborted) sent.push(body as Record<string, unknown>);
      return client.match(body, opts);
    },
  };
  const profile = ProfileSchema.parse({ id: 'sandbox', name: 'Sandbox', kind: 'sandbox', authUrl: sb.authUrl, baseUrl: sb.baseUrl, clientId: sb.control.clients.analyst.id });
  const { deps, events, until, finished } = matchFeatureDeps({ api, profile, dir });
  const feature = createMatchFeature(deps);
  await feature.start?.();
  /** Resolves once a progress event says at least `n` rows are done. */
  const doneAtLeast = (n: number) => until((e) => e.done >= n);
  return { feature, h: feature.handlers, events, sent, finished, doneAtLeast };
}

async function newDir() {
  const { dir } = await sandboxDeps(sb);
  dirs.push(dir);
  return dir;
}

/** Rows of job `id` stored matched in the profile's database, read as the next start reads them. */
function storedMatched(dir: string, id: string): number {
  const db = openAt(workspaceFile(dir, 'sandbox'));
  try {
    return new BulkJobStore(db).rows(id).filter((r) => r.state === 'matched').length;
  } finally {
    db.close();
  }
}

const allRows = async (h: Awaited<ReturnType<typeof boot>>['h'], id: string) => (await h.bulkRows({ id, offset: 0, limit: 1000 }, ctx)).rows;

async function exportCsv(h: Awaited<ReturnType<typeof boot>>['h'], id: string, dir: string) {
  const out = await h.bulkExport({ id, format: 'csv' }, ctx);
  const text = await readFile(join(dir, out!.fileName), 'utf8');
  await rm(join(dir, out!.fileName));
  return parse(text) as string[][];
}

describe('bulk match jobs survive a restart', () => {
  it('a finished job comes back with its rows and the decisions made, even after a crash, and exports the same', async () => {
    const dir = await newDir();
    // Name and country only: several candidates per row, some under the threshold.
    const firms = companies(12, 40);
    const text = csv([...firms.map((c, i) => [`R${i + 1}`, c.name, '', c.country]), ['R13', '', 'x.example', 'DE']]);
    const first = await boot(dir);
    const started = await first.h.bulkStart({ csvText: text, fileName: 'firms.csv', mapping: { name: 'Company', country: 'Country' }, concurrency: 3, reviewThreshold: 0.99 }, ctx);
    const done = await first.finished(started.id);
    expect(done).toMatchObject({ state: 'done', total: 13, invalid: 1 });

    const matched = (await allRows(first.h, started.id)).filter((r) => r.state === 'matched');
    const withChoices = matched.find((r) => (r.choices?.length ?? 0) >= 2)!;
    expect(withChoices, 'a row with several candidates').toBeTruthy();
    const [accepted, rejected] = matched.filter((r) => r !== withChoices);
    await first.h.bulkSetThreshold({ id: started.id, threshold: 0.9 }, ctx);
    await first.h.bulkDecide({ id: started.id, line: accepted!.line, action: 'accept' }, ctx);
    await first.h.bulkDecide({ id: started.id, line: rejected!.line, action: 'reject' }, ctx);
    const picked = withChoices.choices![1]!.companyId;
    const last = await first.h.bulkDecide({ id: started.id, line: withChoices.line, action: 'pick', companyId: picked }, ctx);
    const rowsBefore = await allRows(first.h, started.id);
    const exportBefore = await exportCsv(first.h, started.id, dir);

    // A crash: the first process never shuts down cleanly; a second one starts on the same folder.
    const second = await boot(dir);
    const [job] = await second.h.bulkJobs(undefined, ctx);
    expect(job).toMatchObject({ id: started.id, fileName: 'firms.csv', state: 'done', total: 13, invalid: 1, matched: done.matched, startedAt: started.startedAt });
    expect(job!.review).toEqual({ ...last.job.review, threshold: 0.9 });
    expect(job!.review).toMatchObject({ accepted: 1, rejected: 1, picked: 1 });
    expect(await allRows(second.h, started.id)).toEqual(rowsBefore);
    expect((await allRows(second.h, started.id)).find((r) => r.line === withChoices.line)).toMatchObject({ decision: 'picked', chosenId: picked });

    // The export records the same decisions (and everything else) as before the restart.
    const exportAfter = await exportCsv(second.h, started.id, dir);
    expect(exportAfter).toEqual(exportBefore);
    const col = exportAfter[0]!.indexOf('match.decision');
    expect(exportAfter.slice(1).map((r) => r[col]).filter((d) => ['accepted', 'rejected', 'picked'].includes(d!)).sort()).toEqual(['accepted', 'picked', 'rejected']);

    // Decisions after the restart are kept too: undo one, restart cleanly, it is undone.
    await second.h.bulkDecide({ id: started.id, line: rejected!.line, action: 'reset' }, ctx);
    await second.feature.dispose?.();
    const third = await boot(dir);
    expect((await allRows(third.h, started.id)).find((r) => r.line === rejected!.line)!.decision).not.toBe('rejected');
    expect(third.sent).toEqual([]); // nothing is matched again
    await Promise.all([first, third].map((b) => b.feature.dispose?.()));
  }, 60_000);

  it('a job the app stopped while it ran resumes: every remaining row matched once, no row twice', async () => {
    const dir = await newDir();
    const firms = companies(120, 100);
    const text = csv(firms.map((c, i) => [`K${i}`, c.name, c.website!, c.country]));
    const first = await boot(dir, 15);
    const started = await first.h.bulkStart({ csvText: text, fileName: 'long.csv', mapping: { name: 'Company', website: 'Web', country: 'Country' }, concurrency: 2 }, ctx);
    await first.doneAtLeast(30);
    await first.feature.dispose?.(); // the app quits mid-run

    // What the database holds: a running job, read part-way, no line twice.
    const db = openAt(workspaceFile(dir, 'sandbox'));
    const store = new BulkJobStore(db);
    const [stored] = store.jobs('sandbox');
    const kept = store.rows(started.id);
    db.close();
    expect(stored).toMatchObject({ id: started.id, state: 'running', readDone: false, sourcePath: copyOf(dir, started.id) });
    expect(kept.length).toBeLessThan(120);
    expect(new Set(kept.map((r) => r.line)).size).toBe(kept.length);
    const matchedBefore = new Set(kept.filter((r) => r.state === 'matched').map((r) => r.input.website));
    expect(matchedBefore.size).toBeGreaterThanOrEqual(28);

    const second = await boot(dir);
    const view = await second.finished(started.id);
    expect(view).toMatchObject({ state: 'done', total: 120, done: 120, matched: 120, errors: 0, resumedAt: expect.any(Number) });
    // Only the rows not matched before the stop were sent, each once.
    const sentSites = second.sent.map((b) => b.website);
    expect(sentSites).toHaveLength(120 - matchedBefore.size);
    expect(new Set(sentSites).size).toBe(sentSites.length);
    expect(sentSites.filter((s) => matchedBefore.has(s as string))).toEqual([]);
    const rows = await allRows(second.h, started.id);
    expect(rows.map((r) => r.line)).toEqual(firms.map((_, i) => i + 2));
    expect(rows.map((r) => r.best?.company.company_id)).toEqual(firms.map((c) => c.company_id));
    // The kept copy of the pasted text is gone once the file has been read to its end.
    await expect.poll(() => existsSync(copyOf(dir, started.id))).toBe(false);
    await second.feature.dispose?.();
  }, 60_000);

  it('after a crash mid-run (no shutdown at all) the next start resumes from what was written', async () => {
    const dir = await newDir();
    const firms = companies(80, 800);
    const crashed = await boot(dir, 0, 25);
    const started = await crashed.h.bulkStart({ csvText: csv(firms.map((c, i) => [`C${i}`, c.name, c.website!, c.country])), mapping: { name: 'Company', website: 'Web' }, concurrency: 3 }, ctx);
    const done = async () => (await crashed.h.bulkJobs(undefined, ctx))[0]!.done;
    await crashed.doneAtLeast(25);
    expect(await done()).toBe(25);
    // The last results reach the database (the recorder writes them in batches and says nothing when
    // it has: the database itself is what the next start reads); then the process is frozen for good.
    await expect.poll(() => storedMatched(dir, started.id)).toBe(25);

    const next = await boot(dir);
    const view = await next.finished(started.id);
    expect(view).toMatchObject({ state: 'done', total: 80, matched: 80, errors: 0 });
    expect(next.sent).toHaveLength(80 - 25);
    expect(next.sent.map((b) => b.website)).toEqual(firms.slice(25).map((c) => c.website));
    expect((await allRows(next.h, started.id)).map((r) => r.line)).toEqual(firms.map((_, i) => i + 2));
    await Promise.all([crashed, next].map((b) => b.feature.dispose?.()));
  }, 60_000);

  it('a running job whose file can no longer be read keeps its rows, matches the unsent ones, and says how to get the rest', async () => {
    const dir = await newDir();
    const firms = companies(120, 300);
    const first = await boot(dir, 15);
    const started = await first.h.bulkStart({ csvText: csv(firms.map((c, i) => [`K${i}`, c.name, c.website!, c.country])), mapping: { name: 'Company', website: 'Web' }, concurrency: 2 }, ctx);
    await first.doneAtLeast(10);
    await first.feature.dispose?.();
    await rm(copyOf(dir, started.id));

    const second = await boot(dir);
    const view = await second.finished(started.id);
    expect(view.state).toBe('failed');
    expect(view.error?.message).toMatch(/closed while it read this file.*rows read before are kept; run the file again/);
    expect(view.total).toBeLessThan(120);
    expect(view.matched).toBe(view.total); // the rows read before the stop were all matched
    await second.feature.dispose?.();
  }, 60_000);

  it('keeps jobs until the analyst deletes them; a running job is not deleted', async () => {
    const dir = await newDir();
    const first = await boot(dir, 20);
    const text = csv(companies(30, 500).map((c, i) => [`D${i}`, c.name, c.website!, c.country]));
    const running = await first.h.bulkStart({ csvText: text, mapping: { name: 'Company' }, concurrency: 1 }, ctx);
    await expect(first.h.bulkDelete({ id: running.id }, ctx)).rejects.toMatchObject({ code: 'invalid_input', message: expect.stringMatching(/Cancel it first/) });
    await first.h.bulkCancel({ id: running.id }, ctx);
    expect(await first.finished(running.id)).toMatchObject({ state: 'cancelled' });
    const other = await first.h.bulkStart({ csvText: csv(companies(2, 600).map((c) => ['x', c.name, '', ''])), mapping: { name: 'Company' }, concurrency: 1 }, ctx);
    await first.finished(other.id);
    await first.h.bulkDelete({ id: running.id }, ctx);
    await first.feature.dispose?.();

    const second = await boot(dir);
    // The cancelled job is not resumed; the deleted one is gone with its rows.
    expect((await second.h.bulkJobs(undefined, ctx)).map((j) => j.id)).toEqual([other.id]);
    await expect(second.h.bulkRows({ id: running.id, offset: 0, limit: 10 }, ctx)).rejects.toMatchObject({ code: 'not_found', message: expect.stringMatching(/no longer available/) });
    expect(second.sent).toEqual([]);
    await second.feature.dispose?.();
  }, 60_000);

  it('sweeps copies no stored job reads (a crash between copying a file and storing its job), and only its own profile\'s', async () => {
    const dir = await newDir();
    const first = await boot(dir, 15);
    const text = csv(companies(60, 700).map((c, i) => [`S${i}`, c.name, c.website!, c.country]));
    const running = await first.h.bulkStart({ csvText: text, mapping: { name: 'Company', website: 'Web' }, concurrency: 1 }, ctx);
    await first.doneAtLeast(3);
    await first.feature.dispose?.();
    const orphan = copyOf(dir, '00000000-0000-4000-8000-000000000000');
    const otherProfiles = join(dir, 'match-sources', 'another-profile--00000000-0000-4000-8000-000000000001.csv');
    await writeFile(orphan, 'ref,Company\nX,Half written');
    await writeFile(otherProfiles, 'ref,Company\nY,Kept');

    const second = await boot(dir);
    await second.h.bulkJobs(undefined, ctx); // loads the profile's jobs (and sweeps)
    await expect.poll(() => existsSync(orphan)).toBe(false);
    expect(existsSync(otherProfiles)).toBe(true);
    // The copy a stored job still reads is kept until that job has read it to its end.
    expect(await second.finished(running.id)).toMatchObject({ state: 'done', total: 60 });
    await second.feature.dispose?.();
  }, 60_000);

  it('at 50 stored jobs a new one is refused with what to do, never by dropping an old one', async () => {
    const dir = await newDir();
    const db = openAt(workspaceFile(dir, 'sandbox'));
    const store = new BulkJobStore(db);
    for (let i = 0; i < 50; i++) {
      store.createJob({ id: `old-${i}`, profileId: 'sandbox', headers: ['Company'], mapping: { name: 'Company' }, encoding: 'utf-8', template: null, concurrency: 2, threshold: 0.8, state: 'done', readDone: true, sourcePath: null, startedAt: i, finishedAt: i });
    }
    db.close();
    const app = await boot(dir);
    await expect(app.h.bulkStart({ csvText: csv([['x', 'Acme', '', '']]), mapping: { name: 'Company' }, concurrency: 1 }, ctx)).rejects.toMatchObject({
      code: 'invalid_input',
      message: expect.stringMatching(/keeps 50 bulk matches per connection profile\. Delete one/),
    });
    const jobs = await app.h.bulkJobs(undefined, ctx);
    expect(jobs).toHaveLength(50);
    expect(jobs[0]!.id).toBe('old-49'); // newest first
    await app.h.bulkDelete({ id: 'old-0' }, ctx);
    const started = await app.h.bulkStart({ csvText: csv([['x', 'Acme', '', '']]), mapping: { name: 'Company' }, concurrency: 1 }, ctx);
    await app.finished(started.id);
    expect((await app.h.bulkJobs(undefined, ctx)).map((j) => j.id).slice(0, 2)).toEqual([started.id, 'old-49']);
    await app.feature.dispose?.();
  }, 60_000);

  it('without the workspace database, jobs live in memory as before and a restart says they are gone', async () => {
    const dir = await newDir();
    const profile = ProfileSchema.parse({ id: 'sandbox', name: 'Sandbox', kind: 'sandbox', authUrl: sb.authUrl, baseUrl: sb.baseUrl, clientId: sb.control.clients.analyst.id });
    const noDb = () => {
      const { deps, finished } = matchFeatureDeps({ api: realClient(sb), profile, dir });
      const ws = createWorkspace({ dataDir: dir, notify: () => {}, load: () => ({ ok: false, reason: 'the database module better-sqlite3 is not installed' }) });
      return { feature: createMatchFeature({ ...deps, workspace: workspacePort(ws, () => profile.id) }), finished };
    };
    const first = noDb();
    await first.feature.start?.();
    const started = await first.feature.handlers.bulkStart({ csvText: csv(companies(3, 700).map((c) => ['m', c.name, c.website!, ''])), mapping: { name: 'Company', website: 'Web' }, concurrency: 2 }, ctx);
    expect(await first.finished(started.id)).toMatchObject({ state: 'done' });
    expect((await first.feature.handlers.bulkRows({ id: started.id, offset: 0, limit: 10 }, ctx)).total).toBe(3);
    await first.feature.dispose?.();
    expect(existsSync(join(dir, 'workspace'))).toBe(false);

    const second = noDb();
    await second.feature.start?.();
    expect(await second.feature.handlers.bulkJobs(undefined, ctx)).toEqual([]);
    await expect(second.feature.handlers.bulkRows({ id: started.id, offset: 0, limit: 10 }, ctx)).rejects.toMatchObject({
      code: 'not_found',
      message: 'That bulk match is no longer available (the app was restarted or it was cleared). Run the file again.',
    });
  }, 60_000);
});
