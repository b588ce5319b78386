// How grid cells and headers read: catalogue labels, locale numbers, money, years, chips, nested text,
// the shortened company id; and name as the first column unless the analyst ordered them.
import { describe, expect, it } from 'vitest';
import { fieldDisplay, fieldLabel } from '../../../../src/shared/service/catalogue';
import { createCellFormatter } from '../../../../src/renderer/ui/grid/cell-format';
import { emptyPrefs, orderedColumns, visibleColumns } from '../../../../src/renderer/ui/grid/column-prefs';

const en = createCellFormatter('en-US');
const de = createCellFormatter('de-DE');
const text = (v: ReturnType<typeof en.cell>) => (v.kind === 'chips' ? v.items : v.text);

describe('header labels', () => {
  it('come from the catalogue, with labels for fields that are not search attributes', () => {
    expect(fieldLabel('employee_count')).toBe('Employees');
    expect(fieldLabel('revenue')).toBe('Revenue (USD)');
    expect(fieldLabel('founding_year')).toBe('Founded');
    expect(fieldLabel('company_id')).toBe('Company ID');
    expect(fieldLabel('identifiers.vat')).toBe('VAT number');
    expect(fieldLabel('address.city')).toBe('Address city');
    expect(fieldLabel('tags')).toBe('Tags');
  });
  it('reads an unknown dotted field as words', () => {
    expect(fieldLabel('ownership.parent_company')).toBe('Ownership › Parent company');
  });
  it('knows which fields are money, years and ids', () => {
    expect(fieldDisplay('revenue')).toEqual({ label: 'Revenue (USD)', format: 'currency', currency: 'USD' });
    expect(fieldDisplay('founding_year').format).toBe('year');
    expect(fieldDisplay('employee_count').format).toBe('integer');
    expect(fieldDisplay('company_id').format).toBe('id');
  });
});

describe('cell values', () => {
  it('formats revenue compactly, with the exact grouped amount as the full value', () => {
    expect(en.cell('revenue', 986_608_000)).toEqual({ kind: 'text', text: '$986.6M', full: '$986,608,000', numeric: true });
    const german = de.cell('revenue', 986_608_000);
    expect(german.full.replace(/\s/g, ' ')).toBe('986.608.000 $');
  });
  it('groups counts in the locale and leaves years ungrouped', () => {
    expect(text(en.cell('employee_count', 12_345))).toBe('12,345');
    expect(text(de.cell('employee_count', 12_345))).toBe('12.345');
    expect(text(en.cell('founding_year', 1987))).toBe('1987');
    expect(text(de.cell('founding_year', 2003))).toBe('2003');
    expect(text(en.cell('some_ratio', 1234.5678))).toBe('1,234.57');
  });
  it('shows lists as chips and nested objects as key: value text, never [object Object] or JSON', () => {
    expect(en.cell('tags', ['fintech', 'b2b'])).toEqual({ kind: 'chips', items: ['fintech', 'b2b'], full: 'fintech, b2b' });
    const nested = en.cell('address', { street: '1 Main', geo: { lat: 1.5, lng: 2 } });
    expect(nested).toMatchObject({ kind: 'text', text: 'street: 1 Main; geo: (lat: 1.5, lng: 2)' });
    const offices = en.cell('offices', [{ city: 'Oslo' }, { city: 'Bergen', staff: 1200 }]);
    expect(offices).toEqual({ kind: 'chips', items: ['city: Oslo', 'city: Bergen; staff: 1,200'], full: 'city: Oslo, city: Bergen; staff: 1,200' });
    for (const v of [nested, offices]) expect([v.full, text(v)].flat().join(' ')).not.toMatch(/object Object|[{}"]/);
    expect(text(en.cell('identifiers', {}))).toBe('');
    expect(text(en.cell('address', null))).toBe('');
    expect(text(en.cell('listed', true))).toBe('yes');
  });
  it('shortens the company id and keeps the whole id as the full value', () => {
    expect(en.cell('company_id', '2f1c6b1e-8d4a-4c1e-9a0b-3e5d7f9a1b2c')).toEqual({ kind: 'id', text: '2f1c6b1e…', full: '2f1c6b1e-8d4a-4c1e-9a0b-3e5d7f9a1b2c' });
    expect(en.cell('company_id', 'c1')).toEqual({ kind: 'id', text: 'c1', full: 'c1' });
  });
});

describe('column order', () => {
  const data = ['company_id', 'name', 'country', 'revenue'];
  it('puts the name first by default, the id after it', () => {
    expect(orderedColumns(data, emptyPrefs())).toEqual(['name', 'company_id', 'country', 'revenue']);
  });
  it('keeps the order, hidden columns and widths saved with a search before this change', () => {
    const saved = { order: ['company_id', 'revenue', 'name'], hidden: ['country'], widths: { company_id: 300 } };
    expect(visibleColumns(data, saved)).toEqual(['company_id', 'revenue', 'name']);
  });
});

describe('service text in grid cells (issue 36)', () => {
  it('shows names, chips and nested text without bidi controls', () => {
    expect(text(en.cell('name', 'Acme \u202Egnp.exe'))).toBe('Acme gnp.exe');
    expect(text(en.cell('tags', ['a\u2067b']))).toEqual(['ab']);
    expect(text(en.cell('address', { 'ci\u202Ety': 'K\u202Eöln' }))).toBe('city: Köln');
  });
});
