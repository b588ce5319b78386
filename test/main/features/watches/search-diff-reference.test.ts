// The search diff against a straightforward reference (fast-check): both sets read whole into maps
// by company id (first row wins), entered, left and changed fields found by plain look-ups. The
// diff walks both sets side by side to keep few records alive; it must find exactly what the
// reference finds, in the same order, whatever the rows' order, duplicates, entries and exits.
import fc from 'fast-check';
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { FoundChange } from '../../../../src/main/features/watches/change-store';
import { byName, diffRecordSets, type RecordText } from '../../../../src/main/features/watches/search-diff';
import { flattenRecord } from '../../../../src/shared/search/flatten';

type Rec = Record<string, unknown>;

function firstById(rows: RecordText[]): Map<string, Rec> {
  const out = new Map<string, Rec>();
  for (const r of rows) if (!out.has(r.companyId)) out.set(r.companyId, JSON.parse(r.json) as Rec);
  return out;
}

const nameOf = (r: Rec): string | null => (typeof r.name === 'string' && r.name ? r.name : null);
const same = (a: unknown, b: unknown) => isDeepStrictEqual(a ?? null, b ?? null);

function referenceDiff(previous: RecordText[], next: RecordText[]): FoundChange[] {
  const a = firstById(previous);
  const b = firstById(next);
  const base = { field: null, module: null, oldValue: null, newValue: null, detail: null };
  const entered = [...b].filter(([id]) => !a.has(id)).map(([id, r]): FoundChange => ({ ...base, kind: 'entered', companyId: id, companyName: nameOf(r), newValue: r }));
  const left = [...a].filter(([id]) => !b.has(id)).map(([id, r]): FoundChange => ({ ...base, kind: 'left', companyId: id, companyName: nameOf(r), oldValue: r }));
  const fields: FoundChange[] = [];
  for (const [id, after] of b) {
    const before = a.get(id);
    if (!before) continue;
    const x = flattenRecord(before);
    const y = flattenRecord(after);
    const companyName = nameOf(after) ?? nameOf(before);
    const change = (field: string): FoundChange => ({ ...base, kind: 'field', companyId: id, companyName, field, oldValue: x[field] ?? null, newValue: y[field] ?? null });
    for (const f of Object.keys(y)) if (!same(x[f], y[f])) fields.push(change(f));
    for (const f of Object.keys(x)) if (!(f in y) && !same(x[f], null)) fields.push(change(f));
  }
  return [...entered.sort(byName), ...left.sort(byName), ...fields.sort(byName)];
}

const value = fc.oneof(fc.integer({ min: -3, max: 3 }), fc.constantFrom('a', 'b', 'Ärzte', ''), fc.constant(null), fc.array(fc.constantFrom('x', 'y'), { maxLength: 2 }), fc.record({ k: fc.constantFrom(1, 2) }, { requiredKeys: [] }));
const record = fc.record(
  {
    company_id: fc.constantFrom(...Array.from({ length: 15 }, (_, i) => `c${i}`)),
    name: fc.constantFrom('Acme', 'acme', 'Bolt GmbH', 'Ça va SA', ''),
    employee_count: value,
    address: fc.record({ city: value, street: value }, { requiredKeys: [] }),
    tags: value,
  },
  { requiredKeys: ['company_id'] },
);
const rows = (records: Rec[]): RecordText[] => records.map((r) => ({ companyId: String(r.company_id), json: JSON.stringify(r) }));
/** A second set from the first: rows kept, changed, moved, dropped, duplicated, or new. */
const sets = fc.array(record, { maxLength: 25 }).chain((first) =>
  fc.tuple(fc.constant(first), fc.array(fc.oneof(fc.nat({ max: Math.max(0, first.length - 1) }).map((i) => first[i] ?? { company_id: 'c0' }), record), { maxLength: 25 })),
);

describe('diffRecordSets against a reference', () => {
  it('finds what the reference finds, in the same order', () => {
    fc.assert(
      fc.property(sets, ([first, second]) => {
        expect(diffRecordSets(rows(first), rows(second))).toEqual(referenceDiff(rows(first), rows(second)));
        expect(diffRecordSets(rows(second), rows(first))).toEqual(referenceDiff(rows(second), rows(first)));
      }),
      { numRuns: 500 },
    );
  });

  it('finds the same when most rows are kept in order (the usual case: a side-by-side walk)', () => {
    const edits = fc.array(fc.tuple(fc.constantFrom('keep', 'drop', 'change', 'insert'), record), { maxLength: 30 });
    fc.assert(
      fc.property(fc.array(record, { maxLength: 30 }), edits, (first, ops) => {
        const second = first.flatMap((r, i): Rec[] => {
          const [op, other] = ops[i] ?? ['keep', r];
          if (op === 'drop') return [];
          if (op === 'change') return [{ ...other, company_id: r.company_id }];
          return op === 'insert' ? [other, r] : [r];
        });
        expect(diffRecordSets(rows(first), rows(second))).toEqual(referenceDiff(rows(first), rows(second)));
      }),
      { numRuns: 500 },
    );
  });
});
