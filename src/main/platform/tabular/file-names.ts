// The file name offered in the save dialog: the renderer's stem (what was searched) plus the time.
import { cutToBytes, FILE_NAME_BUDGET, fileNameText, fileTimestamp, utf8Bytes } from '../../../shared/export/file-name';
import type { TableFormat } from './table-file';

export const EXTENSIONS: Record<TableFormat, string> = { csv: 'csv', xlsx: 'xlsx', json: 'json', ndjson: 'ndjson' };

/** Characters of the stem at most: short enough for Windows' 260-character paths in a usual folder. */
const STEM_MAX_CHARS = 120;

/**
 * Safe on every OS (fileNameText); the time and the format's extension added, and the whole cut by
 * UTF-8 bytes (not characters) so that `.partial` and `.about.json.partial` still fit: a list named
 * in 78 CJK characters is 234 bytes on its own.
 */
export function suggestedFileName(format: TableFormat, suggested: string | undefined, now: Date): string {
  const tail = `-${fileTimestamp(now)}.${EXTENSIONS[format]}`;
  const stem = fileNameText((suggested ?? '').replace(/\.(csv|xlsx|json|ndjson)$/i, ''));
  const base = cutToBytes([...stem].slice(0, STEM_MAX_CHARS).join(''), FILE_NAME_BUDGET - utf8Bytes(tail)).replace(/[. ]+$/, '');
  return `${base || 'companies'}${tail}`;
}
