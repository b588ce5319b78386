// NACE sections in the industry picker (issue 27): the 21 sections cover every division once, a section is
// sent as what the service can match (`in` over its classes, a prefix for a one-division section), and the
// sandbox answers exactly the companies of the section.
import { describe, expect, it } from 'vitest';
import { resolveAttribute, searchAttributes } from '../../../src/renderer/search/pickers/attribute-options';
import { findSection, searchSections, sectionChips, sectionClasses, sectionCondition, sectionNote, sectionOf, SECTIONS } from '../../../src/renderer/search/pickers/nace-sections';
import { valueOptions } from '../../../src/renderer/search/pickers/value-options';
import { generateCompanies } from '../../../src/sandbox/dataset';
import { compileSearch, parseSearchBody } from '../../../src/sandbox/search-filters';
import { NACE_DIVISIONS } from '../../../src/shared/service/classifications';

const section = (letter: string) => findSection(letter)!;

describe('NACE sections', () => {
  it('are the 21 sections A–U, each division in exactly one', () => {
    expect(SECTIONS.map((s) => s.letter).join('')).toBe('ABCDEFGHIJKLMNOPQRSTU');
    for (const [div] of NACE_DIVISIONS) expect(SECTIONS.filter((s) => div >= s.first && div <= s.last), div).toHaveLength(1);
    expect(section('C')).toMatchObject({ label: 'Manufacturing', first: '10', last: '33' });
    expect(sectionOf('62.01')?.letter).toBe('J');
    expect(sectionOf('33')?.letter).toBe('C');
    expect(sectionOf('software')).toBeUndefined();
  });

  it('are found by letter (that one first) or a word of the label', () => {
    expect(searchSections('c')[0]!.letter).toBe('C');
    expect(searchSections('Manuf').map((s) => s.letter)).toEqual(['C']);
    expect(searchSections('financ').map((s) => s.letter)).toEqual(['K']);
    expect(searchSections('62')).toEqual([]);
  });

  it('send `in` over their classes; not_in stays negative; starts_with a one-division section is its prefix', () => {
    expect(sectionClasses(section('C'))).toEqual(['10.71', '11.05', '20.14', '21.20', '24.10', '26.20', '27.11', '29.10']);
    expect(sectionClasses(section('C'), ['10.72', '62.01'])).toContain('10.72');
    expect(sectionClasses(section('C'), ['62.01'])).not.toContain('62.01');
    expect(sectionCondition(section('C'), 'in')).toEqual({ relation: 'in', value: sectionClasses(section('C')) });
    expect(sectionCondition(section('C'), 'equals').relation).toBe('in');
    expect(sectionCondition(section('C'), 'not_equals').relation).toBe('not_in');
    expect(sectionCondition(section('C'), 'starts_with').relation).toBe('in');
    expect(sectionCondition(section('D'), 'starts_with')).toEqual({ relation: 'starts_with', value: '35' });
    expect(sectionNote('C', 'equals', 'in', 8)).toBe('Section C has no single code that "equals" can match: this condition now sends "is one of" with its 8 classes.');
  });

  it('select exactly the sandbox companies of the section (seed 42, 25,000 companies, as E2E serves)', () => {
    const companies = generateCompanies(42, 25_000);
    for (const s of SECTIONS) {
      const sent = sectionCondition(s, 'in');
      const inSection = companies.filter((c) => sectionOf(c.industry_code) === s).map((c) => c.company_id);
      if ((sent.value as string[]).length === 0) {
        expect(inSection, s.letter).toEqual([]);
        continue;
      }
      const match = compileSearch(parseSearchBody({ filters: { and: [{ attribute: 'industry_code', ...sent }] } }));
      expect(companies.filter(match).map((c) => c.company_id), s.letter).toEqual(inSection);
    }
    const one = compileSearch(parseSearchBody({ filters: { and: [{ attribute: 'industry_code', ...sectionCondition(section('D'), 'starts_with') }] } }));
    expect(companies.filter(one).length).toBe(companies.filter((c) => sectionOf(c.industry_code)?.letter === 'D').length);
  });

  it('show as one chip when a list holds every known class of the section (two at least)', () => {
    const c = sectionClasses(section('C'));
    expect(sectionChips([...c, '62.01'])).toEqual([{ section: section('C'), codes: c }]);
    expect(sectionChips(c.slice(1))).toEqual([]);
    // Section A has one known class: a single class is not shown as a section.
    expect(sectionChips(['01.11'])).toEqual([]);
  });
});

describe('industry picker options', () => {
  it('offer the section before its divisions, with its classes to pick at once', () => {
    const groups = valueOptions({ attribute: 'industry_code', relation: 'in', query: 'Manuf', seen: [] });
    expect(groups[0]!.label).toBe('Section C (divisions 10–33)');
    expect(groups[0]!.options[0]).toMatchObject({ label: 'C Manufacturing', values: sectionClasses(section('C')), detail: 'whole section: 8 classes' });
    expect(groups[1]!.label).toMatch(/^10 Manufacture of food products/);
  });

  it('put a section typed by its letter first; leave out a section already chosen or with no class to send', () => {
    expect(valueOptions({ attribute: 'industry_code', relation: 'in', query: 'c', seen: [] })[0]!.options[0]!.label).toBe('C Manufacturing');
    const chosen = valueOptions({ attribute: 'industry_code', relation: 'in', query: 'c', seen: [], exclude: sectionClasses(section('C')) });
    expect(chosen.flatMap((g) => g.options).some((o) => o.label === 'C Manufacturing')).toBe(false);
    // Section O (84) has no class the catalogue knows: nothing to send with `in`, a prefix with starts_with.
    expect(valueOptions({ attribute: 'industry_code', relation: 'in', query: 'o', seen: [] }).flatMap((g) => g.options).some((o) => o.label.startsWith('O '))).toBe(false);
    const prefix = valueOptions({ attribute: 'industry_code', relation: 'starts_with', query: 'o', seen: [] })[0]!.options[0]!;
    expect(prefix).toMatchObject({ value: '84', label: 'O Public administration and defence; compulsory social security' });
    expect(prefix.values).toBeUndefined();
  });
});

describe('attributes by label or field name', () => {
  it('resolve a whole label or name in any case, trimmed; never a prefix', () => {
    expect(resolveAttribute('Country')).toBe('country');
    expect(resolveAttribute('  COUNTRY ')).toBe('country');
    expect(resolveAttribute('country')).toBe('country');
    expect(resolveAttribute('Industry code')).toBe('industry_code');
    expect(resolveAttribute('Industry')).toBe('industry_label');
    expect(resolveAttribute('Employees')).toBe('employee_count');
    expect(resolveAttribute('Coun')).toBeNull();
    expect(resolveAttribute('')).toBeNull();
  });

  it('are suggested whole match first, then by prefix', () => {
    expect(searchAttributes('Country')[0]!.name).toBe('country');
    expect(searchAttributes('co').map((a) => a.name).slice(0, 2)).toEqual(['company_id', 'country']);
    expect(searchAttributes('industry').map((a) => a.name)).toEqual(['industry_label', 'industry_code']);
  });
});
