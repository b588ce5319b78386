// The service's pages: First / Previous / "Page 3 of 248" / Next, "rows x–y of count", Cancel for a
// page in flight. No Last and no jump: the service pages with opaque next/previous tokens only
// (docs: company-data-service spec), so page N is reached by walking; a loaded snapshot can jump.
import type { SearchPageView } from '../../shared/bridge/groups/search';
import type { InFlight } from '../state/search-state';
import { NEXT_KEYS, PREVIOUS_KEYS } from '../ui/grid/paging-keys';
import { formatCount } from '../ui/format';

export interface PagerProps {
  view: SearchPageView;
  inFlight: InFlight | null;
  onFirst(): void;
  onPrevious(): void;
  onNext(): void;
  onCancel(): void;
}

/** Pages of the result set (at least 1), from the service's count and the page size. */
export const pageTotal = (view: Pick<SearchPageView, 'count' | 'pageSize'>) => Math.max(1, Math.ceil(view.count / Math.max(1, view.pageSize)));

export function Pager({ view, inFlight, onFirst, onPrevious, onNext, onCancel }: PagerProps) {
  const last = view.rows.length ? view.firstRow + view.rows.length - 1 : 0;
  const loadingPage = inFlight?.action.kind === 'page';
  const total = pageTotal(view);
  return (
    <nav className="pager" aria-label="Result pages">
      <button type="button" className="button button--small" onClick={onFirst} disabled={view.pageNumber <= 1 || inFlight !== null} title="First page">
        First
      </button>
      <button
        type="button"
        className="button button--small"
        onClick={onPrevious}
        disabled={!view.hasPrevious || inFlight !== null}
        title={`Previous page (${PREVIOUS_KEYS})`}
        aria-keyshortcuts="Alt+ArrowLeft K"
      >
        Previous
      </button>
      <span
        className="pager__page"
        aria-live="polite"
        data-testid="page-number"
        title="The service pages forward and back only: load all results to jump to any page."
      >
        Page {formatCount(view.pageNumber)} of {formatCount(Math.max(total, view.pageNumber))}
      </span>
      <button
        type="button"
        className="button button--small"
        onClick={onNext}
        disabled={!view.hasNext || inFlight !== null}
        title={`Next page (${NEXT_KEYS})`}
        aria-keyshortcuts="Alt+ArrowRight J"
      >
        Next
      </button>
      <span className="pager__rows" data-testid="rows-range">
        {view.rows.length ? `Rows ${formatCount(view.firstRow)}–${formatCount(last)} of ${formatCount(view.count)}` : `No rows · ${formatCount(view.count)} results`}
      </span>
      {loadingPage ? (
        <>
          <span className="pager__loading" role="status">
            Loading page…
          </span>
          <button type="button" className="button button--small button--danger" onClick={onCancel}>
            Cancel
          </button>
        </>
      ) : null}
    </nav>
  );
}
