// Bulk setup's pure rules: what the check before the run is asked (long text cut and said to be, a
// file read in the encoding asked for) and which parallel-request counts are taken.
import { describe, expect, it } from 'vitest';
import { concurrencyError, inspectInput, INSPECT_BYTES, sameList } from '../../../src/renderer/match/bulk-setup-csv';

describe('inspectInput', () => {
  it('sends short text whole, with the repeat options and without an encoding', () => {
    expect(inspectInput({ csvText: 'a,b\n1,2' }, { encoding: 'windows-1252', keyColumn: 'a' })).toEqual({ csvText: 'a,b\n1,2', keyColumn: 'a' });
  });

  it('cuts long text to what one call takes and says so', () => {
    const input = inspectInput({ csvText: 'x'.repeat(INSPECT_BYTES + 5) }, {});
    expect(input).toMatchObject({ partial: true });
    expect('csvText' in input && input.csvText.length).toBe(INSPECT_BYTES);
  });

  it('refers to a file by id, in the encoding asked for', () => {
    expect(inspectInput({ fileId: 'f1' }, { encoding: 'utf-8', mapping: { name: 'Firm' }, keyColumn: null })).toEqual({
      fileId: 'f1',
      encoding: 'utf-8',
      mapping: { name: 'Firm' },
      keyColumn: null,
    });
  });
});

describe('concurrencyError', () => {
  it('takes whole numbers from 1 to 16 only', () => {
    expect([1, 4, 16].map(concurrencyError)).toEqual([undefined, undefined, undefined]);
    expect([0, 17, 2.5, Number.NaN].every((n) => concurrencyError(n))).toBe(true);
  });
});

describe('sameList', () => {
  it('compares headers in order', () => {
    expect(sameList(['a', 'b'], ['a', 'b'])).toBe(true);
    expect(sameList(['a', 'b'], ['b', 'a'])).toBe(false);
    expect(sameList(['a'], ['a', 'b'])).toBe(false);
  });
});
