// A list view (every row, in view order) to CSV or XLSX through the one tabular writer: atomic
// target, journal of temporaries, formula rules, an About sheet naming the list and profile.
import { randomUUID } from 'node:crypto';
import type { ListInfo, ListMember, ListView } from '../../shared/lists/lists';
import { AtomicTarget } from '../tabular/atomic-target';
import type { CsvOptions } from '../tabular/csv';
import type { ExportJournal } from '../tabular/journal';
import { openTableFile, type AboutEntry } from '../tabular/table-file';
import type { ListStore } from './list-store';

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

const BATCH = 1_000;

export interface ListExportSpec {
  store: ListStore;
  list: ListInfo;
  view: ListView;
  format: 'csv' | 'xlsx';
  csv?: Partial<CsvOptions>;
  target: string;
  journal: ExportJournal;
  profileName: string | null;
  now: Date;
}

export async function exportList(spec: ListExportSpec): Promise<{ rows: number }> {
  const target = await AtomicTarget.open(spec.target, spec.journal, randomUUID());
  try {
    const file = await openTableFile(target, {
      format: spec.format,
      columns: LIST_EXPORT_COLUMNS.map(([h]) => h),
      csv: spec.csv,
      sheetName: 'Companies',
    });
    let rows = 0;
    try {
      // One sort for the whole view, then members by id in batches: no OFFSET walk over a long list.
      const ids = spec.store.viewIds(spec.list.id, spec.view);
      for (let i = 0; i < ids.length; i += BATCH) {
        const members = spec.store.membersByIds(spec.list.id, ids.slice(i, i + BATCH));
        await file.writeRows(members.map((m) => LIST_EXPORT_COLUMNS.map(([, value]) => value(m) ?? null)));
        rows += members.length;
      }
      const about: AboutEntry[] = [
        { label: 'Exported by', value: 'Firmscope' },
        { label: 'List', value: spec.list.name },
        { label: 'Profile', value: spec.profileName ?? '(none)' },
        { label: 'Exported at', value: spec.now.toISOString() },
        { label: 'Rows', value: rows },
        { label: 'Filter', value: spec.view.text?.trim() || '(none)' },
      ];
      await file.finish(about);
    } catch (e) {
      await file.abort();
      throw e;
    }
    return { rows };
  } catch (e) {
    await target.discard();
    throw e;
  }
}
