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
 * Keeps up to `size` items read ahead of the consumer, so a worker that frees up finds its next row
 * ready instead of waiting on the CSV stream. Memory stays bounded by `size`. Expects one `next()`
 * at a time (runPool serialises its pulls).
 */
export function readAhead<T>(source: AsyncIterable<T>, size: number): AsyncIterableIterator<T> {
  const it = source[Symbol.asyncIterator]();
  const queue: IteratorResult<T>[] = [];
  let waiter: { resolve(r: IteratorResult<T>): void; reject(e: unknown): void } | null = null;
  let failure: { error: unknown } | null = null;
  let ended = false;
  let filling = false;

  const fill = async () => {
    if (filling) return;
    filling = true;
    try {
      while (!ended && queue.length < size) {
        const r = await it.next();
        if (r.done) ended = true;
        if (waiter) {
          const w = waiter;
          waiter = null;
          w.resolve(r);
        } else queue.push(r);
      }
    } catch (e) {
      failure = { error: e };
      ended = true;
      if (waiter) {
        const w = waiter;
        waiter = null;
        w.reject(e);
      }
    } finally {
      filling = false;
    }
  };

  const self: AsyncIterableIterator<T> = {
    next() {
      const r = queue.shift();
      if (r) {
        void fill();
        return Promise.resolve(r);
      }
      if (failure) return Promise.reject(failure.error);
      if (ended) return Promise.resolve({ done: true, value: undefined });
      const p = new Promise<IteratorResult<T>>((resolve, reject) => (waiter = { resolve, reject }));
      void fill();
      return p;
    },
    async return() {
      ended = true;
      queue.length = 0;
      await it.return?.();
      return { done: true, value: undefined };
    },
    [Symbol.asyncIterator]() {
      return self;
    },
  };
  return self;
}
