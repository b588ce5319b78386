// A company's field changes in one check read as one change (issue 38): an address move is "moved",
// the other fields are named, and entered, left and single changes stay rows of their own.
import { describe, expect, it } from 'vitest';
import type { WatchChange } from '../../../src/shared/watches/watches';
import { groupCompanyFields, groupSummary } from '../../../src/renderer/watches/change-groups';

let id = 0;
const change = (companyId: string, kind: WatchChange['kind'], field: string | null = null): WatchChange => ({
  id: ++id,
  watchId: 1,
  checkId: 1,
  kind,
  companyId,
  companyName: `Company ${companyId}`,
  field,
  module: null,
  oldValue: 'a',
  newValue: 'b',
  detail: null,
  read: false,
  at: 0,
});

describe('groupCompanyFields', () => {
  it('puts a company’s field changes together where the first one was; the rest stay rows', () => {
    const rows = [change('x', 'entered'), change('a', 'field', 'address.street'), change('b', 'field', 'employee_count'), change('a', 'field', 'address.city'), change('a', 'field', 'employee_count'), change('y', 'left')];
    const entries = groupCompanyFields(rows);
    expect(entries.map((e) => (e.kind === 'one' ? `${e.change.kind} ${e.change.companyId}` : `fields ${e.companyId} ${e.changes.length}`))).toEqual(['entered x', 'fields a 3', 'field b', 'left y']);
    // Nothing is lost: every row is in exactly one entry.
    expect(entries.flatMap((e) => (e.kind === 'one' ? [e.change.id] : e.changes.map((c) => c.id))).sort((p, q) => p - q)).toEqual(rows.map((r) => r.id));
  });
});

describe('groupSummary', () => {
  it('an address move is one "moved", other fields are named', () => {
    const moved = [change('a', 'field', 'address.street'), change('a', 'field', 'address.postal_code'), change('a', 'field', 'address.city'), change('a', 'field', 'address.country')];
    expect(groupSummary(moved)).toBe('moved (street, postal code, city, country)');
    expect(groupSummary([...moved, change('a', 'field', 'employee_count'), change('a', 'field', 'revenue')])).toBe('moved (street, postal code, city, country); employee count and revenue changed');
    expect(groupSummary([change('a', 'field', 'employee_count'), change('a', 'field', 'revenue')])).toBe('employee count and revenue changed');
  });
});
