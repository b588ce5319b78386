import { describe, expect, it } from 'vitest';
import { reviewKey } from '../../../src/renderer/match/review-keys';

const choices = [
  { confidence: 0.7, companyId: 'a', name: 'A' },
  { confidence: 0.6, companyId: 'b', name: 'B' },
];

describe('review queue keys', () => {
  it('A accepts, R rejects, U and Ctrl+Z (Cmd+Z) undo the last decision, in either case', () => {
    expect(reviewKey({ key: 'a' }, choices)).toEqual({ kind: 'decide', action: 'accept' });
    expect(reviewKey({ key: 'A' }, choices)).toEqual({ kind: 'decide', action: 'accept' });
    expect(reviewKey({ key: 'r' }, choices)).toEqual({ kind: 'decide', action: 'reject' });
    expect(reviewKey({ key: 'u' }, choices)).toEqual({ kind: 'undo' });
    expect(reviewKey({ key: 'U' }, choices)).toEqual({ kind: 'undo' });
    expect(reviewKey({ key: 'z', ctrlKey: true }, choices)).toEqual({ kind: 'undo' });
    expect(reviewKey({ key: 'z', metaKey: true }, choices)).toEqual({ kind: 'undo' });
    expect(reviewKey({ key: 'Z', ctrlKey: true, shiftKey: true }, choices)).toBeNull();
  });

  it('1-9 pick that candidate, only when it exists', () => {
    expect(reviewKey({ key: '2' }, choices)).toEqual({ kind: 'decide', action: 'pick', companyId: 'b' });
    expect(reviewKey({ key: '1' }, choices)).toEqual({ kind: 'decide', action: 'pick', companyId: 'a' });
    expect(reviewKey({ key: '3' }, choices)).toBeNull();
    expect(reviewKey({ key: '0' }, choices)).toBeNull();
    expect(reviewKey({ key: '1' }, undefined)).toBeNull();
  });

  it('arrows, Home and End move; modified keys and others stay with the browser', () => {
    expect(reviewKey({ key: 'ArrowDown' }, choices)).toEqual({ kind: 'move', to: 'next' });
    expect(reviewKey({ key: 'ArrowUp' }, choices)).toEqual({ kind: 'move', to: 'previous' });
    expect(reviewKey({ key: 'Home' }, choices)).toEqual({ kind: 'move', to: 'first' });
    expect(reviewKey({ key: 'End' }, choices)).toEqual({ kind: 'move', to: 'last' });
    expect(reviewKey({ key: 'a', ctrlKey: true }, choices)).toBeNull();
    expect(reviewKey({ key: 'r', metaKey: true }, choices)).toBeNull();
    expect(reviewKey({ key: 'Tab' }, choices)).toBeNull();
    expect(reviewKey({ key: 'x' }, choices)).toBeNull();
  });
});
