// What the changes workbook of a search watch should hold, cell by cell, built from the changes as
// stored, without the sheet code (changes-sheets.ts): the Entered and left sheet (a company a row,
// the union of the records' flattened fields in columns, as the grid lays them out) and the Field
// changes sheet (a row per field change, a company's address parts of one check as one row). Each
// value as the tabular writer makes it a cell (toXlsxCell), so exceljs and LibreOffice read-backs
// compare against the same truth.
import { ChangeStore } from '../../../../../src/main/features/watches/change-store';
import { COMPANY_KEY_COLUMNS } from '../../../../../src/main/features/watches/changes-sheets';
import { toXlsxCell, type XlsxCell } from '../../../../../src/main/platform/tabular/cells';
import { cellValue, collectColumns, flattenRecord } from '../../../../../src/shared/search/flatten';
import type { WatchChange } from '../../../../../src/shared/watches/watches';
import type { World } from './world';

/** The changes as stored, whole (the inbox page cuts long texts), in store order. */
export const stored = (w: World, watchId: number): WatchChange[] => [...new ChangeStore(w.deps.workspace.forProfile(w.profile.id).sql, w.profile.id).each(watchId)];

export const recordOf = (c: WatchChange) => (c.kind === 'entered' ? c.newValue : c.oldValue) as Record<string, unknown>;

const LABEL = { entered: 'Entered the search', left: 'Left the search' } as Record<WatchChange['kind'], string>;

/** The Entered and left sheet: the record fields in columns (id and name are ours), header and rows. */
export function expectedCompanies(changes: readonly WatchChange[]): { fields: string[]; header: string[]; rows: XlsxCell[][] } {
  const companies = changes.filter((c) => c.kind === 'entered' || c.kind === 'left');
  const fields = collectColumns(companies.map(recordOf)).filter((p) => p !== 'company_id' && p !== 'name');
  const rows = companies.map((c) => {
    const flat = flattenRecord(recordOf(c));
    return [new Date(c.at), LABEL[c.kind], c.companyName, c.companyId, c.detail, ...fields.map((p) => cellValue(flat, p)), c.read ? 'yes' : 'no'].map(toXlsxCell);
  });
  return { fields, header: [...COMPANY_KEY_COLUMNS, 'reason', ...fields, 'read'], rows };
}

/**
 * The Field changes sheet's rows: one per field change, but a company's address parts that changed
 * together (consecutive, one check) are one row: field "address", old and new "street: …; city: …".
 */
export function expectedFieldRows(changes: readonly WatchChange[]): XlsxCell[][] {
  const fieldChanges = changes.filter((c) => c.kind === 'field');
  const rows: XlsxCell[][] = [];
  const isAddress = (c: WatchChange) => c.field!.startsWith('address.');
  for (let i = 0; i < fieldChanges.length; ) {
    const c = fieldChanges[i]!;
    let j = i;
    while (j < fieldChanges.length && isAddress(c) && isAddress(fieldChanges[j]!) && fieldChanges[j]!.companyId === c.companyId && fieldChanges[j]!.checkId === c.checkId) j++;
    if (j - i > 1) {
      const parts = fieldChanges.slice(i, j);
      const side = (k: 'oldValue' | 'newValue') => parts.map((p) => `${p.field!.slice(8).replace(/_/g, ' ')}: ${p[k] === null ? '—' : String(p[k])}`).join('; ');
      rows.push([new Date(c.at), c.companyName, c.companyId, 'address', side('oldValue'), side('newValue'), parts.every((p) => p.read) ? 'yes' : 'no'].map(toXlsxCell));
      i = j;
    } else {
      rows.push([new Date(c.at), c.companyName, c.companyId, c.field, c.oldValue, c.newValue, c.read ? 'yes' : 'no'].map(toXlsxCell));
      i++;
    }
  }
  return rows;
}
