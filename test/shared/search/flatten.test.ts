import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cellText, collectColumns, flattenRecord } from '../../../src/shared/search/flatten';

describe('flattenRecord', () => {
  it('turns nested objects into dotted keys and keeps arrays whole', () => {
    const flat = flattenRecord({ company_id: 'c1', address: { city: 'Oslo', geo: { lat: 1, lon: 2 } }, tags: ['a', { b: 1 }] });
    expect(flat).toEqual({ company_id: 'c1', 'address.city': 'Oslo', 'address.geo.lat': 1, 'address.geo.lon': 2, tags: ['a', { b: 1 }] });
  });

  it('keeps null, empty objects and primitive values under their own key', () => {
    expect(flattenRecord({ a: null, b: {}, c: 0, d: '', e: false })).toEqual({ a: null, b: {}, c: 0, d: '', e: false });
  });

  it('first key wins when a literal dotted key collides with a nested path', () => {
    expect(flattenRecord({ 'a.b': 'literal', a: { b: 'nested' } })).toEqual({ 'a.b': 'literal' });
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (rec) => {
        const once = flattenRecord(rec as Record<string, unknown>);
        expect(flattenRecord(once)).toEqual(once);
      }),
    );
  });
});

describe('collectColumns', () => {
  it('unions paths in first-seen order with company_id first; a nested field sits with its parent', () => {
    const cols = collectColumns([{ name: 'A', company_id: '1', hq: { city: 'X' } }, { name: 'B', company_id: '2', extra: 1, hq: { country: 'NO' } }]);
    expect(cols).toEqual(['company_id', 'name', 'hq.city', 'hq.country', 'extra']);
  });
  it('handles no records', () => {
    expect(collectColumns([])).toEqual([]);
  });
});

describe('cellText', () => {
  it('renders values as text', () => {
    expect(cellText(null)).toBe('');
    expect(cellText(undefined)).toBe('');
    expect(cellText('é "q"\nx')).toBe('é "q"\nx');
    expect(cellText(3.5)).toBe('3.5');
    expect(cellText(['a', 1])).toBe('["a",1]');
  });
});

describe('hostile keys', () => {
  it('keeps __proto__ as plain data', () => {
    const rec = JSON.parse('{"__proto__":{"polluted":1},"x":1}') as Record<string, unknown>;
    const flat = flattenRecord(rec);
    expect(Object.getPrototypeOf(flat)).toBe(Object.prototype);
    expect(flat['__proto__.polluted']).toBe(1);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
