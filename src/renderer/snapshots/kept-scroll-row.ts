// The scroll view's row at the top, kept in the screen state (so it survives a restart) once scrolling
// settles, not at every frame. Until it is kept, the frame's save state says a change is still on its
// way (save-status.ts), so a test or a quit waits for it.
import { useEffect, useId, useRef } from 'react';
import { useSaveStatus } from '../state/screen-store';

/** Scrolling must settle this long before the row at the top is kept. */
const KEEP_ROW_AFTER_MS = 250;

/** Returns the scroll handler; `rowNow` reads the row at the top when the quiet time ends. */
export function useKeptScrollRow(onScrollRow: ((row: number) => void) | undefined, rowNow: () => number, paused: () => boolean): () => void {
  const keepTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const saveStatus = useSaveStatus();
  const keepPart = `scroll-row:${useId()}`;
  useEffect(
    () => () => {
      clearTimeout(keepTimer.current);
      saveStatus?.set(keepPart, 'saved');
    },
    [saveStatus, keepPart],
  );
  return () => {
    if (!onScrollRow || paused()) return;
    clearTimeout(keepTimer.current);
    saveStatus?.set(keepPart, 'saving');
    keepTimer.current = setTimeout(() => {
      // Kept first (the screen state then waits for its own save), then this part is done.
      onScrollRow(rowNow());
      saveStatus?.set(keepPart, 'saved');
    }, KEEP_ROW_AFTER_MS);
  };
}
