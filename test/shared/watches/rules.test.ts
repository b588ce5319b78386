// Alert rules (issue 38): each kind fires exactly when its condition holds (property tests against
// a plain statement of the rule), is validated as typed, and reads in words.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fieldRuleHolds, keepChange, rulesInWords, smallestThreshold, WatchRulesSchema, type FieldRule } from '../../../src/shared/watches/rules';

const value = fc.oneof(fc.integer({ min: -100_000, max: 100_000 }), fc.double({ min: -1e6, max: 1e6, noNaN: true }));

describe('field rules fire exactly when their condition holds', () => {
  it('percent', () =>
    fc.assert(
      fc.property(value, value, fc.double({ min: 0.1, max: 500, noNaN: true }), (a, b, p) => {
        const truth = a === 0 ? b !== 0 : (Math.abs(b - a) / Math.abs(a)) * 100 >= p - 1e-9;
        expect(fieldRuleHolds({ kind: 'percent', field: 'employee_count', min: p }, a, b)).toBe(truth);
      }),
    ));
  it('absolute', () =>
    fc.assert(fc.property(value, value, fc.double({ min: 0.1, max: 1e5, noNaN: true }), (a, b, m) => {
        expect(fieldRuleHolds({ kind: 'absolute', field: 'revenue', min: m }, a, b)).toBe(Math.abs(b - a) >= m - 1e-9);
      })));
  it('crosses', () =>
    fc.assert(fc.property(value, value, value, (a, b, v) => {
        expect(fieldRuleHolds({ kind: 'crosses', field: 'employee_count', value: v }, a, b)).toBe((a < v && b >= v) || (a >= v && b < v));
      })));
  it('ignore never fires; a number rule on values that are not numbers keeps the change', () => {
    expect(fieldRuleHolds({ kind: 'ignore', field: 'phone' }, 'a', 'b')).toBe(false);
    expect(fieldRuleHolds({ kind: 'percent', field: 'employee_count', min: 10 }, null, 5)).toBe(true);
  });
});

describe('keepChange', () => {
  const field = (f: string, a: unknown, b: unknown) => ({ kind: 'field', field: f, oldValue: a, newValue: b, detail: null });
  it('applies a field’s own rule; other fields and entered/left always alert', () => {
    const rules = { fields: [{ kind: 'percent', field: 'employee_count', min: 10 } as FieldRule] };
    expect(keepChange(field('employee_count', 100, 109), rules, 5)).toBe(false);
    expect(keepChange(field('employee_count', 100, 110), rules, 5)).toBe(true);
    expect(keepChange(field('revenue', 100, 101), rules, 5)).toBe(true);
    expect(keepChange({ kind: 'left', field: null, oldValue: null, newValue: null, detail: null }, rules, 5)).toBe(true);
  });
  it('list rules: per-pillar thresholds, downgrades only, news with a keyword', () => {
    const rules = { pillars: { environmental: 2 }, ratings: 'downgrades' as const, newsKeyword: 'Emission' };
    expect(smallestThreshold(rules, 5)).toBe(2);
    expect(keepChange({ kind: 'score', field: 'environmental', oldValue: 50, newValue: 52.5, detail: null }, rules, 5)).toBe(true);
    expect(keepChange({ kind: 'score', field: 'social', oldValue: 50, newValue: 52.5, detail: null }, rules, 5)).toBe(false);
    expect(keepChange({ kind: 'rating', field: 'rating', oldValue: 'A', newValue: 'AA', detail: 'upgrade' }, rules, 5)).toBe(false);
    expect(keepChange({ kind: 'rating', field: 'rating', oldValue: 'AA', newValue: 'A', detail: 'downgrade' }, rules, 5)).toBe(true);
    expect(keepChange({ kind: 'news', field: null, oldValue: null, newValue: 'New emissions target', detail: null }, rules, 5)).toBe(true);
    expect(keepChange({ kind: 'news', field: null, oldValue: null, newValue: 'CEO steps down', detail: null }, rules, 5)).toBe(false);
    const status = { commitments: 'status' as const };
    expect(keepChange({ kind: 'commitment', field: null, oldValue: null, newValue: 'Net zero by 2040', detail: null }, status, 5)).toBe(true);
    expect(keepChange({ kind: 'commitment', field: 'status', oldValue: 'planned', newValue: 'achieved', detail: 'Net zero' }, status, 5)).toBe(true);
    expect(keepChange({ kind: 'commitment', field: 'target_year', oldValue: 2040, newValue: 2045, detail: 'Net zero' }, status, 5)).toBe(false);
  });
});

describe('rules as typed and in words', () => {
  it('refuses what cannot be a rule, in words', () => {
    const r = WatchRulesSchema.safeParse({ fields: [{ kind: 'percent', field: 'employee_count', min: 0 }] });
    expect(r.error!.issues[0]!.message).toBe('Enter a percentage above 0');
    const twice = WatchRulesSchema.safeParse({ fields: [{ kind: 'ignore', field: 'phone' }, { kind: 'ignore', field: 'phone' }] });
    expect(twice.error!.issues[0]!.message).toBe('One rule per field: a field is named twice');
  });
  it('reads each rule', () => {
    expect(rulesInWords({ fields: [{ kind: 'percent', field: 'employee_count', min: 10 }, { kind: 'crosses', field: 'revenue', value: 50_000_000 }, { kind: 'ignore', field: 'phone' }] }, 'search')).toEqual([
      'Employees: alerts on a change of 10 % or more',
      'Revenue (USD): alerts when it crosses 50,000,000',
      'Phone: ignored',
      'Other fields: any change',
    ]);
    expect(rulesInWords({ pillars: { governance: 3 }, ratings: 'downgrades', newsKeyword: 'fraud', commitments: 'status' }, 'list')).toEqual([
      'Governance score: alerts on a move of 3 points or more',
      'Ratings: downgrades only',
      'News: only titles with “fraud”',
      'Commitments: new ones and status changes only',
    ]);
  });
});
