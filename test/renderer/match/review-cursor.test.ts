// The review cursor follows its row: rows arriving or leaving around it never move it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cursorLine, movedLine } from '../../../src/renderer/match/review-cursor';

describe('cursorLine', () => {
  it('stays on its row when rows arrive above or below it', () => {
    expect(cursorLine([3, 5, 9], 5)).toBe(5);
    expect(cursorLine([2, 3, 4, 5, 9, 12], 5)).toBe(5);
  });
  it('moves to the next row in file order when its row leaves, or the last one when none follows', () => {
    expect(cursorLine([3, 9, 12], 5)).toBe(9);
    expect(cursorLine([2, 3], 5)).toBe(3);
    expect(cursorLine([], 5)).toBeNull();
  });
  it('starts on the first row', () => {
    expect(cursorLine([4, 7], null)).toBe(4);
  });
  it('property: whatever arrives or leaves, a row still shown keeps the cursor', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 2, max: 500 }), { minLength: 1 }), fc.nat(), (lines, pick) => {
        const sorted = [...lines].sort((a, b) => a - b);
        const wanted = sorted[pick % sorted.length]!;
        expect(cursorLine(sorted, wanted)).toBe(wanted);
        const without = sorted.filter((l) => l !== wanted);
        const next = cursorLine(without, wanted);
        if (without.length === 0) expect(next).toBeNull();
        else expect(next).toBe(without.find((l) => l > wanted) ?? without.at(-1));
      }),
    );
  });
});

describe('movedLine', () => {
  it('moves one row and stops at the ends', () => {
    expect(movedLine([3, 5, 9], 5, 'next')).toBe(9);
    expect(movedLine([3, 5, 9], 9, 'next')).toBe(9);
    expect(movedLine([3, 5, 9], 3, 'previous')).toBe(3);
    expect(movedLine([3, 5, 9], 5, 'first')).toBe(3);
    expect(movedLine([3, 5, 9], 5, 'last')).toBe(9);
    expect(movedLine([], 5, 'next')).toBeNull();
  });
});
