import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  buildBody,
  changeKind,
  checkCondition,
  defaultKind,
  emptyCondition,
  parseBodyText,
  serialise,
  type BuilderState,
} from '../../../src/renderer/state/filter-model';
import { toTsv } from '../../../src/shared/search/tsv';

const state = (op: 'and' | 'or', ...conditions: BuilderState['conditions']): BuilderState => ({ op, conditions });

describe('builder → body', () => {
  it('writes exactly the spec body for a two-condition and', () => {
    const a = { ...emptyCondition('country', 'equals'), input: 'NO' };
    const b = { ...emptyCondition('employee_count', 'between'), low: '10', high: '250' };
    expect(b.kind).toBe('range');
    expect(buildBody(state('and', a, b))).toEqual({
      ok: true,
      body: { filters: { and: [{ attribute: 'country', relation: 'equals', value: 'NO' }, { attribute: 'employee_count', relation: 'between', value: [10, 250] }] } },
    });
  });

  it('picks editors by relation and attribute', () => {
    expect(defaultKind('country', 'in')).toBe('list');
    expect(defaultKind('revenue', 'greater_than')).toBe('number');
    expect(defaultKind('anything', 'equals')).toBe('text');
    expect(defaultKind('anything', 'near')).toBe('json');
  });

  it('validates inline and reports a draft with the raw input', () => {
    const bad = { ...emptyCondition('revenue', 'greater_than'), input: '12abc' };
    const noAttr = { ...emptyCondition('', 'equals'), input: 'x' };
    const r = buildBody(state('or', bad, noAttr));
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.problems).toBe(2);
      expect(r.draft).toEqual({ filters: { or: [{ attribute: 'revenue', relation: 'greater_than', value: '12abc' }, { attribute: '', relation: 'equals', value: 'x' }] } });
    }
    const range = { ...emptyCondition('employee_count', 'between'), low: '9', high: '3' };
    expect(buildBody(state('and', range)).ok).toBe(true);
    expect(checkCondition(range).hint).toMatch(/min <= max|From is greater than To/);
  });
});

describe('JSON text → builder', () => {
  it('turns a pasted body into conditions and back to the same body', () => {
    const body = {
      filters: {
        or: [
          { attribute: 'country', relation: 'in', value: ['NO', 'SE'] },
          { attribute: 'employee_count', relation: 'in', value: [1, 2] },
          { attribute: 'name', relation: 'contains', value: 'Ørsted "A/S"' },
          { attribute: 'revenue', relation: 'greater_than', value: 1.5e6 },
          { attribute: 'x', relation: 'custom_rel', value: { deep: [1, null] } },
          { attribute: 'y', relation: 'in', value: ['a\nb', 'c'] },
          { attribute: 'z', relation: 'equals', value: null },
        ],
      },
    };
    const parsed = parseBodyText(JSON.stringify(body));
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.state.op).toBe('or');
    expect(parsed.state.conditions.map((c) => c.kind)).toEqual(['list', 'list', 'text', 'number', 'json', 'json', 'json']);
    // Shown exactly; attributes the catalogue does not know (x, y, z) keep Search off.
    expect(serialise(parsed.state)).toEqual({ body, exact: true });
    expect(buildBody(parsed.state)).toMatchObject({ ok: false, problems: 3 });
  });

  it('round-trips any valid body exactly (property)', () => {
    const scalar = fc.oneof(fc.string(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.integer(), fc.boolean(), fc.constant(null));
    const filter = fc.record({
      attribute: fc.string({ minLength: 1 }).filter((s) => s.trim() !== ''),
      relation: fc.oneof(fc.constantFrom('equals', 'in', 'not_in', 'between', 'contains'), fc.string({ minLength: 1 }).filter((s) => s.trim() !== '')),
      value: fc.oneof(scalar, fc.array(scalar, { minLength: 1, maxLength: 4 }), fc.jsonValue()),
    });
    fc.assert(
      fc.property(fc.constantFrom('and', 'or'), fc.array(filter, { minLength: 1, maxLength: 5 }), (op, filters) => {
        const body = JSON.parse(JSON.stringify({ filters: { [op]: filters } }));
        const parsed = parseBodyText(JSON.stringify(body));
        expect(parsed.ok).toBe(true);
        if (parsed.ok) expect(serialise(parsed.state)).toEqual({ body, exact: true });
      }),
      { numRuns: Number(process.env.FC_RUNS ?? 300) },
    );
  });

  it('points at invalid JSON instead of losing it', () => {
    const text = '{\n  "filters": {\n    "and": [ { "attribute": "a", }\n  ]\n}';
    const r = parseBodyText(text);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.line).toBe(3);
      expect(r.message).toMatch(/line 3/);
    }
  });

  it('names a structural problem', () => {
    const r = parseBodyText('{"filters":{"and":[],"or":[]}}');
    expect(r).toMatchObject({ ok: false, message: expect.stringMatching(/both "and" and "or"/) });
  });
});

describe('changeKind', () => {
  it('carries values between editors', () => {
    const c = { ...emptyCondition('country', 'equals'), input: 'NO' };
    const l = changeKind(c, 'list');
    expect(l.items).toBe('NO');
    expect(changeKind(l, 'json').input).toBe('["NO"]');
    const r = changeKind({ ...emptyCondition('revenue', 'in'), items: '5\n9' }, 'range');
    expect([r.low, r.high, r.numeric]).toEqual(['5', '9', true]);
  });
});

describe('toTsv', () => {
  it('quotes tabs, newlines and quotes, defuses formulas and flattens nested fields', () => {
    const tsv = toTsv([{ company_id: '1', name: 'A\t"B"\nC', hq: { city: '=SUM(A1)' }, n: -5 }], ['company_id', 'name', 'hq.city', 'n', 'missing']);
    expect(tsv).toBe('company_id\tname\thq.city\tn\tmissing\n1\t"A\t""B""\nC"\t\'=SUM(A1)\t-5\t');
  });
});
