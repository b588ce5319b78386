// PLACEHOLDER until the export issue lands. Props are the contract the search screen renders with.
import type { CompanyRecord } from '../../shared/service/schemas';

export interface ExportMenuProps {
  /** The search as sent (already validated), for all-pages exports. */
  body: unknown;
  pageSize: number;
  /** Total rows of the search (`count`). */
  count: number;
  /** Rows of the page on screen. */
  rows: CompanyRecord[];
  /** Visible grid columns in order (dotted paths). */
  columns: string[];
}

export function ExportMenu(_props: ExportMenuProps) {
  return null;
}
