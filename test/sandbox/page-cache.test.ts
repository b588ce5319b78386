import { describe, expect, it } from 'vitest';
import { createPageCache } from '../../src/sandbox/search-route';

const bytes = (n: number, fill = 'x') => Buffer.alloc(n, fill);

describe('the search route page cache', () => {
  it('takes a replaced page off the size before adding the new one', () => {
    const cache = createPageCache(100);
    cache.set('a', bytes(60));
    cache.set('a', bytes(60, 'y'));
    expect(cache.calculatedSize).toBe(60);
    // 60 + 30 fits in 100: nothing is dropped (the home-made cache counted 150 and dropped 'a').
    cache.set('b', bytes(30));
    expect(cache.calculatedSize).toBe(90);
    expect(cache.get('a')?.toString()).toBe('y'.repeat(60));
    expect(cache.has('b')).toBe(true);
  });

  it('drops the least recently used pages once the bytes pass the budget', () => {
    const cache = createPageCache(100);
    cache.set('a', bytes(40));
    cache.set('b', bytes(40));
    cache.get('a');
    cache.set('c', bytes(40));
    expect([...cache.keys()].sort()).toEqual(['a', 'c']);
    expect(cache.calculatedSize).toBe(80);
  });

  it('keeps its size right when a page shrinks or grows in place', () => {
    const cache = createPageCache(100);
    cache.set('a', bytes(70));
    cache.set('a', bytes(10));
    cache.set('b', bytes(85));
    expect(cache.calculatedSize).toBe(95);
    cache.set('b', bytes(95));
    expect(cache.calculatedSize).toBe(95);
    expect(cache.has('a')).toBe(false);
  });
});
