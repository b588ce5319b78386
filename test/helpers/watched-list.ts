// An array of what a test collects (events, progress) that tells when something is added, so a test
// waits for the item it needs instead of polling with sleeps.

export class WatchedList<T> extends Array<T> {
  // map/filter/slice give plain arrays.
  static override get [Symbol.species]() {
    return Array;
  }
  private readonly waiters = new Set<() => void>();

  override push(...items: T[]): number {
    const n = super.push(...items);
    for (const w of [...this.waiters]) w();
    return n;
  }

  /** The first item at index `from` or later (already in, or still to come) that satisfies `test`. */
  nextFrom(from: number, test: (x: T) => boolean = () => true): Promise<T> {
    return this.first((x) => this.indexOf(x, from) >= from && test(x));
  }

  /** The first item (already in, or still to come) that satisfies `test`. */
  first(test: (x: T) => boolean): Promise<T> {
    return new Promise((resolve) => {
      const check = () => {
        const hit = this.find(test);
        if (hit === undefined) return;
        this.waiters.delete(check);
        resolve(hit);
      };
      this.waiters.add(check);
      check();
    });
  }
}
