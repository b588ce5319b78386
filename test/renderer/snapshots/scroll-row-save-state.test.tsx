// @vitest-environment jsdom
// The Scroll view keeps the row at the top once scrolling settles; until it has handed that row to the
// screen state, the frame's save state says a change is on its way (`saving`), and it is `saved` only
// after the row was kept. Fake timers; the snapshot's pages never arrive (not needed here).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emptyPrefs } from '../../../src/renderer/ui/grid/column-prefs';
import { createScreenStore } from '../../../src/renderer/state/screen-states';
import { ScreenStateProvider, useSaveState } from '../../../src/renderer/state/screen-store';
import { SnapshotScroller } from '../../../src/renderer/snapshots/SnapshotScroller';

function Frame({ onScrollRow, shown = true }: { onScrollRow(row: number): void; shown?: boolean }) {
  return (
    <div data-testid="frame" data-save-state={useSaveState()}>
      {shown ? <SnapshotScroller snapshotId={1} view={{}} total={500} prefs={emptyPrefs()} sort={null} onSort={() => {}} onOpen={() => {}} onScrollRow={onScrollRow} /> : null}
    </div>
  );
}
const qc = new QueryClient();
const store = createScreenStore();
const ui = (onScrollRow: (row: number) => void, shown = true) => (
  <QueryClientProvider client={qc}>
    <ScreenStateProvider store={store}>
      <Frame onScrollRow={onScrollRow} shown={shown} />
    </ScreenStateProvider>
  </QueryClientProvider>
);

beforeEach(() => {
  vi.useFakeTimers();
  (window as unknown as { firmscope: unknown }).firmscope = {
    snapshots: { page: () => new Promise(() => undefined) },
    // No profile answers: no persister, only the scroller's own part counts here.
    profiles: { status: () => new Promise(() => undefined) },
  };
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('Scroll view row and the save state', () => {
  it('is saving from the scroll until the settled row is kept, then saved', async () => {
    const kept: number[] = [];
    render(ui((row) => kept.push(row)));
    const frame = () => screen.getByTestId('frame').getAttribute('data-save-state');
    const grid = screen.getByTestId('snapshot-scroller');
    expect(frame()).toBe('saved');
    Object.defineProperty(grid, 'scrollTop', { configurable: true, value: 300 });
    fireEvent.scroll(grid);
    expect(frame()).toBe('saving');
    await act(() => vi.advanceTimersByTimeAsync(200));
    // Still scrolling: the quiet time starts again.
    Object.defineProperty(grid, 'scrollTop', { configurable: true, value: 3000 });
    fireEvent.scroll(grid);
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(kept).toEqual([]);
    expect(frame()).toBe('saving');
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(kept).toEqual([100]);
    expect(frame()).toBe('saved');
  });

  it('unmounted while waiting (the analyst left the view), it keeps nothing and leaves nothing pending', async () => {
    const kept: number[] = [];
    const view = render(ui((row) => kept.push(row)));
    fireEvent.scroll(screen.getByTestId('snapshot-scroller'));
    expect(screen.getByTestId('frame').getAttribute('data-save-state')).toBe('saving');
    view.rerender(ui((row) => kept.push(row), false));
    expect(screen.getByTestId('frame').getAttribute('data-save-state')).toBe('saved');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(kept).toEqual([]);
  });
});
