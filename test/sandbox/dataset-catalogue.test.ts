// Dataset determinism and awkward values; catalogue consistency with the records.
import { describe, expect, it } from 'vitest';
import { ATTRIBUTES, RELATIONS, filterValueProblem, findAttribute } from '../../src/shared/service/catalogue';
import { CompanyRecordSchema } from '../../src/shared/service/schemas';
import { generateCompanies } from '../../src/sandbox/dataset';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('generateCompanies', () => {
  const all = generateCompanies(42, 25_000);

  it('is deterministic per seed, and a smaller count is a prefix', () => {
    expect(generateCompanies(42, 25_000)).toBe(all); // cached
    const fresh = generateCompanies(42, 300);
    expect(fresh.map((c) => c.company_id)).toEqual(all.slice(0, 300).map((c) => c.company_id));
    expect(JSON.stringify(fresh[17])).toBe(JSON.stringify(all[17]));
    const other = generateCompanies(43, 300);
    expect(other[0]!.company_id).not.toBe(all[0]!.company_id);
  });

  it('gives every record a unique UUID company_id and parses as a company record', () => {
    expect(new Set(all.map((c) => c.company_id)).size).toBe(all.length);
    for (const c of all) {
      expect(c.company_id).toMatch(UUID);
      CompanyRecordSchema.parse(c);
    }
  });

  it('holds awkward values the app must survive', () => {
    const names = all.map((c) => c.name);
    expect(names.some((n) => /^[=+\-@]/.test(n))).toBe(true);
    expect(names.some((n) => n.includes('\n'))).toBe(true);
    expect(names.some((n) => n.includes('"'))).toBe(true);
    expect(names.some((n) => n.includes(','))).toBe(true);
    expect(names.some((n) => /[^\u0000-\u024f]/.test(n))).toBe(true);
    expect(all.some((c) => !('website' in c))).toBe(true);
    expect(all.some((c) => c.employee_count === null)).toBe(true);
    expect(all.some((c) => c.address === null)).toBe(true);
    expect(all.some((c) => c.address?.postal_code.startsWith('0'))).toBe(true);
    expect(new Set(all.map((c) => c.country)).size).toBeGreaterThanOrEqual(15);
  });
});

describe('catalogue', () => {
  const sample = generateCompanies(42, 2000);

  it('names only attributes that records carry, with values of the declared type', () => {
    for (const attr of ATTRIBUTES) {
      const values = sample.map((c) => (c as unknown as Record<string, unknown>)[attr.name]).filter((v) => v !== undefined && v !== null);
      expect(values.length, attr.name).toBeGreaterThan(1000);
      for (const v of values) expect(typeof v, attr.name).toBe(attr.valueType === 'string' ? 'string' : 'number');
      for (const r of attr.relations) expect(RELATIONS).toContain(r);
    }
  });

  it('has valid examples and rejects wrong values', () => {
    for (const attr of ATTRIBUTES) expect(filterValueProblem(attr, attr.example.relation, attr.example.value), attr.name).toBeNull();
    const emp = findAttribute('employee_count')!;
    expect(filterValueProblem(emp, 'contains', 'x')).toMatch(/not allowed/);
    expect(filterValueProblem(emp, 'between', [5, 1])).toMatch(/min <= max/);
    expect(filterValueProblem(emp, 'in', [1, 'two'])).toMatch(/number/);
  });
});
