// Page number, "rows x–y of count", Previous/Next (disabled at the ends) and Cancel for a page in flight.
import type { SearchPageView } from '../../shared/bridge/groups/search';
import type { InFlight } from '../state/search-state';

export interface PagerProps {
  view: SearchPageView;
  inFlight: InFlight | null;
  onPrevious(): void;
  onNext(): void;
  onCancel(): void;
}

const fmt = new Intl.NumberFormat();

export function Pager({ view, inFlight, onPrevious, onNext, onCancel }: PagerProps) {
  const last = view.rows.length ? view.firstRow + view.rows.length - 1 : 0;
  const loadingPage = inFlight?.action.kind === 'page';
  return (
    <nav className="pager" aria-label="Result pages">
      <button type="button" className="button button--small" onClick={onPrevious} disabled={!view.hasPrevious || inFlight !== null}>
        Previous
      </button>
      <span className="pager__page" aria-live="polite">
        Page {fmt.format(view.pageNumber)}
      </span>
      <button type="button" className="button button--small" onClick={onNext} disabled={!view.hasNext || inFlight !== null}>
        Next
      </button>
      <span className="pager__rows" data-testid="rows-range">
        {view.rows.length ? `Rows ${fmt.format(view.firstRow)}–${fmt.format(last)} of ${fmt.format(view.count)}` : `No rows · ${fmt.format(view.count)} results`}
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
