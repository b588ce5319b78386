// Match against the real sandbox over HTTP, through the production ApiClient (token, retries).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rm } from 'node:fs/promises';
import { stringify } from 'csv-stringify/sync';
import { startSandbox, type SandboxHandle } from '../../../../src/sandbox/server';
import type { SandboxCompany } from '../../../../src/sandbox/dataset';
import { createMatchFeature } from '../../../../src/main/features/match/feature';
import { sandboxDeps } from './helpers/sandbox-deps';

let sb: SandboxHandle;
const dirs: string[] = [];
beforeAll(async () => {
  sb = await startSandbox({ companies: 5000, seed: 11 });
});
afterAll(async () => {
  await sb?.close();
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});
const ctx = { signal: new AbortController().signal };

/** Companies the service can identify unambiguously: they have a website. */
function withWebsite(n: number, skip = 0): SandboxCompany[] {
  return sb.control.dataset.companies.filter((c) => c.website).slice(skip, skip + n);
}

describe('single match against the sandbox', () => {
  it('finds a known company first', async () => {
    const { deps, dir } = await sandboxDeps(sb);
    dirs.push(dir);
    const feature = createMatchFeature(deps);
    const company = withWebsite(1, 17)[0]!;
    const r = await feature.handlers.single({ fields: { name: company.name, website: company.website!, country: company.country } }, ctx);
    expect(r.requestBody).toEqual({ name: company.name, website: company.website, country: company.country });
    expect(r.candidates[0]!.company.company_id).toBe(company.company_id);
    expect(r.candidates[0]!.company).toMatchObject({ name: company.name });
    const confidences = r.candidates.map((c) => c.confidence);
    expect(confidences).toEqual([...confidences].sort((a, b) => b - a));
  });

  it('finds it by name, country and city alone', async () => {
    const { deps } = await sandboxDeps(sb);
    const feature = createMatchFeature(deps);
    const names = new Map<string, number>();
    for (const c of sb.control.dataset.companies) names.set(c.name, (names.get(c.name) ?? 0) + 1);
    const company = sb.control.dataset.companies.find((c) => c.city && names.get(c.name) === 1 && c.name.split(' ').length >= 2)!;
    const r = await feature.handlers.single({ fields: { name: company.name, country: company.country, city: company.city!, limit: 3 } }, ctx);
    expect(r.candidates[0]!.company.company_id).toBe(company.company_id);
    expect(r.candidates.length).toBeLessThanOrEqual(3);
  });

  it('works the same through a profile payload template (custom shape that the sandbox also accepts)', async () => {
    const { deps } = await sandboxDeps(sb, JSON.stringify({ name: '{{name}}', website: '{{website}}', limit: '{{limit}}' }));
    const feature = createMatchFeature(deps);
    const company = withWebsite(1, 3)[0]!;
    const r = await feature.handlers.single({ fields: { name: company.name, website: company.website!, limit: '2' } }, ctx);
    expect(r.requestBody).toEqual({ name: company.name, website: company.website, limit: 2 });
    expect(r.candidates[0]!.company.company_id).toBe(company.company_id);
  });

  it('surfaces the service 400 for a bad edited body as an actionable error', async () => {
    const { deps } = await sandboxDeps(sb, '{"q":"{{name}}"}');
    const feature = createMatchFeature(deps);
    await expect(feature.handlers.single({ rawBody: { q: 'Acme' } }, ctx)).rejects.toMatchObject({ code: 'bad_request' });
  });
});

describe('bulk match against the sandbox', () => {
  it('1,000 rows, 2% malformed, faults on: every good row matched once, every bad row reported by line', async () => {
    const { deps, dir, finished, sent } = await sandboxDeps(sb);
    dirs.push(dir);
    const feature = createMatchFeature(deps);
    const companies = withWebsite(980);
    expect(companies).toHaveLength(980);

    // 1,000 data rows: 980 good, 20 malformed of four kinds, spread through the file.
    const lines: string[] = [stringify([['Company', 'Web', 'Country', 'Notes']]).trimEnd()];
    const expected = new Map<number, string>(); // file line -> company_id
    const companyByLine = new Map<number, SandboxCompany>();
    const bad = new Map<number, RegExp>(); // file line -> expected message
    let next = 0;
    let physical = 1; // file lines used so far (quoted values may span lines)
    const add = (text: string) => {
      lines.push(text);
      physical += text.split('\n').length;
    };
    for (let i = 0; i < 1000; i++) {
      const line = physical + 1;
      if (i % 50 === 25) {
        const kind = (i / 50) % 4 | 0;
        if (kind === 0) {
          add(`,missing-name.example,DE,`);
          bad.set(line, /Company name is required/);
        } else if (kind === 1) {
          add(`Too,many,columns,in,this,row`);
          bad.set(line, /wrong number of columns/);
        } else if (kind === 2) {
          add(`Broken "quote" Co,x.example,FR,`);
          bad.set(line, /quote/);
        } else {
          add(`   ,   ,IT,blank name`);
          bad.set(line, /Company name is required/);
        }
        continue;
      }
      const c = companies[next++]!;
      // Some names hold commas and quotes: the writer quotes them, the reader must cope.
      add(stringify([[c.name, c.website, c.country, i % 7 === 0 ? 'multi\nline "note"' : '']]).trimEnd());
      expected.set(line, c.company_id);
      companyByLine.set(line, c);
    }
    const csvText = lines.join('\n') + '\n';

    sb.control.resetStats();
    // A burst of 503s longer than the client's retry budget: some rows end in Error and need Retry.
    sb.control.injectFault({ kind: 'error', status: 503 }, 60, 'match');
    sb.control.setFaults({ errorRate: 0.06, dropRate: 0.02, rateLimitRate: 0.02, retryAfterSeconds: 0, malformedRate: 0.02, latencyMs: [0, 4], targets: ['match'], seed: 5 });
    const started = await feature.handlers.bulkStart(
      { csvText, fileName: 'thousand.csv', mapping: { name: 'Company', website: 'Web', country: 'Country' }, concurrency: 8 },
      ctx,
    );
    let view = await finished(started.id);
    expect(view.errors).toBeGreaterThan(0);
    const failedLines = (await feature.handlers.bulkRows({ id: started.id, offset: 0, limit: 1000, states: ['error'] }, ctx)).rows.map((r) => r.line);
    expect(failedLines.every((l) => expected.has(l))).toBe(true);
    expect(new Set(sent.map((b) => b.website)).size).toBe(980); // every good row sent once, no bad one
    expect(sent).toHaveLength(980);
    // Anything that outlasted the client's retry budget is retried (faults still on), only the failures.
    let pending = failedLines;
    for (let round = 0; pending.length > 0 && round < 5; round++) {
      const websites = new Set(pending.map((l) => companyByLine.get(l)!.website));
      sent.length = 0;
      await feature.handlers.bulkRetryFailures({ id: started.id }, ctx);
      view = await finished(started.id);
      expect(sent.length).toBe(pending.length);
      expect(new Set(sent.map((b) => b.website))).toEqual(websites);
      pending = (await feature.handlers.bulkRows({ id: started.id, offset: 0, limit: 1000, states: ['error'] }, ctx)).rows.map((r) => r.line);
    }
    // The faults really happened (and were absorbed by retries), yet no row was lost or doubled.
    expect(sb.control.stats().faultsInjected).toBeGreaterThan(100);
    sb.control.clearFaults();

    expect(view).toMatchObject({ state: 'done', reading: false, total: 1000, done: 1000, matched: 980, noMatch: 0, errors: 0, invalid: 20 });
    const { rows, total } = await feature.handlers.bulkRows({ id: started.id, offset: 0, limit: 1000 }, ctx);
    expect(total).toBe(1000);
    expect(new Set(rows.map((r) => r.line)).size).toBe(1000);
    for (const r of rows) {
      if (expected.has(r.line)) {
        expect(r.state, `line ${r.line}`).toBe('matched');
        expect(r.best?.company.company_id, `line ${r.line}`).toBe(expected.get(r.line));
      } else {
        expect(bad.has(r.line), `unexpected line ${r.line}`).toBe(true);
        expect(r.state).toBe('invalid');
        expect(r.error?.details?.line).toBe(r.line);
        expect(r.error?.message).toMatch(new RegExp(`^Line ${r.line}: `));
        expect(r.error?.message).toMatch(bad.get(r.line)!);
      }
    }
    expect(rows.filter((r) => r.state === 'invalid').map((r) => r.line).sort((a, b) => a - b)).toEqual([...bad.keys()]);

    const out = await feature.handlers.bulkExport({ id: started.id, format: 'csv' }, ctx);
    expect(out).toMatchObject({ fileName: expect.stringMatching(/^thousand-matched-\d{4}-\d{2}-\d{2}-\d{4}\.csv$/), rows: 1000 });
  }, 120_000);
});
