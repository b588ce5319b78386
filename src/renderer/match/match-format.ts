// Display helpers shared by the single and bulk views.
import type { CompanyRecord } from '../../shared/service/schemas';
import { formatCount } from '../ui/format';
// The table's labels are shared with main, which writes them in the results view export.
export { companyLabel, DECISION_TEXT, ROW_STATE_LABEL } from '../../shared/match/bulk-row-columns';

export function formatConfidence(c: number): string {
  return `${Math.round(c * 100)}%`;
}

export function confidenceLevel(c: number): 'high' | 'medium' | 'low' {
  return c >= 0.8 ? 'high' : c >= 0.5 ? 'medium' : 'low';
}

/** A scalar field of a company record as text, or ''. */
export function companyField(c: CompanyRecord, key: string): string {
  const v = (c as Record<string, unknown>)[key];
  return typeof v === 'string' || typeof v === 'number' ? String(v) : '';
}

const ACRONYMS: Record<string, string> = { id: 'ID', url: 'URL', nace: 'NACE', esg: 'ESG', iso: 'ISO', vat: 'VAT', lei: 'LEI' };

/** A record key as an analyst reads it: "company_id" -> "Company ID", "address.postal_code" -> "Address: postal code". */
export function fieldLabel(key: string): string {
  const words = (part: string) =>
    part
      .split(/[_\s]+/)
      .filter(Boolean)
      .map((w) => ACRONYMS[w.toLowerCase()] ?? w.toLowerCase())
      .join(' ');
  const text = key.split('.').map(words).filter(Boolean).join(': ');
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : key;
}

/** A review decision as the screen says it (the export writes DECISION_LABEL's lower-case words). */

/** "1–50 of 1,234": the rows a page shows, numbers grouped. */
export function pageRange(offset: number, pageSize: number, total: number): string {
  return `${formatCount(total === 0 ? 0 : offset + 1)}–${formatCount(Math.min(offset + pageSize, total))} of ${formatCount(total)}`;
}
