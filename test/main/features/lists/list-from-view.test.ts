// "Save N shown as list…": the list gets exactly the rows the snapshot view shows (text filter and
// facet choices; sort ignored), selected in main with the view's own query; no view means every row.
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { WorkspaceDb } from '../../../../src/main/platform/workspace/db';
import { SnapshotStore } from '../../../../src/main/features/snapshots/snapshot-store';
import { ListStore } from '../../../../src/main/features/lists/list-store';
import type { SnapshotView } from '../../../../src/shared/snapshots/snapshot';
import { company, openAt, tempWorkspaceDir } from '../../platform/workspace/helpers';

let db: WorkspaceDb;
let cleanup: () => void;
let lists: ListStore;
let snaps: SnapshotStore;
beforeEach(() => {
  const t = tempWorkspaceDir();
  cleanup = t.cleanup;
  db = openAt(t.file);
  lists = new ListStore(db, 'p');
  snaps = new SnapshotStore(db);
});
afterEach(() => {
  db.close();
  cleanup();
});

const CITIES = ['Hamburg', 'Berlin', 'Munich'];
const FORMS = ['GmbH', 'SE', 'AG'];
const COUNTRIES = ['DE', 'AT'];
/** 60 rows over cities, legal forms and countries; row 7 twice (the service sent it on two pages). */
function loaded(): number {
  const records = Array.from({ length: 60 }, (_, i) =>
    company(i + 1, { city: CITIES[i % 3], legal_form: FORMS[Math.floor(i / 3) % 3], country: COUNTRIES[Math.floor(i / 9) % 2], employee_count: i * 40 }),
  );
  records.push(records[6]!);
  const s = snaps.create({ profileId: 'p', query: {}, pageSize: 200, rowCap: 1000, startedAt: 1 });
  snaps.append(s.id, records);
  snaps.finish(s.id, { status: 'complete', finishedAt: 2 });
  return s.id;
}

/** The company ids the view shows, in its order, read page by page as the grid reads them. */
function shown(id: number, view: SnapshotView): string[] {
  const out: string[] = [];
  for (let offset = 0; ; offset += 7) {
    const { total, records } = snaps.page(id, view, offset, 7);
    out.push(...records.map((r) => String(r.company_id)));
    if (offset + 7 >= total) return out;
  }
}
const members = (listId: number) => lists.memberIds(listId);

describe('a list from a snapshot view', () => {
  it('holds exactly the rows the text filter and facets show (66 of 917 in the analyst report, here 7 of 61)', () => {
    const id = loaded();
    const view: SnapshotView = { text: 'Hamburg', facets: { legal_form: ['GmbH', 'SE'] }, sort: { field: 'employee_count', direction: 'desc' } };
    const rows = shown(id, view);
    expect(rows.length).toBeGreaterThan(3);
    expect(rows.length).toBeLessThan(20);
    const r = lists.createFromSnapshot('Hamburg GmbH and SE', id, view);
    expect(new Set(members(r.list.id))).toEqual(new Set(rows));
    expect([r.added, r.alreadyIn, r.list.memberCount]).toEqual([rows.length, 0, rows.length]);
    // The members keep the service's order (the sort is the view's, not the list's).
    expect(members(r.list.id)).toEqual(shown(id, { ...view, sort: undefined }));
  });

  it('takes every row only without a view (the explicit "Save all")', () => {
    const id = loaded();
    const all = lists.createFromSnapshot('All', id);
    expect(all.list.memberCount).toBe(60);
    expect(members(all.list.id)).toEqual([...new Set(shown(id, {}))]);
  });

  it('adds a view to an existing list, counting the rows already in it', () => {
    const id = loaded();
    const { list } = lists.createList({ name: 'Mine', companies: [{ companyId: company(1).company_id }] });
    const view: SnapshotView = { facets: { country: ['DE'], legal_form: ['GmbH'] } };
    const rows = shown(id, view);
    expect(rows).toContain(company(1).company_id);
    const r = lists.addSnapshot(list.id, id, view);
    expect([r.added, r.alreadyIn]).toEqual([new Set(rows).size - 1, 1]);
    expect(new Set(members(list.id))).toEqual(new Set(rows));
  });

  it('equals the view for any text and facet choices (property)', () => {
    const id = loaded();
    const view = fc.record(
      {
        text: fc.constantFrom('', 'Hamburg', 'berl', 'Company 1', 'Munich Company'),
        facets: fc.record(
          { legal_form: fc.subarray(FORMS), country: fc.subarray(COUNTRIES), employee_band: fc.subarray([0, 10, 50, 250, 1000]) },
          { requiredKeys: [] },
        ),
      },
      { requiredKeys: ['facets'] },
    );
    let n = 0;
    fc.assert(
      fc.property(view, (v) => {
        const { list } = lists.createFromSnapshot(`L${n++}`, id, v);
        expect(new Set(members(list.id))).toEqual(new Set(shown(id, v)));
      }),
      { numRuns: 60 },
    );
  });
});
