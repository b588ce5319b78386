// The column choices of the open saved search, written to main with it. Resizing fires often, so the
// write waits a moment after the last change; the frame's save state (state/save-status.ts) says
// `saving` from the change until main has them, and leaving the screen writes at once.
import { useEffect, useId, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { SavedSearch } from '../../shared/bridge/groups/search';
import { SAVED_KEY, searchCalls } from '../data/search';
import { useSaveStatus } from '../state/screen-store';
import type { ColumnPrefs } from '../ui/grid/column-prefs';

/** How long the column choices wait for the next change before they are written. */
const COLUMNS_WRITE_DELAY_MS = 600;

/** Returns what to call with the new column choices; it does nothing while no saved search is open. */
export function useSavedSearchColumnsWrite(activeSaved: SavedSearch | null): (next: ColumnPrefs) => void {
  const qc = useQueryClient();
  const saveTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const writeColumns = useRef<(() => void) | null>(null);
  const columnsWrite = useRef(0);
  const saveStatus = useSaveStatus();
  const savePart = `saved-search-columns:${useId()}`;
  useEffect(
    () => () => {
      clearTimeout(saveTimer.current);
      writeColumns.current?.();
    },
    [],
  );
  return (next) => {
    if (!activeSaved) return;
    clearTimeout(saveTimer.current);
    const saved = activeSaved;
    const mine = ++columnsWrite.current;
    // Only the newest write reports: an older one settling late must not say `saved` over it.
    const settle = (state: 'saved' | 'failed') => mine === columnsWrite.current && saveStatus?.set(savePart, state);
    saveStatus?.set(savePart, 'saving');
    const write = () => {
      writeColumns.current = null;
      void searchCalls.saveSearch({ id: saved.id, name: saved.name, body: saved.body, pageSize: saved.pageSize, columns: next }).then(
        () => {
          settle('saved');
          return qc.invalidateQueries({ queryKey: SAVED_KEY });
        },
        () => settle('failed'),
      );
    };
    writeColumns.current = write;
    saveTimer.current = setTimeout(write, COLUMNS_WRITE_DELAY_MS);
  };
}
