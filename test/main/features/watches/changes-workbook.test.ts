// The changes workbook as columns (issue 38 #1): a search watch's export read back with exceljs.
// Against the sandbox whose data moves one epoch at a time (real records: nested address and
// identifiers, tag lists, optional fields): every company that entered or left is one row whose
// columns are the union of the records' flattened fields (the grid's own column model) and whose
// cells are the record's values; every field change is one row of company, field, old and new.
// Nothing is JSON text in one cell. A list watch keeps its Changes sheet; a failed write leaves no file.
import ExcelJS from 'exceljs';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ESG_CHANGE_COLUMNS, FIELD_CHANGE_COLUMNS, recordColumn } from '../../../../src/main/features/watches/changes-sheets';
import { writeChangesXlsx } from '../../../../src/main/features/watches/export-changes';
import { AtomicTarget } from '../../../../src/main/platform/tabular/atomic-target';
import { toXlsxCell } from '../../../../src/main/platform/tabular/cells';
import { ExportJournal } from '../../../../src/main/platform/tabular/journal';
import type { ManualClock } from '../../../../src/sandbox/clock';
import type { SandboxHandle } from '../../../../src/sandbox/server';
import { flattenRecord } from '../../../../src/shared/search/flatten';
import type { WatchChange } from '../../../../src/shared/watches/watches';
import { companies, fakeSearch } from './helpers/fake-search';
import { expectedCompanies, expectedFieldRows as expectedFields, recordOf, stored } from './helpers/changes-expected';
import { sandboxOnManualClock, sandboxWorld, tempDataDir, watchWorld } from './helpers/world';

const DE = { filters: { and: [{ attribute: 'country', relation: 'equals', value: 'DE' }] } };
let sandbox: SandboxHandle;
let clock: ManualClock;
beforeAll(async () => {
  ({ sandbox, clock } = await sandboxOnManualClock({ rates: { added: 20, removed: 20, field: 40 } }));
});
afterAll(() => sandbox?.close());

/** What exceljs reads back for a value the app writes: the one cell rule, an empty cell as undefined. */
const readBack = (v: unknown) => toXlsxCell(v) ?? undefined;

async function sheets(path: string) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(path);
  const rowsOf = (name: string) => (book.getWorksheet(name)!.getSheetValues().slice(1) as unknown[][]).map((r) => r.slice(1));
  return { names: book.worksheets.map((s) => s.name), rowsOf };
}

it('a search watch: entered and left companies a row each, their fields in columns; field changes as company, field, old, new', async () => {
  const w = sandboxWorld(sandbox, clock, { dataDir: tempDataDir() });
  try {
    const saved = w.saveSearch('DE companies', DE);
    const watch = await w.call.create({ name: 'DE companies', target: { kind: 'search', savedSearchId: saved.id } });
    await w.call.checkNow(watch.id);
    await w.settled(watch.id);
    sandbox.control.stepEpochs(1);
    await w.call.checkNow(watch.id);
    const check = await w.settled(watch.id);
    const source = stored(w, watch.id);
    const companiesIn = source.filter((c) => c.kind === 'entered' || c.kind === 'left');
    const fieldChanges = source.filter((c) => c.kind === 'field');
    expect(companiesIn.some((c) => c.kind === 'entered') && companiesIn.some((c) => c.kind === 'left') && fieldChanges.length > 0).toBe(true);

    const out = await w.call.exportChanges(watch.id, check.id);
    const { names, rowsOf } = await sheets(`${w.deps.dataDir}/${out!.fileName}`);
    expect(names).toEqual(['Entered and left', 'Field changes', 'About']);

    // Columns: ours, then the union of the records' fields as the grid lays them out (id and name are ours).
    const expected = expectedCompanies(source);
    expect(expected.fields).toEqual(expect.arrayContaining(['address.city', 'identifiers.lei', 'tags', 'employee_count']));
    const [header, ...rows] = rowsOf('Entered and left');
    expect(header).toEqual(expected.header);
    expect(rows).toHaveLength(companiesIn.length);
    companiesIn.forEach((c, i) => {
      // Every column of every row equals the source change (a sparse row reads back shorter).
      expect(Array.from({ length: header!.length }, (_, k) => rows[i]![k])).toEqual(expected.rows[i]!.map(readBack));
      // And nothing of the record is left out: each of its values is in a column.
      for (const [path, v] of Object.entries(flattenRecord(recordOf(c)))) if (path !== 'company_id' && path !== 'name' && readBack(v) !== undefined) expect(expected.fields).toContain(path);
    });
    expect(rows.flat().some((v) => typeof v === 'string' && v.startsWith('{'))).toBe(false);

    const [fieldHeader, ...fieldRows] = rowsOf('Field changes');
    expect(fieldHeader).toEqual([...FIELD_CHANGE_COLUMNS]);
    // Expected: one row per field change, but a company's address parts that changed together are one
    // row (issue 38): field "address", old and new as "street: …; city: …" of the parts, in order.
    const expectedFieldRows = expectedFields(source).map((r) => r.map(readBack));
    expect(expectedFieldRows.length, 'the sandbox moved some addresses').toBeLessThan(fieldChanges.length);
    expect(fieldRows.map((r) => Array.from({ length: FIELD_CHANGE_COLUMNS.length }, (_, k) => r[k]))).toEqual(expectedFieldRows);
    const about = Object.fromEntries(rowsOf('About').map((r) => [r[0], r[1]]));
    expect(about).toMatchObject({ Watch: 'DE companies', Target: 'Saved search ‘DE companies’', Changes: companiesIn.length + expectedFieldRows.length });
    expect(out!.rows).toBe(companiesIn.length + expectedFieldRows.length);
  } finally {
    await w.close();
  }
});

it('a record field named like one of our columns keeps its value under its own name; lists read "a; b"', async () => {
  const svc = fakeSearch(companies(3));
  const w = watchWorld({ dataDir: tempDataDir(), api: async () => svc.api });
  try {
    const saved = w.saveSearch('Few', DE);
    const watch = await w.call.create({ name: 'Few', target: { kind: 'search', savedSearchId: saved.id } });
    await w.call.checkNow(watch.id);
    await w.settled(watch.id);
    svc.state.records = [...svc.state.records, { company_id: 'n1', name: 'New One', change: 'merger', read: true, tags: ['a', 'b'], address: { city: 'Köln' } }];
    await w.call.checkNow(watch.id);
    const check = await w.settled(watch.id);
    const out = await w.call.exportChanges(watch.id, check.id);
    const { rowsOf } = await sheets(`${w.deps.dataDir}/${out!.fileName}`);
    const [header, row] = rowsOf('Entered and left');
    expect(header).toEqual(['checked_at', 'change', 'company_name', 'company_id', 'reason', recordColumn('change'), recordColumn('read'), 'tags', 'address.city', 'read']);
    expect(row!.slice(1)).toEqual(['Entered the search', 'New One', 'n1', undefined, 'merger', true, 'a; b', 'Köln', 'no']);
    expect(row![0]).toEqual(new Date(check.finishedAt!));
  } finally {
    await w.close();
  }
});

it('a list watch keeps one Changes sheet of its ESG changes; a failed write leaves no file', async () => {
  const dir = tempDataDir();
  const journal = new ExportJournal(join(dir, 'journal'));
  const at = Date.UTC(2026, 0, 6, 7, 0);
  const change = (kind: WatchChange['kind'], o: Partial<WatchChange>): WatchChange => ({ id: 1, watchId: 1, checkId: 2, kind, companyId: 'a', companyName: 'Apex', field: null, module: 'scores', oldValue: null, newValue: null, detail: null, read: false, at, ...o });
  const changes = [change('score', { field: 'overall', oldValue: 50, newValue: 62.5 }), change('rating', { field: 'overall', oldValue: 'BBB', newValue: 'A', detail: 'upgrade' }), change('news', { module: 'news', newValue: 'Plant opened', detail: 'Plant opened' })];
  const spec = { watchName: 'Portfolio', kind: 'list' as const, target: 'List ‘Portfolio’ (scores, news)', schedule: 'Daily at 07:00', from: at - 86_400_000, to: at, scope: 'Every check of the watch', profile: 'Sandbox', at: new Date(at) };
  const path = join(dir, 'changes.xlsx');
  const kindsAsked: string[][] = [];
  const rows = await writeChangesXlsx(await AtomicTarget.open(path, journal, 'list'), { ...spec, rows: (kinds) => (kindsAsked.push([...kinds]), changes.filter((c) => kinds.includes(c.kind))) });
  expect(rows).toBe(3);
  expect(kindsAsked).toEqual([['score', 'rating', 'news', 'commitment']]);
  const { names, rowsOf } = await sheets(path);
  expect(names).toEqual(['Changes', 'About']);
  expect(rowsOf('Changes')).toEqual([
    [...ESG_CHANGE_COLUMNS],
    [new Date(at), 'ESG score moved', 'Apex', 'a', 'overall', 'scores', 50, 62.5, undefined, 'no'],
    [new Date(at), 'ESG rating changed', 'Apex', 'a', 'overall', 'scores', 'BBB', 'A', 'upgrade', 'no'],
    [new Date(at), 'New news', 'Apex', 'a', undefined, 'news', undefined, 'Plant opened', 'Plant opened', 'no'],
  ]);

  // The store failing halfway: the earlier file stays as it was, no temporary is left.
  const failing = () => {
    throw new Error('disk read failed');
  };
  await expect(writeChangesXlsx(await AtomicTarget.open(path, journal, 'fail'), { ...spec, rows: failing })).rejects.toThrow('disk read failed');
  expect((await sheets(path)).names).toEqual(['Changes', 'About']);
  expect(readdirSync(dir).filter((f) => f.startsWith('changes'))).toEqual(['changes.xlsx']);
});
