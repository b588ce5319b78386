// A list view through the one view export dialog: every format, the list's own columns or all fields
// (the stored records with the ESG summary), in the view's order, the sidecar naming list, filter, sort.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createExportFeature } from '../../../../src/main/features/export/feature';
import type { ListsAccess } from '../../../../src/main/features/lists/list-store';
import { LIST_EXPORT_HEADERS } from '../../../../src/shared/lists/list-export-columns';
import type { ListInfo, ListMember, ListView } from '../../../../src/shared/lists/lists';
import { harness } from './helpers/harness';

const ctx = { signal: new AbortController().signal };
let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'fs-list-view-export-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const member = (i: number): ListMember => ({
  weight: null,
  companyId: `id-${i}`,
  name: `Company ${i}`,
  country: 'DE',
  countryName: 'Germany',
  industry: 'Software',
  employees: i * 10,
  revenue: null,
  addedAt: Date.UTC(2026, 0, 1 + i),
  // Company 3 was pasted as an id the service did not return: no record.
  record: i === 3 ? null : { company_id: `id-${i}`, name: `Company ${i}`, address: { city: `City ${i}` } },
  esg: { overallScore: 40 + i, overallRating: 'B', refreshedAt: Date.UTC(2026, 1, 1) },
});

function fakeLists(size: number): { activeStore(): ListsAccess } {
  const members = Array.from({ length: size }, (_, i) => member(i));
  const info = { id: 7, name: 'Portfolio', memberCount: size } as ListInfo;
  const store = {
    get: (id: number) => (id === info.id ? info : null),
    // Employees descending, the filter on the name.
    viewIds: (_id: number, view: ListView) =>
      members
        .filter((m) => !view.text || (m.name ?? '').includes(view.text))
        .sort((a, b) => (b.employees ?? 0) - (a.employees ?? 0))
        .map((m) => m.companyId),
    membersByIds: (_id: number, ids: readonly string[]) => ids.map((id) => members[Number(id.slice(3))]),
  } as unknown as ListsAccess;
  return { activeStore: () => store };
}

const view: ListView = { sort: { field: 'employees', direction: 'desc' }, text: 'Company' };

async function exportList(format: 'json' | 'ndjson' | 'csv', fields: 'list' | 'all') {
  const h = harness(null, dir);
  const feature = createExportFeature(h.deps, { progressIntervalMs: 0, lists: fakeLists(5) });
  const path = join(dir, `portfolio-${fields}.${format}`);
  h.paths.push(path);
  const job = await feature.handlers.start({ source: { kind: 'list', listId: 7, view, fields }, format, columns: null }, ctx);
  expect(await h.finished(job!.id)).toMatchObject({ state: 'done', rows: 5, origin: 'list', aboutFile: `portfolio-${fields}.${format}.about.json` });
  return { text: await readFile(path, 'utf8'), about: JSON.parse(await readFile(`${path}.about.json`, 'utf8')).about as Record<string, unknown> };
}

describe('list view export in all formats', () => {
  it('JSON of the list columns: each row holds the list’s own columns in their order, in the view’s order', async () => {
    const { text, about } = await exportList('json', 'list');
    const rows = JSON.parse(text) as Record<string, unknown>[];
    expect(rows.map((r) => r['Company ID'])).toEqual(['id-4', 'id-3', 'id-2', 'id-1', 'id-0']);
    expect(Object.keys(rows[0]!)).toEqual([...LIST_EXPORT_HEADERS]);
    expect(rows[0]!['ESG overall score']).toBe(44);
    expect(about).toMatchObject({ List: 'Portfolio', Filter: 'Company', Sort: 'employees, descending (empty cells last)', Rows: 5 });
    expect(about.Columns).toBe(`the list’s columns: ${LIST_EXPORT_HEADERS.join(', ')}`);
  });

  it('NDJSON of all fields: the stored record (or just the id) with the ESG summary and when it joined', async () => {
    const { text, about } = await exportList('ndjson', 'all');
    const rows = text.trimEnd().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(rows.map((r) => r.company_id)).toEqual(['id-4', 'id-3', 'id-2', 'id-1', 'id-0']);
    expect(rows[0]).toEqual({
      company_id: 'id-4',
      name: 'Company 4',
      address: { city: 'City 4' },
      esg: { overallScore: 44, overallRating: 'B', refreshedAt: '2026-02-01T00:00:00.000Z' },
      added_to_list: '2026-01-05T00:00:00.000Z',
    });
    expect(rows[1]).toMatchObject({ company_id: 'id-3', esg: { overallScore: 43 } });
    expect(rows[1]).not.toHaveProperty('name');
    expect(about.Columns).toMatch(/^all fields of the stored records/);
  });

  it('CSV of all fields: dotted columns from the records, the ESG summary beside them', async () => {
    const { text } = await exportList('csv', 'all');
    const header = text.replace(/^\uFEFF/, '').split(/\r?\n/)[0]!.split(',');
    expect(header.slice(0, 3)).toEqual(['company_id', 'name', 'address.city']);
    expect(header).toEqual(expect.arrayContaining(['esg.overallScore', 'esg.refreshedAt', 'added_to_list']));
  });
});
