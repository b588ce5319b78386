// Typed and imported weights: either decimal mark, a percent sign, thousands separators; empty is
// "no weight"; negative and non-numbers are errors worded for the field they are shown beside.
import { describe, expect, it } from 'vitest';
import { parseWeight, weightColumnIndex, WeightInputSchema } from '../../../src/shared/lists/weights';

describe('parseWeight', () => {
  it.each([
    ['2.5', 2.5],
    ['2,5', 2.5],
    [' 12.5 % ', 12.5],
    ['1,234.5', 1234.5],
    ['1.234,5', 1234.5],
    ['0', 0],
    ['.5', 0.5],
    ['', null],
    ['  ', null],
  ])('%j is %j', (text, value) => expect(parseWeight(text)).toEqual({ ok: true, value }));

  it('refuses negative and non-numeric text with a message for the field', () => {
    expect(parseWeight('-1')).toEqual({ ok: false, message: 'A weight cannot be negative: type 0 or more' });
    expect(parseWeight('abc')).toEqual({ ok: false, message: '“abc” is not a number: type a weight such as 2.5' });
    expect(parseWeight('1e999')).toMatchObject({ ok: false });
    expect(parseWeight('2.5.1')).toMatchObject({ ok: false });
  });

  it('with the screen’s decimal mark, the other one only groups thousands', () => {
    expect(parseWeight('1,234.5', '.')).toEqual({ ok: true, value: 1234.5 });
    expect(parseWeight('1,234', '.')).toEqual({ ok: true, value: 1234 });
    expect(parseWeight('1.234,5', ',')).toEqual({ ok: true, value: 1234.5 });
    expect(parseWeight('2,5', ',')).toEqual({ ok: true, value: 2.5 });
    expect(parseWeight('2,5', '.')).toEqual({ ok: false, message: '“2,5” is not a number: type a weight such as 2.5' });
    expect(parseWeight('2.5', ',')).toEqual({ ok: false, message: '“2.5” is not a number: type a weight such as 2,5' });
  });

  it('the bridge refuses a negative or infinite weight too', () => {
    const companyId = '2f1c6b1e-8d4a-4c1e-9a0b-3e5d7f9a1b2c';
    expect(WeightInputSchema.safeParse({ companyId, weight: -0.1 }).success).toBe(false);
    expect(WeightInputSchema.safeParse({ companyId, weight: Infinity }).success).toBe(false);
    expect(WeightInputSchema.safeParse({ companyId, weight: null }).success).toBe(true);
  });
});

it('finds a weight column by its usual names', () => {
  expect(weightColumnIndex(['Name', 'Gewicht'])).toBe(1);
  expect(weightColumnIndex(['name', ' Weight_PCT '])).toBe(1);
  expect(weightColumnIndex(['Weight %', 'x'])).toBe(0);
  expect(weightColumnIndex(['Name', 'Employees'])).toBe(-1);
});
