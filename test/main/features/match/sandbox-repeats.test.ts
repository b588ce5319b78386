// Repeated rows of a bulk file against the real sandbox, through the production ApiClient: a repeat
// with the same facts is never sent (the bodies handed to the client are counted), takes the
// earlier row's answer, and the export names the line it repeats in `match.duplicate_of`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { startSandbox, type SandboxHandle } from '../../../../src/sandbox/server';
import { createMatchFeature } from '../../../../src/main/features/match/feature';
import { sandboxDeps } from './helpers/sandbox-deps';

let sb: SandboxHandle;
const dirs: string[] = [];
beforeAll(async () => {
  sb = await startSandbox({ companies: 2000, seed: 7 });
});
afterAll(async () => {
  await sb?.close();
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});
const ctx = { signal: new AbortController().signal };

describe('repeated rows against the sandbox', () => {
  it('30 rows, 12 of them repeats: 18 requests; each repeat has its earlier row\'s answer and line', async () => {
    const { deps, dir, finished, sent } = await sandboxDeps(sb);
    dirs.push(dir);
    const feature = createMatchFeature(deps);
    const companies = sb.control.dataset.companies.filter((c) => c.website && !/[",]/.test(c.name)).slice(0, 18);
    const rows: string[][] = [['Customer ID', 'Company', 'Web', 'Country']];
    const repeatOf = new Map<number, number>(); // file line -> earlier line
    companies.forEach((c, i) => rows.push([`C${i}`, c.name, c.website!, c.country]));
    // Six repeats by key (same facts), six by name and country written differently (same facts).
    for (let i = 0; i < 6; i++) {
      repeatOf.set(rows.length + 1, i + 2);
      rows.push([`C${i}`, companies[i]!.name, companies[i]!.website!, companies[i]!.country]);
      const c = companies[6 + i]!;
      repeatOf.set(rows.length + 1, 6 + i + 2);
      rows.push([`X${i}`, `  ${c.name.toUpperCase()} `, c.website!.toUpperCase(), c.country.toLowerCase()]);
    }
    const csvText = stringify(rows);

    const inspect = await feature.handlers.bulkInspect({ csvText }, ctx);
    expect(inspect).toMatchObject({ keyColumn: 'Customer ID', repeats: { count: 12, reused: 12 } });
    expect(inspect.repeats.items[0]).toEqual({ line: 20, of: 2, reason: 'key', value: 'C0', reused: true });
    expect(inspect.repeats.items[1]).toMatchObject({ line: 21, of: 8, reason: 'name', reused: true });

    sent.length = 0;
    const started = await feature.handlers.bulkStart(
      { csvText, fileName: 'repeats.csv', mapping: { name: 'Company', website: 'Web', country: 'Country' }, keyColumn: 'Customer ID', concurrency: 6 },
      ctx,
    );
    expect(await finished(started.id)).toMatchObject({ state: 'done', total: 30, matched: 30, errors: 0 });
    // One request per distinct company: the service is never asked the same question twice.
    expect(sent).toHaveLength(18);
    expect(new Set(sent.map((b) => b.website)).size).toBe(18);

    const { rows: out } = await feature.handlers.bulkRows({ id: started.id, offset: 0, limit: 100 }, ctx);
    const byLine = new Map(out.map((r) => [r.line, r]));
    for (const [line, of] of repeatOf) {
      expect(byLine.get(line)?.duplicateOf, `line ${line}`).toBe(of);
      expect(byLine.get(line)?.best?.company.company_id, `line ${line}`).toBe(byLine.get(of)?.best?.company.company_id);
    }
    expect(out.filter((r) => r.duplicateOf === undefined).map((r) => r.best?.company.company_id)).toEqual(companies.map((c) => c.company_id));

    const file = await feature.handlers.bulkExport({ id: started.id, format: 'csv' }, ctx);
    const [header, ...lines] = parse(await readFile(join(dir, file!.fileName), 'utf8')) as string[][];
    const col = header!.indexOf('match.duplicate_of');
    expect(col).toBeGreaterThan(0);
    expect(lines.map((l) => l[col])).toEqual(Array.from({ length: 30 }, (_, i) => String(repeatOf.get(i + 2) ?? '')));
    // The analyst's own cells of a repeat stay as written.
    expect(lines[19]!.slice(0, 4)).toEqual(rows[20]);
    await feature.dispose?.();
  }, 60_000);
});
