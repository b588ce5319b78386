import { describe, expect, it } from 'vitest';
import { runPool, unbatch } from '../../../../src/main/features/match/pool';

async function* counting(n: number, log: number[], failAt = -1) {
  for (let i = 0; i < n; i++) {
    if (i === failAt) throw new Error('source broke');
    log.push(i);
    await Promise.resolve();
    yield i;
  }
}

describe('runPool', () => {
  it('runs every item once with at most `concurrency` in flight', async () => {
    let inFlight = 0;
    let max = 0;
    const seen: number[] = [];
    await runPool(counting(50, []), 4, async (i) => {
      inFlight++;
      max = Math.max(max, inFlight);
      await new Promise((r) => setTimeout(r, 1)); // the item's work (simulated), so items overlap
      seen.push(i);
      inFlight--;
    });
    expect(seen.sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i));
    expect(max).toBe(4);
  });

  it('rethrows a source error after the running items settle, and stops pulling', async () => {
    const read: number[] = [];
    await expect(runPool(counting(50, read, 10), 3, async () => {})).rejects.toThrow('source broke');
    expect(read.length).toBe(10);
  });

  it('stops when the signal aborts', async () => {
    const ctrl = new AbortController();
    const done: number[] = [];
    await runPool(counting(100, []), 2, async (i) => {
      done.push(i);
      if (i === 5) ctrl.abort();
    }, ctrl.signal);
    expect(done.length).toBeLessThan(10);
  });
});

describe('unbatch', () => {
  async function* batches(sizes: number[], failAfter = -1) {
    let n = 0;
    for (const [b, size] of sizes.entries()) {
      if (b === failAfter) throw new Error('source broke');
      await Promise.resolve();
      yield Array.from({ length: size }, () => n++);
    }
  }

  it('hands out every item in order, skipping empty batches', async () => {
    const got: number[] = [];
    for await (const i of unbatch(batches([3, 0, 5, 1]))) got.push(i);
    expect(got).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('passes a source error on after the items already read', async () => {
    const got: number[] = [];
    await expect((async () => {
      for await (const i of unbatch(batches([2, 2, 2], 2))) got.push(i);
    })()).rejects.toThrow('source broke');
    expect(got).toEqual([0, 1, 2, 3]);
  });

  it('works as a runPool source with concurrent pulls', async () => {
    const seen: number[] = [];
    await runPool(unbatch(batches([10, 10, 10])), 4, async (i) => {
      await new Promise((r) => setTimeout(r, 1)); // the item's work (simulated), so pulls overlap
      seen.push(i);
    });
    expect(seen.sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i));
  });
});
