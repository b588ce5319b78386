// The paged view's pager over a loaded snapshot: first, previous (Alt+Left, K), "Page 3 of 248",
// next (Alt+Right, J), last, a page to go to, and which rows are shown.
import { useState } from 'react';
import { NEXT_KEYS, PREVIOUS_KEYS } from '../ui/grid/paging-keys';
import { formatCount } from '../ui/format';

export interface SnapshotPagerProps {
  /** 0-based. */
  page: number;
  pages: number;
  /** 1-based first and last row shown, and the rows in the view. */
  first: number;
  last: number;
  total: number;
  /** Goes to a 0-based page (clamped by the caller). */
  go(page: number): void;
}

export function SnapshotPager({ page, pages, first, last, total, go }: SnapshotPagerProps) {
  const [jump, setJump] = useState('');
  return (
    <nav className="pager" aria-label="Snapshot pages">
      <button type="button" className="button button--small" onClick={() => go(0)} disabled={page === 0} title="First page">
        First
      </button>
      <button type="button" className="button button--small" onClick={() => go(page - 1)} disabled={page === 0} title={`Previous page (${PREVIOUS_KEYS})`} aria-keyshortcuts="Alt+ArrowLeft K">
        Previous
      </button>
      <span className="pager__page" aria-live="polite" data-testid="snapshot-page">
        Page {formatCount(page + 1)} of {formatCount(pages)}
      </span>
      <button type="button" className="button button--small" onClick={() => go(page + 1)} disabled={page >= pages - 1} title={`Next page (${NEXT_KEYS})`} aria-keyshortcuts="Alt+ArrowRight J">
        Next
      </button>
      <button type="button" className="button button--small" onClick={() => go(pages - 1)} disabled={page >= pages - 1} title="Last page">
        Last
      </button>
      <form
        className="pager__jump"
        onSubmit={(e) => {
          e.preventDefault();
          const n = Number(jump);
          if (Number.isInteger(n)) go(n - 1);
        }}
      >
        <label>
          Go to page
          <input className="field__input pager__jump-input" type="number" min={1} max={pages} value={jump} onChange={(e) => setJump(e.target.value)} />
        </label>
      </form>
      <span className="pager__rows" data-testid="snapshot-rows">
        {total ? `Rows ${formatCount(first)}–${formatCount(last)} of ${formatCount(total)}` : 'No loaded rows match'}
      </span>
    </nav>
  );
}
