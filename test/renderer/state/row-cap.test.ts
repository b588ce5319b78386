// The Load all row cap is kept with the Search screen's saved state, per profile: it comes back
// after a restart, and a state saved before it was kept gives the default (no cap field at all).
import { describe, expect, it } from 'vitest';
import { createScreenStore } from '../../../src/renderer/state/screen-states';
import { restoreSearch, toPersisted } from '../../../src/renderer/state/persisted-shapes';

describe('Load all row cap in the saved Search state', () => {
  it('round-trips as typed', () => {
    const store = createScreenStore();
    store.update('search', { rowCapText: '250000' });
    const saved = JSON.parse(JSON.stringify(toPersisted('search', store.get())));
    expect(saved.rowCapText).toBe('250000');
    expect(restoreSearch(saved)?.patch.rowCapText).toBe('250000');
  });

  it('is absent when never typed, and older states without it still restore', () => {
    const saved = toPersisted('search', createScreenStore().get()) as Record<string, unknown>;
    expect('rowCapText' in saved).toBe(false);
    const old = { v: 1, pageSizeText: '10', prefs: { order: [], hidden: [], widths: {} }, applied: null };
    const restored = restoreSearch(old);
    expect(restored).not.toBeNull();
    expect(restored?.patch.rowCapText).toBeUndefined();
  });
});
