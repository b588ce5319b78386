// Facet choices turned into service conditions mean the facet view's companies: for any choice, the
// real sandbox over HTTP answers the search's own conditions plus the written ones with exactly the
// loaded rows that the choice keeps (filtered here by the facet keys' own rules, and by main's view).
import { EventEmitter } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../../src/main/platform/api/types';
import type { FeatureDeps } from '../../../../src/main/platform/ports/feature-deps';
import { createSnapshotFeature } from '../../../../src/main/features/snapshots/feature';
import { startSandbox, type SandboxHandle } from '../../../../src/sandbox/server';
import { ProfileSchema } from '../../../../src/shared/profile';
import { checkSearchBody } from '../../../../src/shared/search/body';
import type { SearchBody, SearchFilter } from '../../../../src/shared/service/schemas';
import { FACET_IDS, type FacetId, type SnapshotInfo, type SnapshotView } from '../../../../src/shared/snapshots/snapshot';
import { fetchAll, realClient } from '../export/helpers/real-client';
import { testWorkspacePort } from '../../../helpers/workspace';

type Choices = NonNullable<SnapshotView['facets']>;
type Row = Record<string, unknown>;

// A search that keeps part of the dataset, so values the snapshot lacks are outside it.
const BASE: SearchFilter[] = [{ attribute: 'founding_year', relation: 'greater_than', value: 1900 }];
const BODY: SearchBody = { filters: { and: BASE } };
const ctx = { signal: new AbortController().signal };

// The facet keys written out again from their definition (facets.ts), not imported from it.
const EMPLOYEES = [0, 10, 50, 250, 1000, 5000, 10000];
const REVENUE = [0, 1e6, 1e7, 5e7, 1e8, 1e9, 1e10];
const band = (bounds: number[], v: unknown) => (typeof v === 'number' && v >= 0 ? bounds.filter((b) => b <= v).at(-1)! : null);
const KEY: Record<FacetId, (r: Row) => string | number | null> = {
  country: (r) => (typeof r.country === 'string' ? r.country.toUpperCase() : null),
  industry_division: (r) => (typeof r.industry_code === 'string' && /^\d\d/.test(r.industry_code) ? r.industry_code.slice(0, 2) : null),
  industry_class: (r) => (typeof r.industry_code === 'string' ? r.industry_code : null),
  legal_form: (r) => (typeof r.legal_form === 'string' ? r.legal_form : null),
  employee_band: (r) => band(EMPLOYEES, r.employee_count),
  revenue_band: (r) => band(REVENUE, r.revenue),
  founding_decade: (r) => (typeof r.founding_year === 'number' ? Math.trunc(r.founding_year / 10) * 10 : null),
};
const keeps = (choices: Choices, r: Row) =>
  (Object.entries(choices) as [FacetId, Array<string | number>][]).every(([f, keys]) => keys.length === 0 || keys.some((k) => String(k) === String(KEY[f](r))));
const ids = (rows: readonly Row[]) => rows.map((r) => String(r.company_id)).sort();

let sandbox: SandboxHandle;
let api: ApiClient;
let dir: string;
let rows: Row[];
let feature: ReturnType<typeof createSnapshotFeature>;
let snapshotId: number;
let keysOf: Record<FacetId, Array<string | number>>;

async function loadSnapshot(): Promise<number> {
  const done = new EventEmitter();
  const profile = ProfileSchema.parse({ id: 'sandbox', name: 'Sandbox', kind: 'sandbox', authUrl: sandbox.authUrl, baseUrl: sandbox.baseUrl, clientId: 'x' });
  const deps: FeatureDeps = {
    api: async () => api,
    activeProfile: () => profile,
    settings: { read: (_k, _s, f) => f, write: () => {} },
    emit: ((_g: string, _n: string, info: SnapshotInfo) => info.status !== 'loading' && done.emit('done', info)) as FeatureDeps['emit'],
    shell: { kind: 'browser', chooseExportPath: async () => null, revealFile: async () => {}, notify: () => {}, openExternal: async () => {} },
    dataDir: dir,
    workspace: testWorkspacePort(dir, () => profile.id),
    now: () => Date.now(),
  };
  feature = createSnapshotFeature(deps);
  const ended = new Promise<SnapshotInfo>((resolve) => done.once('done', resolve));
  const started = await feature.handlers.load({ body: BODY, rowCap: 100_000 }, ctx);
  expect((await ended).status).toBe('complete');
  return started.id;
}

beforeAll(async () => {
  sandbox = await startSandbox({ companies: 3_000, seed: 39 });
  api = realClient(sandbox);
  dir = await mkdtemp(join(tmpdir(), 'fs-facet-conditions-'));
  rows = (await fetchAll(api, BODY, 200)).records;
  snapshotId = await loadSnapshot();
  const counts = await feature.handlers.facets({ id: snapshotId, view: {} }, ctx);
  keysOf = Object.fromEntries(FACET_IDS.map((f) => [f, counts[f].map((c) => c.key)])) as typeof keysOf;
}, 60_000);

afterAll(async () => {
  await feature?.dispose?.();
  await sandbox?.close();
  await rm(dir, { recursive: true, force: true });
});

/** The written conditions, what the sandbox answers them with, and the facet view two ways. */
async function compare(choices: Choices) {
  const written = await feature.handlers.facetConditions({ id: snapshotId, facets: choices }, ctx);
  const body: SearchBody = { filters: { and: [...BASE, ...written] } };
  expect(checkSearchBody(body).ok).toBe(true);
  const live = await fetchAll(api, body, 200);
  const view = await feature.handlers.page({ id: snapshotId, view: { facets: choices }, offset: 0, limit: 100_000 }, ctx);
  const expected = ids(rows.filter((r) => keeps(choices, r)));
  return { written, live: ids(live.records), count: live.count, view: ids(view.rows), expected };
}

describe('facet choices as service conditions, answered by the sandbox', () => {
  it('the snapshot holds the whole search and facets have several values each', () => {
    expect(rows.length).toBeGreaterThan(1_000);
    expect(rows.length).toBeLessThan(3_000);
    expect(keysOf.industry_division.length).toBeGreaterThan(4);
  });

  it('several divisions: their class codes, the same companies', async () => {
    const divisions = ['29', '27', '26', '24'].filter((d) => keysOf.industry_division.includes(d));
    const chosen = divisions.length >= 2 ? divisions : keysOf.industry_division.slice(0, 4).map(String);
    const got = await compare({ industry_division: chosen });
    expect(got.written).toHaveLength(1);
    expect(got.written[0]).toMatchObject({ attribute: 'industry_code', relation: 'in' });
    expect((got.written[0]!.value as string[]).every((c) => chosen.includes(c.slice(0, 2)))).toBe(true);
    expect(got.expected.length).toBeGreaterThan(0);
    expect(got.live).toEqual(got.expected);
    expect(got.count).toBe(got.expected.length);
    expect(got.view).toEqual(got.expected);
  });

  it('bands and decades apart: the span less the values between, the same companies', async () => {
    const got = await compare({ employee_band: [0, 1000], revenue_band: [1e6, 1e8], founding_decade: [1910, 1990] });
    expect(got.written.some((f) => f.relation === 'not_in')).toBe(true);
    expect(got.expected.length).toBeGreaterThan(0);
    expect(got.live).toEqual(got.expected);
    expect(got.view).toEqual(got.expected);
  });

  it('any facet choice: the sandbox answers exactly the facet view', async () => {
    // One to three facets at a time (seven at once leave almost no company), up to four values each.
    const choice = fc
      .subarray([...FACET_IDS], { minLength: 1, maxLength: 3 })
      .chain((facets) => fc.record(Object.fromEntries(facets.map((f) => [f, fc.subarray(keysOf[f], { minLength: 1, maxLength: 4 })])) as Record<FacetId, fc.Arbitrary<Array<string | number>>>));
    await fc.assert(
      fc.asyncProperty(choice, async (choices) => {
        const got = await compare(choices);
        expect(got.live).toEqual(got.expected);
        expect(got.count).toBe(got.expected.length);
        expect(got.view).toEqual(got.expected);
      }),
      { numRuns: 60, seed: 3939 },
    );
  }, 120_000);
});
