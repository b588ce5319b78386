// @vitest-environment jsdom
// The frame's save state (save-status.ts, persistence.ts): `saved` only once main acknowledged the newest
// state of every screen, never while a change waits for the debounce or a save is on its way; `failed`
// when main refused the newest save. Fake timers and a hand-driven fake bridge, no real waits.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSearchSession } from '../../../src/renderer/state/search-session';
import { SAVE_DEBOUNCE_MS, startPersister } from '../../../src/renderer/state/persistence';
import { createSaveStatus, type SaveState } from '../../../src/renderer/state/save-status';
import { createScreenStore, type ScreenStore } from '../../../src/renderer/state/screen-states';
import { ScreenStateProvider, useSaveState, useScreenStore } from '../../../src/renderer/state/screen-store';

type Answer = (r: { ok: true; value: unknown } | { ok: false; error: { code: string; message: string } }) => void;

/** A bridge whose load and saves answer only when the test says so. */
function fakeBridge() {
  const loads: Answer[] = [];
  const saves: Array<{ input: { screen: string; state: unknown }; answer: Answer }> = [];
  const bridge = {
    uiState: {
      load: vi.fn(() => new Promise((r) => loads.push(r as Answer))),
      save: vi.fn((input: { screen: string; state: unknown }) => new Promise((r) => saves.push({ input, answer: r as Answer }))),
    },
    profiles: { status: vi.fn(async () => ({ ok: true, value: { profileId: 'sandbox', state: 'connected' } })) },
    search: { reopen: vi.fn(() => new Promise(() => undefined)), cancel: vi.fn(async () => ({ ok: true, value: undefined })) },
  };
  (window as unknown as { firmscope: unknown }).firmscope = bridge;
  return { bridge, loads, saves };
}

const ok = (value: unknown = undefined) => ({ ok: true as const, value });
const refused = { ok: false as const, error: { code: 'invalid_input', message: 'too large' } };
const settle = () => vi.advanceTimersByTimeAsync(0);

function persisterOf(store: ScreenStore) {
  const states: SaveState[] = [];
  const persister = startPersister(store, createSearchSession(store, new QueryClient()), 'sandbox', { onSaveState: (s) => states.push(s) });
  return { persister, states };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('createSaveStatus', () => {
  it('is saving while any part waits, failed while one failed and none waits, saved when every part is', () => {
    const status = createSaveStatus();
    const seen: SaveState[] = [];
    status.subscribe(() => seen.push(status.get()));
    expect(status.get()).toBe('saved');
    status.set('a', 'saving');
    status.set('b', 'failed');
    expect(status.get()).toBe('saving');
    status.set('a', 'saved');
    expect(status.get()).toBe('failed');
    status.set('b', 'saved');
    expect(status.get()).toBe('saved');
    expect(seen).toEqual(['saving', 'failed', 'saved']);
  });
});

describe('the persister says when screen state is saved', () => {
  it('is saving while the saved state loads, during the debounce and while main has not answered; saved after', async () => {
    const { loads, saves } = fakeBridge();
    const store = createScreenStore();
    const { persister, states } = persisterOf(store);
    expect(persister.saveState).toBe('saving');
    loads[0]!(ok({}));
    await settle();
    expect(persister.saveState).toBe('saved');

    store.update('esg', { companyId: 'C7' });
    expect(persister.saveState).toBe('saving');
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS - 1);
    expect(saves).toHaveLength(0);
    expect(persister.saveState).toBe('saving');
    await vi.advanceTimersByTimeAsync(1);
    expect(saves.map((s) => s.input.screen)).toEqual(['esg']);
    // Sent, not yet acknowledged: still saving, however long main takes.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(persister.saveState).toBe('saving');
    saves[0]!.answer(ok());
    await settle();
    expect(persister.saveState).toBe('saved');
    expect(states).toEqual(['saved', 'saving', 'saved']);
    persister.stop();
  });

  it('a change made while a save is on its way keeps it saving until the newer save is acknowledged', async () => {
    const { loads, saves } = fakeBridge();
    const store = createScreenStore();
    const { persister } = persisterOf(store);
    loads[0]!(ok({}));
    await settle();
    store.update('esg', { companyId: 'C1' });
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS);
    store.update('esg', { companyId: 'C2' });
    saves[0]!.answer(ok());
    await settle();
    expect(persister.saveState).toBe('saving');
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS);
    expect(saves).toHaveLength(2);
    expect(persister.saveState).toBe('saving');
    saves[1]!.answer(ok());
    await settle();
    expect(persister.saveState).toBe('saved');
    persister.stop();
  });

  it('a refused save says failed until a newer save of that screen lands; an older failure after a newer success does not count', async () => {
    const { loads, saves } = fakeBridge();
    const store = createScreenStore();
    const { persister } = persisterOf(store);
    loads[0]!(ok({}));
    await settle();
    store.update('esg', { companyId: 'C1' });
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS);
    saves[0]!.answer(refused);
    await settle();
    expect(persister.saveState).toBe('failed');
    // The next change tries again (the refused state was not kept as saved).
    store.update('esg', { module: 'scores' });
    expect(persister.saveState).toBe('saving');
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS);
    saves[1]!.answer(ok());
    await settle();
    expect(persister.saveState).toBe('saved');

    store.update('esg', { companyId: 'C3' });
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS);
    store.update('esg', { companyId: 'C4' });
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS);
    saves[3]!.answer(ok());
    saves[2]!.answer(refused);
    await settle();
    expect(persister.saveState).toBe('saved');
    persister.stop();
  });

  it('a screen changed while the saved state loaded is saved once it has loaded, and only then says saved', async () => {
    const { loads, saves } = fakeBridge();
    const store = createScreenStore();
    const { persister } = persisterOf(store);
    store.update('esg', { companyId: 'typed-now', draft: 'typed-now' });
    loads[0]!(ok({ esg: { v: 1, companyId: 'old', module: 'news' } }));
    await settle();
    expect(store.get().esg.companyId).toBe('typed-now');
    expect(persister.saveState).toBe('saving');
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS);
    expect(saves.map((s) => s.input)).toEqual([expect.objectContaining({ screen: 'esg', state: expect.objectContaining({ companyId: 'typed-now' }) })]);
    saves[0]!.answer(ok());
    await settle();
    expect(persister.saveState).toBe('saved');
    persister.stop();
  });

  it('flushing (page hiding) sends at once; it is saved only when main answers', async () => {
    const { loads, saves } = fakeBridge();
    const store = createScreenStore();
    const { persister } = persisterOf(store);
    loads[0]!(ok({}));
    await settle();
    store.update('esg', { companyId: 'C9' });
    persister.flush();
    expect(saves).toHaveLength(1);
    expect(persister.saveState).toBe('saving');
    saves[0]!.answer(ok());
    await settle();
    expect(persister.saveState).toBe('saved');
    persister.stop();
  });
});

describe('useSaveState under ScreenStateProvider', () => {
  function Frame() {
    const store = useScreenStore();
    return (
      <div data-testid="frame" data-save-state={useSaveState()}>
        <button type="button" onClick={() => store.update('esg', { companyId: 'C5' })}>
          change
        </button>
      </div>
    );
  }

  it('follows the active profile persister: saving until main acknowledged the change', async () => {
    const { loads, saves, bridge } = fakeBridge();
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={qc}>
        <ScreenStateProvider store={createScreenStore()}>
          <Frame />
        </ScreenStateProvider>
      </QueryClientProvider>,
    );
    const frame = () => screen.getByTestId('frame').getAttribute('data-save-state');
    // Nothing to save before a profile is known.
    expect(frame()).toBe('saved');
    await act(() => settle());
    expect(bridge.uiState.load).toHaveBeenCalledWith({ profileId: 'sandbox' });
    expect(frame()).toBe('saving');
    await act(async () => {
      loads[0]!(ok({}));
      await settle();
    });
    expect(frame()).toBe('saved');
    act(() => screen.getByRole('button', { name: 'change' }).click());
    expect(frame()).toBe('saving');
    await act(() => vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS));
    expect(saves).toHaveLength(1);
    expect(frame()).toBe('saving');
    await act(async () => {
      saves[0]!.answer(ok());
      await settle();
    });
    expect(frame()).toBe('saved');
  });
});
