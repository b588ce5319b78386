// One page of the service's results: the pager and export above, the grid, and the open company's
// detail beside it. A loaded snapshot of the same query shows instead of this (SnapshotResults).
import type { SearchPageView } from '../../shared/bridge/groups/search';
import type { CompanyRecord } from '../../shared/service/schemas';
import { ExportMenu } from '../export/ExportMenu';
import { GridSelectionActions } from '../lists/GridSelectionActions';
import { useSearchSessionController } from '../state/screen-store';
import type { SearchScreenState, ShownSearch } from '../state/search-state';
import { visibleColumns, type ColumnPrefs } from '../ui/grid/column-prefs';
import { ResultGrid } from '../ui/grid/ResultGrid';
import { CompanyDetail } from './CompanyDetail';
import { Pager } from './Pager';

export interface ServiceResultsProps {
  s: SearchScreenState;
  shown: ShownSearch;
  view: SearchPageView;
  onPrefs(p: ColumnPrefs): void;
  onOpen(r: CompanyRecord | null): void;
}

export function ServiceResults({ s, shown, view, onPrefs, onOpen }: ServiceResultsProps) {
  const session = useSearchSessionController();
  const { detail, prefs } = s;
  const columns = s.seen.columns;
  return (
    <>
      <div className="search-results__bar">
        <Pager
          view={view}
          inFlight={s.session.inFlight}
          onFirst={() => void session.first()}
          onPrevious={() => void session.previous()}
          onNext={() => void session.next()}
          onCancel={session.cancel}
        />
        <ExportMenu body={shown.body} pageSize={shown.pageSize} count={view.count} rows={view.rows} columns={visibleColumns(columns, prefs)} />
      </div>
      {view.rows.length > 1 ? <p className="search-results__sort-note">Sorting applies to the loaded set only: load all results to sort by any column.</p> : null}
      <div className={`search-results__main${detail ? ' search-results__main--detail' : ''}`}>
        <ResultArea view={view} columns={columns} prefs={prefs} onPrefs={onPrefs} onOpen={onOpen} />
        {detail ? <CompanyDetail record={detail} onClose={() => onOpen(null)} /> : null}
      </div>
    </>
  );
}

function ResultArea(props: { view: SearchPageView; columns: string[]; prefs: ColumnPrefs; onPrefs(p: ColumnPrefs): void; onOpen(r: CompanyRecord): void }) {
  const { view } = props;
  if (view.rows.length === 0) return <p className="empty">No companies match these filters.</p>;
  return (
    <ResultGrid
      rows={view.rows}
      firstRow={view.firstRow}
      available={props.columns}
      prefs={props.prefs}
      onPrefsChange={props.onPrefs}
      onOpen={props.onOpen}
      sortHint="Load all results to sort by this column."
      selectionActions={(selected) => <GridSelectionActions selected={selected} />}
    />
  );
}
