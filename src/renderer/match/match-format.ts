// Display helpers shared by the single and bulk views.
import type { CompanyRecord } from '../../shared/service/schemas';
import type { BulkRowView } from '../../shared/bridge/groups/match';

export function formatConfidence(c: number): string {
  return `${Math.round(c * 100)}%`;
}

export function confidenceLevel(c: number): 'high' | 'medium' | 'low' {
  return c >= 0.8 ? 'high' : c >= 0.5 ? 'medium' : 'low';
}

export function companyLabel(c: CompanyRecord): string {
  const name = (c as Record<string, unknown>).name;
  return typeof name === 'string' && name.trim() ? name : c.company_id;
}

/** A scalar field of a company record as text, or ''. */
export function companyField(c: CompanyRecord, key: string): string {
  const v = (c as Record<string, unknown>)[key];
  return typeof v === 'string' || typeof v === 'number' ? String(v) : '';
}

export const ROW_STATE_LABEL: Record<BulkRowView['state'], string> = {
  pending: 'Pending',
  matched: 'Matched',
  no_match: 'No match',
  error: 'Error',
  invalid: 'Invalid',
};
