// A list view (every row, in view order) as the pages of an export job (src/main/features/export): the export
// feature writes them through the one tabular writer, with progress, cancel and the About sheet.
// Its "visible columns" are the list's own (names, ESG summary); "all fields" are the stored records
// (both row makers in shared/lists/list-export-columns.ts: the dialog counts with them too).
import type { ListView } from '../../../shared/lists/lists';
import { LIST_EXPORT_HEADERS, listExportRow, listRecordRow } from '../../../shared/lists/list-export-columns';
import type { CompanyRecord } from '../../../shared/service/schemas';
import type { WalkedPage } from '../../platform/paging/page-walker';
import type { ListsAccess } from './list-store';

export { LIST_EXPORT_HEADERS };

/** Rows per page of a list export (and per progress step). */
export const LIST_EXPORT_BATCH = 1_000;

/** The list view's order in words, for the About sheet and sidecar. */
export function listSortWords(view: ListView): string {
  if (!view.sort) return 'the order companies were added';
  return `${view.sort.field}, ${view.sort.direction === 'asc' ? 'ascending' : 'descending'} (empty cells last)`;
}

/**
 * The members of `ids` (the view's order, taken when the export started) in pages of
 * LIST_EXPORT_BATCH: one sort for the whole view, then members by id, no OFFSET walk over a long list.
 * Members removed since are left out.
 */
export async function* listPages(store: Pick<ListsAccess, 'membersByIds'>, listId: number, ids: readonly string[], allFields = false): AsyncGenerator<WalkedPage> {
  const row = allFields ? listRecordRow : listExportRow;
  for (let i = 0, number = 1; i < ids.length; i += LIST_EXPORT_BATCH, number++) {
    const members = store.membersByIds(listId, ids.slice(i, i + LIST_EXPORT_BATCH));
    yield { number, count: ids.length, records: members.map(row) as unknown as CompanyRecord[] };
    // Give cancel and progress events a turn between batches (SQLite reads are synchronous).
    await new Promise((resolve) => setImmediate(resolve));
  }
}
