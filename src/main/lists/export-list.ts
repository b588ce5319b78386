// A list view (every row, in view order) as the pages of an export job (src/main/export): the export
// feature writes them through the one tabular writer, with progress, cancel and the About sheet.
import type { ListMember } from '../../shared/lists/lists';
import type { CompanyRecord } from '../../shared/service/schemas';
import type { WalkedPage } from '../export/page-walker';
import type { ListsAccess } from './list-store';

/** Column header -> value of one member. Names first, the id beside them so rows join back. */
export const LIST_EXPORT_COLUMNS: ReadonlyArray<readonly [string, (m: ListMember) => unknown]> = [
  ['Name', (m) => m.name],
  ['Company ID', (m) => m.companyId],
  ['Country', (m) => m.countryName ?? m.country],
  ['Country code', (m) => m.country],
  ['Industry', (m) => m.industry],
  ['Employees', (m) => m.employees],
  ['Revenue (USD)', (m) => m.revenue],
  ['ESG overall score', (m) => m.esg.overallScore],
  ['ESG overall rating', (m) => m.esg.overallRating],
  ['Environmental score', (m) => m.esg.environmentalScore],
  ['Environmental rating', (m) => m.esg.environmentalRating],
  ['Social score', (m) => m.esg.socialScore],
  ['Social rating', (m) => m.esg.socialRating],
  ['Governance score', (m) => m.esg.governanceScore],
  ['Governance rating', (m) => m.esg.governanceRating],
  ['News articles', (m) => m.esg.newsCount],
  ['Commitments', (m) => m.esg.commitmentsCount],
  ['ESG last refreshed', (m) => (m.esg.refreshedAt ? new Date(m.esg.refreshedAt).toISOString() : null)],
  ['Overall change since previous refresh', (m) => m.esg.overallChange],
  ['Added to list', (m) => new Date(m.addedAt).toISOString()],
];

export const LIST_EXPORT_HEADERS = LIST_EXPORT_COLUMNS.map(([header]) => header);

/** Rows per page of a list export (and per progress step). */
export const LIST_EXPORT_BATCH = 1_000;

/** One row keyed by column header (no header has a dot, so the writer places each at its column). */
export function listExportRow(m: ListMember): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const [header, value] of LIST_EXPORT_COLUMNS) row[header] = value(m) ?? null;
  return row;
}

/**
 * The members of `ids` (the view's order, taken when the export started) in pages of
 * LIST_EXPORT_BATCH: one sort for the whole view, then members by id, no OFFSET walk over a long list.
 * Members removed since are left out.
 */
export async function* listPages(store: Pick<ListsAccess, 'membersByIds'>, listId: number, ids: readonly string[]): AsyncGenerator<WalkedPage> {
  for (let i = 0, number = 1; i < ids.length; i += LIST_EXPORT_BATCH, number++) {
    const members = store.membersByIds(listId, ids.slice(i, i + LIST_EXPORT_BATCH));
    yield { number, count: ids.length, records: members.map(listExportRow) as unknown as CompanyRecord[] };
    // Give cancel and progress events a turn between batches (SQLite reads are synchronous).
    await new Promise((resolve) => setImmediate(resolve));
  }
}
