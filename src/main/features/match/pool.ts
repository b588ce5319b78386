// Bounded-concurrency loop over an async source: the next item is pulled only when a slot frees up,
// so a streaming source (CSV parser) is read no faster than rows are matched.

export async function runPool<T>(
  source: AsyncIterable<T> | Iterable<T>,
  concurrency: number,
  worker: (item: T) => Promise<void>,
  signal?: AbortSignal,
): Promise<void> {
  const it: AsyncIterator<T> | Iterator<T> =
    Symbol.asyncIterator in source ? (source as AsyncIterable<T>)[Symbol.asyncIterator]() : (source as Iterable<T>)[Symbol.iterator]();
  let sourceError: unknown; // first error from the source or a worker; stops every lane
  let finished = false;
  // Pulls are serialised: two workers never call next() at once on the same iterator.
  let pulling: Promise<unknown> = Promise.resolve();
  const next = (): Promise<IteratorResult<T>> => {
    const p = pulling.then(() => (finished ? ({ done: true, value: undefined } as IteratorResult<T>) : it.next()));
    pulling = p.catch(() => undefined);
    return p;
  };
  const lane = async () => {
    while (!finished && !signal?.aborted) {
      let r: IteratorResult<T>;
      try {
        r = await next();
      } catch (e) {
        sourceError ??= e;
        finished = true;
        return;
      }
      if (r.done) {
        finished = true;
        return;
      }
      try {
        await worker(r.value);
      } catch (e) {
        sourceError ??= e;
        finished = true;
        return;
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.max(1, concurrency) }, lane));
  } finally {
    finished = true;
    await it.return?.();
  }
  if (sourceError !== undefined) throw sourceError;
}

/**
 * Items of a batched source one by one: within a batch `next()` answers at once, so a worker that frees
 * up gets its next row without a trip through the source. At most one batch is held.
 */
export function unbatch<T>(batches: AsyncIterable<T[]>): AsyncIterableIterator<T> {
  const it = batches[Symbol.asyncIterator]();
  let current: T[] = [];
  let index = 0;
  const self: AsyncIterableIterator<T> = {
    async next() {
      while (index >= current.length) {
        const r = await it.next();
        if (r.done) return { done: true, value: undefined };
        current = r.value;
        index = 0;
      }
      // The loop above left index < current.length.
      return { done: false, value: current[index++]! };
    },
    async return() {
      current = [];
      await it.return?.(undefined);
      return { done: true, value: undefined };
    },
    [Symbol.asyncIterator]() {
      return self;
    },
  };
  return self;
}
