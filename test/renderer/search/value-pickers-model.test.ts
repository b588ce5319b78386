// Parsing and serialising the new value kinds: chips, between, numbers, countries by name, relations by
// label, catalogue problems flagged before a request, and a 400's field path mapped to its row.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  addChips,
  bodyToState,
  buildBody,
  checkCondition,
  emptyCondition,
  fieldTarget,
  listItems,
  removeChip,
  serialise,
  splitChipText,
  type BuilderState,
  type Condition,
} from '../../../src/renderer/state/filter-model';
import { checkRun, editBodyText, editorText } from '../../../src/renderer/state/query-model';
import { initialSearchState } from '../../../src/renderer/state/search-state';
import { ISO_COUNTRY_CODES } from '../../../src/shared/service/classifications';
import {
  countryName,
  industryTree,
  parseRelation,
  relationText,
  resolveCountry,
  searchCountries,
} from '../../../src/renderer/ui/value-catalogue';
import { valueOptions } from '../../../src/renderer/search/pickers/value-options';

const state = (op: 'and' | 'or', ...conditions: Condition[]): BuilderState => ({ op, conditions });

describe('chips for in / not_in', () => {
  it('splits "AT, CH" into two values, a pasted column on its lines and tabs only', () => {
    expect(splitChipText('AT, CH')).toEqual(['AT', 'CH']);
    expect(splitChipText(' AT ,, CH ,')).toEqual(['AT', 'CH']);
    expect(splitChipText('GmbH\r\nCo., Ltd.\n\nAG')).toEqual(['GmbH', 'Co., Ltd.', 'AG']);
    expect(splitChipText('DE\tFR\tIT')).toEqual(['DE', 'FR', 'IT']);
  });

  it('adds chips once each, country names as codes, and removes one by position', () => {
    let c = emptyCondition('country', 'in');
    c = addChips(c, splitChipText('AT, CH'));
    expect(listItems(c)).toEqual(['AT', 'CH']);
    c = addChips(c, ['Germany', 'CH', 'ch']);
    expect(listItems(c)).toEqual(['AT', 'CH', 'DE']);
    expect(buildBody(state('and', c))).toEqual({ ok: true, body: { filters: { and: [{ attribute: 'country', relation: 'in', value: ['AT', 'CH', 'DE'] }] } } });
    expect(listItems(removeChip(c, 1))).toEqual(['AT', 'DE']);
  });

  it('numeric chips are sent as numbers; an entry that is not one is named', () => {
    const c = addChips(emptyCondition('employee_count', 'not_in'), ['10', '250']);
    expect(buildBody(state('and', c))).toMatchObject({ ok: true, body: { filters: { and: [{ value: [10, 250] }] } } });
    const bad = addChips(c, ['many']);
    expect(checkCondition(bad).errors.value).toMatch(/"many" must be a number/);
  });

  it('an empty list is flagged', () => {
    expect(checkCondition(emptyCondition('country', 'in')).errors.value).toMatch(/at least one value/);
  });
});

describe('between and numbers', () => {
  it('a numeric attribute takes a number; between takes two bounds', () => {
    const n = { ...emptyCondition('revenue', 'greater_than'), input: '1e6' };
    expect(n.kind).toBe('number');
    const r = { ...emptyCondition('founding_year', 'between'), low: '1990', high: '1999' };
    expect(buildBody(state('and', n, r))).toEqual({
      ok: true,
      body: { filters: { and: [{ attribute: 'revenue', relation: 'greater_than', value: 1e6 }, { attribute: 'founding_year', relation: 'between', value: [1990, 1999] }] } },
    });
    expect(checkCondition({ ...r, high: '' }).errors.value).toMatch(/To is required/);
    expect(checkCondition({ ...n, input: '' }).errors.value).toMatch(/Value is required/);
  });
});

describe('catalogue problems are flagged before a request', () => {
  it('an empty value, an unknown attribute or relation, a country name instead of its code', () => {
    expect(checkCondition({ ...emptyCondition('city', 'equals'), input: '  ' }).errors.value).toBe('Enter a value.');
    expect(checkCondition({ ...emptyCondition('colour', 'equals'), input: 'red' }).errors.attribute).toMatch(/Unknown attribute "colour"/);
    expect(checkCondition({ ...emptyCondition('city', 'near'), input: '"x"' }).errors.relation).toMatch(/Unknown relation "near".*greater than/);
    expect(checkCondition({ ...emptyCondition('country', 'equals'), input: 'Germany' }).errors.value).toMatch(/ISO code DE/);
    expect(checkCondition({ ...emptyCondition('country', 'equals'), input: 'XX' }).errors.value).toMatch(/not an ISO country code/);
    expect(checkCondition({ ...emptyCondition('country', 'equals'), input: 'de' }).errors).toEqual({});
  });

  it('Search is off with the condition and the reason named', () => {
    const s = { ...initialSearchState(), builder: state('and', { ...emptyCondition('country', 'equals'), input: 'DE' }, emptyCondition('city', 'equals')) };
    expect(checkRun(s)).toEqual({ ok: false, where: 'builder', reason: 'Search is off until the filters are complete. Fix condition 2: Enter a value.' });
  });

  it('nothing entered yet is a hint of what to do, not an error; one attribute typed makes it an error', () => {
    const start = initialSearchState();
    expect(checkRun(start)).toEqual({ ok: false, where: 'builder', reason: 'Choose an attribute, a relation and a value, then press Search.', blank: true });
    const typed = { ...start, builder: state('and', emptyCondition('city', 'equals')) };
    expect(checkRun(typed)).toEqual({ ok: false, where: 'builder', reason: 'Search is off until the filters are complete. Fix condition 1: Enter a value.' });
  });
});

describe('the JSON editor shows exactly what the builder holds', () => {
  it('a pasted body with an unknown attribute becomes conditions as written, and Search is off on that row', () => {
    const body = { filters: { and: [{ attribute: 'colour', relation: 'in', value: ['red', 'blue'] }] } };
    const text = JSON.stringify(body);
    const s = { ...initialSearchState(), ...editBodyText(text) };
    expect(s.editor.problem).toBeUndefined();
    expect(listItems(s.builder!.conditions[0]!)).toEqual(['red', 'blue']);
    expect(editorText({ builder: s.builder!, editor: s.editor })).toBe(text);
    expect(checkRun({ ...s, builder: s.builder! })).toMatchObject({ ok: false, where: 'builder', reason: expect.stringMatching(/condition 1: Unknown attribute "colour"/) });
  });
});

describe('countries by name, relations by label', () => {
  it('typing "Germ" offers Germany with the code DE; exact names and codes resolve', () => {
    expect(searchCountries('Germ', 'en')[0]).toEqual({ code: 'DE', name: 'Germany' });
    expect(searchCountries('switz', 'en').map((c) => c.code)).toContain('CH');
    expect(resolveCountry('germany', 'en')).toBe('DE');
    expect(resolveCountry('Deutschland', 'de')).toBe('DE');
    expect(resolveCountry('at', 'en')).toBe('AT');
    expect(resolveCountry('Atlantis', 'en')).toBeNull();
    expect(countryName('ch', 'en')).toBe('Switzerland');
    expect(countryName('XX', 'en')).toBeUndefined();
    expect(ISO_COUNTRY_CODES).toHaveLength(249);
  });

  it('a relation typed as its label, words, name or symbol is that relation', () => {
    expect(parseRelation('greater than')).toBe('greater_than');
    expect(parseRelation('Greater  Than')).toBe('greater_than');
    expect(parseRelation('greater_than')).toBe('greater_than');
    expect(parseRelation('is one of')).toBe('in');
    expect(parseRelation('does not equal')).toBe('not_equals');
    expect(parseRelation('>')).toBe('greater_than');
    expect(parseRelation('greater')).toBeNull();
    expect(relationText('not_in')).toBe('is none of');
    expect(relationText('custom')).toBe('custom');
  });

  it('the industry tree: divisions with their classes, found by code or label, snapshot classes added', () => {
    const soft = industryTree('software');
    expect(soft.map((d) => d.code)).toContain('58');
    expect(soft.find((d) => d.code === '58')?.classes.map((c) => c.code)).toEqual(['58.29']);
    const div62 = industryTree('62');
    expect(div62[0]).toMatchObject({ code: '62', classes: [{ code: '62.01' }, { code: '62.02' }] });
    expect(industryTree('62.09', ['62.09'])[0]!.classes.map((c) => c.code)).toEqual(['62.09']);
    expect(industryTree('veterinary').length).toBe(0);
    expect(industryTree('veterinary', [], true)[0]!.code).toBe('75');
    const groups = valueOptions({ attribute: 'industry_code', relation: 'starts_with', query: '62', seen: [{ key: '62.01', count: 7 }] });
    expect(groups[0]!.options.map((o) => o.value)).toEqual(['62', '62.01', '62.02']);
    expect(groups[0]!.options[1]!.detail).toMatch(/7 in loaded results/);
  });

  it('country suggestions put values seen in the loaded snapshot first and skip chosen chips', () => {
    const groups = valueOptions({ attribute: 'country', relation: 'in', query: 'a', seen: [{ key: 'AT', count: 3 }, { key: 'DE', count: 9 }], exclude: ['AU'] });
    expect(groups[0]).toMatchObject({ label: 'In the loaded results', options: [{ value: 'AT', label: 'Austria' }] });
    expect(groups[1]!.options.map((o) => o.value)).not.toContain('AU');
  });
});

describe('a 400 field path names its row', () => {
  const s = state('and', emptyCondition('country'), emptyCondition('city'));
  it('maps filters.and[1].value to condition 2, value', () => {
    expect(fieldTarget('filters.and[1].value', s)).toEqual({ index: 1, part: 'value' });
    expect(fieldTarget('filters.and[0].relation', s)).toEqual({ index: 0, part: 'relation' });
    expect(fieldTarget('filters.and[0]', s)).toEqual({ index: 0, part: null });
  });
  it('names no row for another wrapper, a missing index or a body-level field', () => {
    expect(fieldTarget('filters.or[1].value', s)).toBeNull();
    expect(fieldTarget('filters.and[2].value', s)).toBeNull();
    expect(fieldTarget('filters', s)).toBeNull();
    expect(fieldTarget(undefined, s)).toBeNull();
  });
});

describe('builder → body → builder is stable for the new value kinds (property)', () => {
  const code = fc.constantFrom(...ISO_COUNTRY_CODES);
  const chipText = fc.string({ minLength: 1, maxLength: 12 }).filter((s) => s.trim() !== '' && !/[\n,\t\r]/.test(s));
  const num = fc.oneof(fc.integer({ min: -1e9, max: 1e9 }), fc.double({ min: -1e12, max: 1e12, noNaN: true, noDefaultInfinity: true }));
  const condition: fc.Arbitrary<Condition> = fc.oneof(
    fc.tuple(fc.constantFrom('in', 'not_in'), fc.uniqueArray(code, { minLength: 1, maxLength: 5 })).map(([rel, codes]) => addChips(emptyCondition('country', rel), codes)),
    fc.tuple(fc.constantFrom('in', 'not_in'), fc.uniqueArray(chipText, { minLength: 1, maxLength: 5 })).map(([rel, v]) => addChips(emptyCondition('city', rel), v)),
    fc.tuple(fc.constantFrom('in', 'not_in'), fc.uniqueArray(fc.integer({ min: 0, max: 1e6 }), { minLength: 1, maxLength: 5 })).map(([rel, v]) =>
      addChips(emptyCondition('employee_count', rel), v.map(String)),
    ),
    fc.tuple(num, num).map(([a, b]) => ({ ...emptyCondition('revenue', 'between'), low: String(Math.min(a, b)), high: String(Math.max(a, b)) })),
    fc.tuple(fc.constantFrom('greater_than', 'less_than', 'equals'), num).map(([rel, v]) => ({ ...emptyCondition('revenue', rel), input: String(v) })),
    code.map((c) => ({ ...emptyCondition('country', 'equals'), input: c })),
  );
  it('round-trips through the exact body', () => {
    fc.assert(
      fc.property(fc.constantFrom('and' as const, 'or' as const), fc.array(condition, { minLength: 1, maxLength: 5 }), (op, conditions) => {
        const built = buildBody(state(op, ...conditions));
        expect(built.ok).toBe(true);
        if (!built.ok) return;
        const back = bodyToState(JSON.parse(JSON.stringify(built.body)));
        expect(back.ok).toBe(true);
        if (!back.ok) return;
        expect(serialise(back.state)).toEqual({ body: built.body, exact: true });
        expect(back.state.conditions.map((c) => c.kind)).toEqual(conditions.map((c) => c.kind));
        expect(back.state.conditions.map(listItems)).toEqual(conditions.map(listItems));
        // And the second trip changes nothing.
        const again = bodyToState(serialise(back.state).body);
        expect(again.ok && again.state.conditions.map(({ id: _i, ...c }) => c)).toEqual(back.state.conditions.map(({ id: _i, ...c }) => c));
      }),
      { numRuns: Number(process.env.FC_RUNS ?? 200) },
    );
  });
});
