// The view of a loaded snapshot as the analyst left it (sort, text filter, facet choices, page, mode,
// scroll row), kept in the screen store so it survives leaving the screen and a restart. A new sort,
// text or facet choice starts again at the first page and the top of the scroll view; the text filter
// applies after a short pause in typing, not at every key.
import { useEffect, useRef, useState } from 'react';
import type { SnapshotInfo } from '../../shared/snapshots/snapshot';
import type { SnapshotViewState } from '../state/search-state';
import type { GridSort } from '../ui/grid/GridHeader';
import type { FacetChoices } from './FacetsPanel';

const TEXT_PAUSE_MS = 200;

export function useSnapshotViewState(snapshot: SnapshotInfo, state: SnapshotViewState | undefined, onState: (next: SnapshotViewState) => void) {
  // A snapshot other than the one the stored view belongs to starts from its service order.
  const current: SnapshotViewState = state && state.snapshotId === snapshot.id ? state : { snapshotId: snapshot.id, sort: null, text: '', choices: {}, page: 0 };
  const latest = useRef(current);
  latest.current = current;
  const patch = (p: Partial<SnapshotViewState>) => onState({ ...latest.current, ...p });
  const setSort = (u: (s: GridSort | null) => GridSort | null) => patch({ sort: u(latest.current.sort), page: 0, scrollRow: 0 });
  const setChoices = (u: (c: FacetChoices) => FacetChoices) => patch({ choices: u(latest.current.choices as FacetChoices), page: 0, scrollRow: 0 });
  const [textInput, setTextInput] = useState(current.text);
  useEffect(() => {
    const t = setTimeout(() => {
      if (textInput.trim() !== latest.current.text) patch({ text: textInput.trim(), page: 0, scrollRow: 0 });
    }, TEXT_PAUSE_MS);
    return () => clearTimeout(t);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- patch reads the latest view through a ref
  }, [textInput]);
  return { current, latest, patch, setSort, setChoices, textInput, setTextInput };
}

/** A header click: ascending, then descending, then back to the service order. */
export const nextSort = (s: GridSort | null, field: string): GridSort | null =>
  s?.field !== field ? { field, direction: 'asc' } : s.direction === 'asc' ? { field, direction: 'desc' } : null;

/** A facet value chosen, or unchosen when it already was; a facet left with none is dropped. */
export function toggleChoice(c: FacetChoices, facet: keyof FacetChoices, key: string | number): FacetChoices {
  const have = c[facet] ?? [];
  const next = have.some((k) => String(k) === String(key)) ? have.filter((k) => String(k) !== String(key)) : [...have, key];
  const { [facet]: _drop, ...rest } = c;
  return next.length ? { ...rest, [facet]: next } : rest;
}
