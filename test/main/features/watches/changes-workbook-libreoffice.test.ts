// The changes workbook (issue 38 #1) opened by the program an analyst opens it in: LibreOffice Calc,
// headless, under en_US and de_DE (test/helpers/libreoffice.ts). Two search watches export through
// the real path (watches.exportChanges: store, sheets, tabular writer, atomic file):
//  - one on the sandbox after an epoch of evolution: many companies entered and left with reasons,
//    many field changes, address moves;
//  - one on a service whose records an analyst would fear: names that start with "=", "+", "@", "-"
//    or an apostrophe, postal codes with leading zeros, NACE codes, 19-digit register numbers,
//    decimals, dates, a boolean, lists; one company that left by its country, one the service lost,
//    an address move of three parts, a number that went away.
// Every cell Calc holds equals what the app meant (the same truth as the exceljs read-back,
// helpers/changes-expected.ts), cell by cell: headers, reasons, numbers as numbers shown as
// themselves, dates as dates shown as written, text as text, booleans as Calc's TRUE and FALSE;
// no cell is a formula.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIELD_CHANGE_COLUMNS } from '../../../../src/main/features/watches/changes-sheets';
import { REMOVED_REASON } from '../../../../src/main/features/watches/leaver-reasons';
import type { ApiClient } from '../../../../src/main/platform/api/types';
import type { SandboxHandle } from '../../../../src/sandbox/server';
import { conditionTest, type Condition } from '../../../../src/shared/search/condition-eval';
import type { CompanyRecord, SearchBody } from '../../../../src/shared/service/schemas';
import type { WatchChange } from '../../../../src/shared/watches/watches';
import { asMeant, calcRows, DE_DE, EN_US, isComputed, openInCalc, type CalcLocale, type CalcWorkbook } from '../../../helpers/libreoffice';
import { expectedCompanies, expectedFieldRows, stored } from './helpers/changes-expected';
import { sandboxOnManualClock, sandboxWorld, tempDataDir, watchWorld, type World } from './helpers/world';

const DE = { filters: { and: [{ attribute: 'country', relation: 'equals', value: 'DE' }] } };
const LOCALES = [EN_US, DE_DE];

/** A search service in memory that answers a search as the service does: the records meeting its conditions. */
function filteringService(records: CompanyRecord[]) {
  const state = { records };
  const api: ApiClient = {
    async search(req) {
      const body = req.body as SearchBody;
      const [op, filters] = 'and' in body.filters ? (['and', body.filters.and] as const) : (['or', body.filters.or] as const);
      const tests = filters.map((f) => conditionTest(f as Condition));
      const hits = state.records.filter((r) => (op === 'and' ? tests.every((t) => t(r)) : tests.some((t) => t(r))));
      const start = req.paginationToken ? Number(req.paginationToken.slice(1)) : 0;
      const end = Math.min(hits.length, start + req.pageSize);
      return { pagination: { next: end < hits.length ? `p${end}` : null, previous: null }, count: hits.length, result: hits.slice(start, end).map((r) => structuredClone(r)) };
    },
    esgModule: () => Promise.reject(new Error('not used')),
    processingStatus: () => Promise.reject(new Error('not used')),
    match: () => Promise.reject(new Error('not used')),
  };
  return { api, state };
}

const address = (street: string, postal_code: string, city: string) => ({ street, postal_code, city });
/** The records before the check: what an analyst's search holds, with the values spreadsheets mangle. */
const BEFORE: CompanyRecord[] = [
  { company_id: 'DE0012345', name: '=SUM(A1:A9) Holdings', country: 'DE', employee_count: 120, revenue_m: 12.5, founded: '1999-01-01', last_filing: '2024-03-05', postal_code: '03024', nace: '26.20', address: address('Ringstraße 2', '01067', 'Dresden'), tags: ['a', 'b'] },
  { company_id: 'DE0000002', name: '+49-30-1234 GmbH', country: 'DE', employee_count: 8, phone: '+49 30 1234567' },
  { company_id: 'DE0000003', name: '@risk AG', country: 'DE', employee_count: 1554, register_no: '1234567890123456789' },
  { company_id: 'DE0000004', name: '-5 Minus Ltd', country: 'DE', employee_count: 42, revenue_m: -0.25 },
];
/** After: one moved (three address parts) and changed numbers, dates and a list; one left by its country; one gone; one entered. */
const AFTER: CompanyRecord[] = [
  { ...BEFORE[0]!, employee_count: 150, revenue_m: 13.75, last_filing: '2025-01-31', address: address('Hafenweg 7', '20457', 'Hamburg'), tags: ['a', 'c'] },
  { ...BEFORE[1]!, country: 'FR' },
  { ...BEFORE[3]!, employee_count: null, revenue_m: 1234.5678 },
  {
    company_id: '00123',
    name: "'Quoted  Zoë \"Z\" Ltd, Oy",
    country: 'DE',
    employee_count: 0,
    revenue_m: 0.1,
    founded: '2020-02-29',
    postal_code: '00943',
    nace: '64.19',
    active: true,
    identifiers: { lei: '529900T8BM49AURSDO55', register_no: '0071234567890123456' },
    address: address('Straße des 17. Juni 1', '10115', 'Berlin'),
    note: 'line one\nline two',
  },
];

interface Exported {
  source: WatchChange[];
  path: string;
  watchName: string;
}

/** Watches a saved search of `w`, checks it, lets `move` change the data, checks again and exports that check. */
async function exportAfterMove(w: World, name: string, move: () => void): Promise<Exported> {
  const saved = w.saveSearch(name, DE);
  const watch = await w.call.create({ name, target: { kind: 'search', savedSearchId: saved.id } });
  await w.call.checkNow(watch.id);
  await w.settled(watch.id);
  move();
  await w.call.checkNow(watch.id);
  const check = await w.settled(watch.id);
  expect(check.status).toBe('done');
  const out = await w.call.exportChanges(watch.id, check.id);
  return { source: stored(w, watch.id).filter((c) => c.checkId === check.id), path: join(w.deps.dataDir, out!.fileName), watchName: name };
}

let sandbox: SandboxHandle;
let workDir: string;
const worlds: World[] = [];
const exported: Record<'sandbox' | 'hostile', Exported> = {} as never;
const opened = new Map<string, CalcWorkbook>();

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'fs-changes-calc-'));
  const s = await sandboxOnManualClock({ rates: { added: 20, removed: 20, field: 40 } });
  sandbox = s.sandbox;
  const onSandbox = sandboxWorld(sandbox, s.clock, { dataDir: tempDataDir() });
  worlds.push(onSandbox);
  exported.sandbox = await exportAfterMove(onSandbox, 'DE companies', () => sandbox.control.stepEpochs(1));

  const service = filteringService(structuredClone(BEFORE));
  const hostile = watchWorld({ dataDir: tempDataDir(), api: async () => service.api });
  worlds.push(hostile);
  exported.hostile = await exportAfterMove(hostile, '=Hostile names', () => (service.state.records = structuredClone(AFTER)));

  for (const locale of LOCALES) {
    const books = await openInCalc([exported.sandbox.path, exported.hostile.path], locale, workDir);
    opened.set(`sandbox ${locale.env}`, books[0]!);
    opened.set(`hostile ${locale.env}`, books[1]!);
  }
}, 3 * 180_000);

afterAll(async () => {
  for (const w of worlds) await w.close();
  await sandbox?.close();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

/** Every cell of a sheet as Calc holds it against what the app meant: header, then rows. */
function expectSheet(book: CalcWorkbook, name: string, header: readonly string[], rows: ReturnType<typeof expectedFieldRows>, locale: CalcLocale): void {
  const got = calcRows(book.get(name)!, header.length, locale);
  expect(got).toEqual([[...header], ...rows.map((r) => r.map(asMeant))]);
  // Nothing beyond the columns: a row of Calc's no wider than the header.
  expect(book.get(name)!.every((r) => r.length <= header.length)).toBe(true);
}

describe.each(LOCALES)('the changes workbook opened by LibreOffice Calc under $env', (locale) => {
  for (const which of ['sandbox', 'hostile'] as const) {
    it(`${which}: Entered and left, Field changes and About arrive cell by cell as the app meant, none a formula`, () => {
      const book = opened.get(`${which} ${locale.env}`)!;
      const { source, watchName } = exported[which];
      expect([...book.keys()]).toEqual(['Entered and left', 'Field changes', 'About']);
      const companies = expectedCompanies(source);
      expectSheet(book, 'Entered and left', companies.header, companies.rows, locale);
      const fieldRows = expectedFieldRows(source);
      expectSheet(book, 'Field changes', FIELD_CHANGE_COLUMNS, fieldRows, locale);
      // No cell computes (the booleans Calc holds as =TRUE() and =FALSE() were compared as booleans above).
      expect([...book.values()].flat(2).filter(isComputed)).toEqual([]);

      const about = new Map(calcRows(book.get('About')!, 2, locale).map(([label, value]) => [label, value]));
      expect(about.get('Watch')).toBe(watchName);
      expect(about.get('Target')).toBe(`Saved search ‘${watchName}’`);
      expect(about.get('Changes')).toBe(companies.rows.length + fieldRows.length);
      // The sandbox's evolution gave every kind: entered, left with reasons, field changes, address moves as one row.
      expect(source.some((c) => c.kind === 'entered') && source.some((c) => c.kind === 'left' && c.detail)).toBe(true);
      expect(fieldRows.some((r) => r[3] === 'address')).toBe(true);
    });
  }

  it('hostile values: formulas-to-be stay text, codes with leading zeros stay text, numbers and dates stay typed, reasons say why', () => {
    const rows = calcRows(opened.get(`hostile ${locale.env}`)!.get('Entered and left')!, 40, locale);
    const header = rows[0]!;
    const row = (id: string) => Object.fromEntries(header.flatMap((h, i) => (h === undefined ? [] : [[h as string, rows.find((r) => r[3] === id)![i]]])));
    expect(row('00123')).toMatchObject({ change: 'Entered the search', company_name: "'Quoted  Zoë \"Z\" Ltd, Oy", employee_count: 0, revenue_m: 0.1, postal_code: '00943', nace: '64.19', active: true, 'identifiers.register_no': '0071234567890123456', note: 'line one\nline two', founded: 'date 2020-02-29T00:00:00 shown 2020-02-29' });
    expect(row('DE0000002')).toMatchObject({ change: 'Left the search', company_name: '+49-30-1234 GmbH', reason: 'No longer matches: Country “FR” (condition: Country equals “DE”).', phone: '+49 30 1234567' });
    expect(row('DE0000003')).toMatchObject({ change: 'Left the search', company_name: '@risk AG', reason: REMOVED_REASON, employee_count: 1554, register_no: '1234567890123456789' });

    const fields = calcRows(opened.get(`hostile ${locale.env}`)!.get('Field changes')!, FIELD_CHANGE_COLUMNS.length, locale).slice(1);
    const of = (id: string) => fields.filter((r) => r[2] === id).map((r) => r.slice(1, 6));
    expect(of('DE0012345')).toEqual([
      ['=SUM(A1:A9) Holdings', 'DE0012345', 'employee_count', 120, 150],
      ['=SUM(A1:A9) Holdings', 'DE0012345', 'revenue_m', 12.5, 13.75],
      ['=SUM(A1:A9) Holdings', 'DE0012345', 'last_filing', 'date 2024-03-05T00:00:00 shown 2024-03-05', 'date 2025-01-31T00:00:00 shown 2025-01-31'],
      ['=SUM(A1:A9) Holdings', 'DE0012345', 'address', 'street: Ringstraße 2; postal code: 01067; city: Dresden', 'street: Hafenweg 7; postal code: 20457; city: Hamburg'],
      ['=SUM(A1:A9) Holdings', 'DE0012345', 'tags', 'a; b', 'a; c'],
    ]);
    expect(of('DE0000004')).toEqual([
      ['-5 Minus Ltd', 'DE0000004', 'employee_count', 42, undefined],
      ['-5 Minus Ltd', 'DE0000004', 'revenue_m', -0.25, 1234.5678],
    ]);
  });
});
