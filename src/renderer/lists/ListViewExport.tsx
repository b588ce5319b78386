// "Export view…" on a list: every row of the list view (its text filter and sort) through the one
// view export dialog, in CSV, XLSX, JSON or NDJSON. The list's "visible columns" are its own export
// columns (names, the id, country, size, ESG summary); "all fields" are the stored search records
// with the ESG summary. Main reads the members (export source `list`); the dialog counts the cells
// the CSV formula prefix would touch on the rows on screen, made into rows as main makes them.
import type { ListInfo, ListMember, ListView } from '../../shared/lists/lists';
import { LIST_EXPORT_HEADERS, listExportRow, listRecordRow } from '../../shared/lists/list-export-columns';
import { formatCount } from '../ui/format';
import { ViewExportDialog } from '../export/ViewExportDialog';
import { exportCalls } from '../data/export';

export interface ListViewExportProps {
  list: ListInfo;
  view: ListView;
  /** Rows of the view (null while counted). */
  total: number | null;
  /** The sorted column's label, as the table heads it (undefined: the order companies were added). */
  sortLabel?: string;
  /** Rows on screen: the formula-prefix count is made on them, as main will write them. */
  rows: readonly ListMember[];
}

export function ListViewExport({ list, view, total, sortLabel, rows: onScreen }: ListViewExportProps) {
  const order = view.sort && sortLabel ? `sorted by ${sortLabel}, ${view.sort.direction === 'asc' ? 'ascending' : 'descending'}` : 'in the order companies were added';
  const filter = view.text ? `filter “${view.text}”` : 'no filter';
  return (
    <ViewExportDialog
      title={`Export the view of list “${list.name}”`}
      align="left"
      summary={(mode) => {
        if (total === null) return null;
        const rows = `${formatCount(total)} row${total === 1 ? '' : 's'}`;
        const of = view.text ? `the filtered view of a ${formatCount(list.memberCount)}-company list` : `the whole ${formatCount(list.memberCount)}-company list`;
        return `${rows} (${of}), ${mode === 'visible' ? `the list’s ${LIST_EXPORT_HEADERS.length} columns` : 'every field that has a value'}`;
      }}
      hint={`In the view’s order (${order}); ${filter}. The Excel file’s About sheet (for CSV and JSON, the .about.json file beside it) records the list, its filter, its sort and the columns.`}
      visibleLabel={`The list’s columns (${LIST_EXPORT_HEADERS.length}: name, id, country, industry, size, ESG summary)`}
      allLabel="All fields (every field of the stored search records, with the ESG summary)"
      sample={(mode) => ({ records: onScreen.map(mode === 'visible' ? listExportRow : listRecordRow), columns: mode === 'visible' ? LIST_EXPORT_HEADERS : null, of: 'the rows on screen' })}
      empty={total === 0}
      start={({ format, columnMode, csv }) =>
        exportCalls.start({ source: { kind: 'list', listId: list.id, view, fields: columnMode === 'visible' ? 'list' : 'all' }, format, columns: null, ...(csv ? { csv } : {}) })
      }
    />
  );
}
