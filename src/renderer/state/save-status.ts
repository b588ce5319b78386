// Whether everything the analyst changed is kept. Several writers wait a moment before they write
// (screen state, persistence.ts; the column choices of an open saved search; the Scroll view's row
// once scrolling settles); each reports its own part here, and the frame shows the sum as
// `data-save-state` on `.app`: `saving` while any part waits or is on its way to main, `failed` when
// the newest write of a part was refused, `saved` once every part is written and acknowledged.

export type SaveState = 'saved' | 'saving' | 'failed';

export interface SaveStatus {
  get(): SaveState;
  /** One writer's part (`part` unique per writer); `saved` when it has nothing left to write. */
  set(part: string, state: SaveState): void;
  subscribe(listener: () => void): () => void;
}

export function createSaveStatus(): SaveStatus {
  const parts = new Map<string, Exclude<SaveState, 'saved'>>();
  const listeners = new Set<() => void>();
  let overall: SaveState = 'saved';
  const sum = (): SaveState => {
    const states = [...parts.values()];
    if (states.includes('saving')) return 'saving';
    return states.includes('failed') ? 'failed' : 'saved';
  };
  return {
    get: () => overall,
    set(part, state) {
      if (state === 'saved') parts.delete(part);
      else parts.set(part, state);
      const next = sum();
      if (next === overall) return;
      overall = next;
      for (const l of [...listeners]) l();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
