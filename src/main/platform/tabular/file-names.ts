// The file name offered in the save dialog: the renderer's stem (what was searched) plus the time.
import { fileTimestamp } from '../../../shared/export/file-name';
import type { TableFormat } from './table-file';

export const EXTENSIONS: Record<TableFormat, string> = { csv: 'csv', xlsx: 'xlsx', json: 'json', ndjson: 'ndjson' };

/** Safe on every OS: no separators, control or reserved characters; the time and the format's extension added. */
export function suggestedFileName(format: TableFormat, suggested: string | undefined, now: Date): string {
  const ext = EXTENSIONS[format];
  let base = (suggested ?? '')
    .replace(/[\u0000-\u001f\u007f<>:"/\\|?*]+/g, ' ')
    .replace(/\.(csv|xlsx|json|ndjson)$/i, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
    .slice(0, 120);
  if (!base) base = 'companies';
  return `${base}-${fileTimestamp(now)}.${ext}`;
}
