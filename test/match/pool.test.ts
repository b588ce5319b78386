import { describe, expect, it } from 'vitest';
import { readAhead, runPool } from '../../src/main/match/pool';

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
      await new Promise((r) => setTimeout(r, 1));
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

describe('readAhead', () => {
  it('keeps order and reads at most `size` items ahead of the consumer', async () => {
    const read: number[] = [];
    const ahead = readAhead(counting(100, read), 8);
    const got: number[] = [];
    for await (const i of ahead) {
      got.push(i);
      await new Promise((r) => setTimeout(r, 0));
      expect(read.length - got.length).toBeLessThanOrEqual(9);
    }
    expect(got).toEqual(Array.from({ length: 100 }, (_, i) => i));
  });

  it('passes a source error on to the consumer', async () => {
    const ahead = readAhead(counting(20, [], 5), 4);
    const got: number[] = [];
    await expect((async () => {
      for await (const i of ahead) got.push(i);
    })()).rejects.toThrow('source broke');
    expect(got).toEqual([0, 1, 2, 3, 4]);
  });
});
