// What the screen gets of ESG items: text clamped (saying so), nesting cut, the rest unchanged.
import { describe, expect, it } from 'vitest';
import { clampText, displayItems, DISPLAY_MAX_CHARS } from '../../../../src/main/features/esg/display-items';

describe('display items', () => {
  it('keeps short text and clamps long text, saying how long the full text is', () => {
    expect(clampText('short')).toBe('short');
    const long = clampText('A'.repeat(5_000_000));
    expect(long.startsWith('A'.repeat(DISPLAY_MAX_CHARS) + '…')).toBe(true);
    expect(long).toContain('5,000,000 characters in all; the export has the full text');
    expect(long.length).toBeLessThan(DISPLAY_MAX_CHARS + 100);
  });

  it('never splits a surrogate pair', () => {
    const text = 'a'.repeat(DISPLAY_MAX_CHARS - 1) + '😀' + 'b'.repeat(10);
    expect(clampText(text).split('…')[0]).toBe('a'.repeat(DISPLAY_MAX_CHARS - 1));
  });

  it('clamps nested text, copies instead of changing the stored items, keeps __proto__ as a plain key', () => {
    const item = JSON.parse(`{"title":"t","tags":["${'x'.repeat(DISPLAY_MAX_CHARS + 1)}"],"__proto__":{"polluted":true},"n":3}`) as Record<string, unknown>;
    const [shown] = displayItems([item]);
    expect((shown!.tags as string[])[0]).toContain('characters in all');
    expect((item.tags as string[])[0]).toHaveLength(DISPLAY_MAX_CHARS + 1);
    expect(shown!.n).toBe(3);
    expect(Object.keys(shown!)).toContain('__proto__');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
