// All pages of a ~10,000-row sandbox search exported in every format over real HTTP, read back and
// compared row for row and field for field with what the API returned; then again under faults.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExportJob } from '../../../../src/shared/bridge/groups/export';
import { startSandbox, type SandboxHandle } from '../../../../src/sandbox/server';
import { createExportFeature } from '../../../../src/main/features/export/feature';
import type { ApiClient } from '../../../../src/main/platform/api/types';
import { fetchAll, realClient } from './helpers/real-client';
import { harness } from './helpers/harness';
import { expectSameRows, expectedColumns, expectedRows, keepOnFailure, normaliseXlsxRow, readCsv, readXlsx } from './readback';

const BODY = { filters: { and: [{ attribute: 'founding_year', relation: 'greater_than', value: 0 }] } };
const FORMATS = ['csv', 'xlsx', 'json', 'ndjson'] as const;

let sandbox: SandboxHandle;
let api: ApiClient;
let dir: string;
let reference: Record<string, unknown>[];
let columns: string[];

beforeAll(async () => {
  sandbox = await startSandbox({ companies: 10_000, seed: 7 });
  api = realClient(sandbox);
  dir = await mkdtemp(join(tmpdir(), 'fs-export-sandbox-'));
  reference = (await fetchAll(api, BODY, 200)).records;
  columns = expectedColumns(reference);
}, 60_000);

afterAll(async () => {
  await sandbox?.close();
  await rm(dir, { recursive: true, force: true });
});

async function checkFile(format: (typeof FORMATS)[number], path: string) {
  await keepOnFailure(path, () => checkRows(format, path));
}

async function checkRows(format: (typeof FORMATS)[number], path: string) {
  if (format === 'json' || format === 'ndjson') {
    const text = await readFile(path, 'utf8');
    const back = format === 'json' ? JSON.parse(text) : text.trimEnd().split('\n').map((l) => JSON.parse(l));
    expect(back.length).toBe(reference.length);
    expectSameRows(back, reference);
  } else if (format === 'csv') {
    const [header, ...rows] = await readCsv(path);
    expect(header).toEqual(columns);
    expect(rows.length).toBe(reference.length);
    expectSameRows(rows, expectedRows(reference, columns, 'csv'));
  } else {
    const [header, ...rows] = await readXlsx(path);
    expect(header).toEqual(columns);
    expect(rows.length).toBe(reference.length);
    expectSameRows(rows.map(normaliseXlsxRow), expectedRows(reference, columns, 'xlsx').map(normaliseXlsxRow));
  }
  const ids = new Set(reference.map((r) => r.company_id));
  expect(ids.size).toBe(reference.length); // the reference itself has no duplicate
}

async function exportAll(format: (typeof FORMATS)[number], name: string, onProgress?: (job: ExportJob) => void) {
  const h = harness(api, join(dir, 'data'));
  const feature = createExportFeature(h.deps, { progressIntervalMs: 0, retry: { attempts: 8, baseDelayMs: 20, maxDelayMs: 200 } });
  if (onProgress) h.onProgress(onProgress);
  const target = join(dir, name);
  h.paths.push(target);
  const job = await feature.handlers.start({ source: { kind: 'all', body: BODY, pageSize: 200 }, format, columns: null }, { signal: new AbortController().signal });
  const final = await h.finished(job!.id);
  return { final, target, h };
}

describe('all-pages export against the sandbox', () => {
  it('the search is about 10,000 rows', () => {
    expect(reference.length).toBeGreaterThan(9_000);
    expect(reference.length).toBeLessThanOrEqual(10_000);
  });

  for (const format of FORMATS) {
    it(`${format}: every row and field as the API returned it`, async () => {
      const { final, target } = await exportAll(format, `clean.${format}`);
      expect(final).toMatchObject({ state: 'done', rows: reference.length, pages: Math.ceil(reference.length / 200) });
      await checkFile(format, target);
    }, 120_000);
  }

  for (const format of FORMATS) {
    it(`${format}: identical under 10% 503, 5% dropped connections and a token expiry mid-run`, async () => {
      sandbox.control.setFaults({ errorRate: 0.1, dropRate: 0.05, targets: ['search'], seed: 11 + format.length });
      sandbox.control.resetStats();
      let expired = false;
      try {
        const { final, target } = await exportAll(format, `faulty.${format}`, (job) => {
          if (!expired && job.pages >= 20) {
            expired = true;
            sandbox.control.expireAllTokens();
          }
        });
        expect(expired).toBe(true);
        expect(final.state).toBe('done');
        const stats = sandbox.control.stats();
        expect(stats.faultsInjected).toBeGreaterThan(3); // the run really went through faults
        expect(stats.tokensIssued).toBeGreaterThanOrEqual(1); // a new token after the expiry
        await checkFile(format, target);
      } finally {
        sandbox.control.clearFaults();
      }
    }, 120_000);
  }

  it('leaves only finished files behind (no partial, no spool)', async () => {
    const files = await readdir(dir);
    expect(files.filter((f) => f.endsWith('.partial'))).toEqual([]);
    expect(await readdir(join(dir, 'data', 'export-spool')).catch(() => [])).toEqual([]);
  });
});
