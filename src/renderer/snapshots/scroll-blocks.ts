// The rows of a snapshot's scroll view, fetched in blocks of SCROLL_BLOCK through the same
// `snapshots.page` call and react-query cache as the paged view. Blocks are asked for what is in view,
// at most every FETCH_EVERY_MS while the analyst scrolls (and once scrolling stops), so a fast fling
// through 100,000 rows does not queue hundreds of sorted queries in main.
import { useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { useQueries } from '@tanstack/react-query';
import type { CompanyRecord } from '../../shared/service/schemas';
import type { SnapshotView } from '../../shared/snapshots/snapshot';
import { snapshotPageQuery } from '../data/snapshots';

/** Rows per request; the paged view's page size, so both views share cached pages. */
export const SCROLL_BLOCK = 100;
const FETCH_EVERY_MS = 120;
const NO_ROWS: CompanyRecord[] = [];

export interface ScrollBlocks {
  /** Rows in the view: the last block's answer, else what the caller knew. */
  total: number;
  /** The first block that has arrived (its columns are the view's columns). */
  firstBlock: CompanyRecord[];
  rowAt(index: number): CompanyRecord | undefined;
  setBlocks: Dispatch<SetStateAction<number[]>>;
}

export function useScrollBlocks(snapshotId: number, view: SnapshotView, knownTotal: number): ScrollBlocks {
  const viewKey = JSON.stringify(view);
  const [blocks, setBlocks] = useState<number[]>([0]);
  const results = useQueries({ queries: blocks.map((b) => snapshotPageQuery(snapshotId, view, b * SCROLL_BLOCK, SCROLL_BLOCK)) });
  // Blocks stay in this map while the view is the same (react-query keeps them cached too).
  const loaded = useRef(new Map<number, CompanyRecord[]>());
  const loadedFor = useRef(viewKey);
  if (loadedFor.current !== viewKey) {
    loaded.current = new Map();
    loadedFor.current = viewKey;
  }
  let total = knownTotal;
  results.forEach((r, i) => {
    const block = blocks[i]; // one query per block
    if (!r.data || block === undefined) return;
    loaded.current.set(block, r.data.rows);
    total = r.data.total;
  });

  return {
    total,
    firstBlock: loaded.current.get(0) ?? loaded.current.values().next().value ?? NO_ROWS,
    rowAt: (i) => loaded.current.get(Math.floor(i / SCROLL_BLOCK))?.[i % SCROLL_BLOCK],
    setBlocks,
  };
}

/** Asks for the blocks of the rows now mounted (`first`..`last`), at most every FETCH_EVERY_MS. */
export function useFetchBlocksInView(setBlocks: ScrollBlocks['setBlocks'], first: number, last: number): void {
  const want = useRef<number[]>([0]);
  want.current = [];
  for (let b = Math.floor(first / SCROLL_BLOCK); b <= Math.floor(last / SCROLL_BLOCK); b++) want.current.push(b);
  const wantKey = want.current.join(',');
  const lastFetch = useRef(0);
  useEffect(() => {
    const apply = () => {
      lastFetch.current = performance.now();
      setBlocks((have) => (have.join(',') === want.current.join(',') ? have : want.current));
    };
    const wait = Math.max(0, lastFetch.current + FETCH_EVERY_MS - performance.now());
    if (wait === 0) {
      apply();
      return;
    }
    const t = setTimeout(apply, wait);
    return () => clearTimeout(t);
  }, [wantKey, setBlocks]);
}
