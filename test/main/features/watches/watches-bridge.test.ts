// The bridge handlers around the checks: create and update say what is wrong where it was chosen;
// estimate names the cost before a watch exists; the inbox filters and pages; the export of a
// watch's changes reads back with exceljs (companies and field changes a row each in inbox order, the
// About sheet with the watch, its target and both check times) and is recorded on the Exports screen.
import ExcelJS from 'exceljs';
import { expect, it } from 'vitest';
import { ManualTimers } from '../esg/helpers/manual-timers';
import { companies, fakeSearch } from './helpers/fake-search';
import { tempDataDir, watchWorld } from './helpers/world';

const BODY = { filters: { and: [{ attribute: 'country', relation: 'equals', value: 'DE' }] } };
const at = (d: number, h: number, m = 0) => new Date(2026, 0, d, h, m).getTime();

it('create, update and estimate say what is wrong next to the field, and what a watch costs', async () => {
  const svc = fakeSearch(companies(1_234));
  const w = watchWorld({ dataDir: tempDataDir(), api: async () => svc.api });
  try {
    await expect(w.call.create({ name: 'Gone', target: { kind: 'search', savedSearchId: 'nope' } })).rejects.toMatchObject({ code: 'not_found', message: 'That saved search no longer exists (it was deleted): choose another one.', details: { field: 'target' } });
    await expect(w.call.create({ name: 'Gone', target: { kind: 'list', listId: 99, modules: ['scores'] } })).rejects.toMatchObject({ code: 'not_found', details: { field: 'target' } });
    const bad = w.saveSearch('Broken', { filters: { and: [] } });
    await expect(w.call.create({ name: 'Broken', target: { kind: 'search', savedSearchId: bad.id } })).rejects.toMatchObject({ code: 'invalid_input', message: expect.stringMatching(/^The saved search ‘Broken’ is not valid: .+Open it on the Search screen/), details: { field: 'target' } });

    const saved = w.saveSearch('Big DE', BODY);
    // Never loaded: one count request now (the analyst's own, normal lane), counted in the day's budget.
    expect(await w.call.estimate({ target: { kind: 'search', savedSearchId: saved.id }, schedule: { kind: 'daily', at: '07:00' } })).toEqual({
      requestsPerCheck: 7,
      requestsPerDay: 7,
      basis: '1,234 companies now: 7 pages of 200, plus one request for each company that left (at most 50).',
    });
    expect(svc.state.calls).toEqual([{ pageSize: 1, token: undefined, priority: 'normal' }]);
    expect((await w.call.budget()).usedToday).toBe(1);

    const { list } = w.lists.store('sandbox').createList({ name: 'Portfolio', companies: [{ companyId: 'a', name: 'A' }, { companyId: 'b', name: 'B' }] });
    expect(await w.call.estimate({ target: { kind: 'list', listId: list.id, modules: ['scores', 'news'] }, schedule: { kind: 'hourly' } })).toMatchObject({ requestsPerCheck: 16, requestsPerDay: 384 });

    const watch = await w.call.create({ name: 'Big DE', target: { kind: 'search', savedSearchId: saved.id }, schedule: { kind: 'daily', at: '07:00' } });
    expect(watch).toMatchObject({ targetName: 'Big DE', paused: false, unread: 0, lastCheck: null, cost: { requestsPerCheck: null } });
    const renamed = await w.call.update({ id: watch.id, name: 'DE, big', schedule: { kind: 'weekly', day: 1, at: '08:00' } });
    expect(renamed).toMatchObject({ name: 'DE, big', schedule: { kind: 'weekly', day: 1, at: '08:00' }, target: { kind: 'search', savedSearchId: saved.id } });
    await expect(w.call.update({ id: 999, name: 'x' })).rejects.toMatchObject({ code: 'not_found' });
    await expect(w.call.checkNow(999)).rejects.toMatchObject({ code: 'not_found' });
    await expect(w.call.exportChanges(watch.id)).rejects.toMatchObject({ code: 'invalid_input', message: 'This watch has found no changes yet: there is nothing to export.' });
  } finally {
    await w.close();
  }
});

it('the inbox filters and pages; the export of a check reads back with its About sheet and is recorded', async () => {
  const timers = new ManualTimers(at(5, 9, 0));
  const svc = fakeSearch(companies(300));
  const w = watchWorld({ dataDir: tempDataDir(), api: async () => svc.api, timers });
  try {
    const saved = w.saveSearch('Big DE', BODY);
    const watch = await w.call.create({ name: 'Big DE', target: { kind: 'search', savedSearchId: saved.id } });
    await w.call.checkNow(watch.id);
    const baseline = await w.settled(watch.id);
    await timers.advance(3_600_000);
    const moved = svc.state.records.map((r, i) => (i < 5 ? { ...r, employee_count: 999, address: { city: 'Köln' } } : r));
    svc.state.records = [...moved.slice(2), ...companies(3, 700)];
    await w.call.checkNow(watch.id);
    const check = await w.settled(watch.id);
    // 3 entered, 2 left, 3 companies x (employee_count, address.city)
    expect(check).toMatchObject({ status: 'done', changes: 11 });

    const page1 = await w.call.changes({ watchId: watch.id, limit: 4 });
    const page2 = await w.call.changes({ watchId: watch.id, limit: 4, offset: 4 });
    expect(page1).toMatchObject({ total: 11, unread: 11 });
    expect(page1.rows.map((r) => r.kind)).toEqual(['entered', 'entered', 'entered', 'left']);
    expect(page2.rows[0]!.kind).toBe('left');
    expect((await w.call.changes({ kinds: ['field'] })).rows.map((r) => [r.companyName, r.field, r.oldValue, r.newValue])).toEqual([
      ['Company 2', 'employee_count', 12, 999],
      ['Company 2', 'address.city', null, 'Köln'],
      ['Company 3', 'employee_count', 13, 999],
      ['Company 3', 'address.city', null, 'Köln'],
      ['Company 4', 'employee_count', 14, 999],
      ['Company 4', 'address.city', null, 'Köln'],
    ]);
    await w.call.markRead({ ids: page1.rows.map((r) => r.id) });
    expect(await w.call.changes({ unreadOnly: true, kinds: ['entered', 'left'] })).toMatchObject({ total: 1, unread: 1 });

    const out = await w.call.exportChanges(watch.id, check.id);
    expect(out).toMatchObject({ rows: 11, fileName: expect.stringMatching(/^changes-Big DE-.*\.xlsx$/) });
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(`${w.deps.dataDir}/${out!.fileName}`);
    expect(book.worksheets.map((s) => s.name)).toEqual(['Entered and left', 'Field changes', 'About']);
    const companiesSheet = book.getWorksheet('Entered and left')!.getSheetValues().slice(1) as unknown[][];
    expect(companiesSheet[0]!.slice(1)).toEqual(['checked_at', 'change', 'company_name', 'company_id', 'reason', 'country', 'employee_count', 'read']);
    expect(companiesSheet).toHaveLength(6);
    expect(companiesSheet[1]![1]).toEqual(new Date(check.finishedAt!));
    expect(companiesSheet[1]!.slice(2)).toEqual(['Entered the search', 'Company 700', 'c00700', undefined, 'DE', 10, 'yes']);
    expect(companiesSheet[5]!.slice(2)).toEqual(['Left the search', 'Company 1', 'c00001', 'No longer in the service’s data.', 'DE', 11, 'no']);
    const fieldSheet = book.getWorksheet('Field changes')!.getSheetValues().slice(1) as unknown[][];
    expect(fieldSheet[0]!.slice(1)).toEqual(['checked_at', 'company_name', 'company_id', 'field', 'old_value', 'new_value', 'read']);
    expect(fieldSheet).toHaveLength(7);
    expect(fieldSheet[1]!.slice(2)).toEqual(['Company 2', 'c00002', 'employee_count', 12, 999, 'no']);
    expect(fieldSheet[2]!.slice(2)).toEqual(['Company 2', 'c00002', 'address.city', undefined, 'Köln', 'no']);
    const about = Object.fromEntries((book.getWorksheet('About')!.getSheetValues().slice(1) as unknown[][]).map((r) => [r[1], r[2]]));
    expect(about).toMatchObject({
      Watch: 'Big DE',
      Target: 'Saved search ‘Big DE’',
      'Compared from check': `${new Date(baseline.finishedAt!).toISOString().replace('T', ' ').slice(0, 16)} UTC`,
      'Compared to check': `${new Date(check.finishedAt!).toISOString().replace('T', ' ').slice(0, 16)} UTC`,
      Changes: 11,
      Profile: 'Sandbox',
    });
    expect(w.recorded).toEqual([expect.objectContaining({ origin: 'watches', source: 'Changes of watch ‘Big DE’ (one check)', format: 'xlsx', rows: 11, again: { id: watch.id, checkId: check.id } })]);

    // Cancelled dialog: nothing written, nothing recorded.
    w.deps.shell.chooseExportPath = async () => null;
    expect(await w.call.exportChanges(watch.id)).toBeNull();
    expect(w.recorded).toHaveLength(1);
  } finally {
    await w.close();
  }
});
