// The file name offered in the save dialog.
import type { ExportFormat } from './run-export';

export const EXTENSIONS: Record<ExportFormat, string> = { csv: 'csv', xlsx: 'xlsx', json: 'json', ndjson: 'ndjson' };

/** Safe on every OS: no separators, control or reserved characters; the format's extension enforced. */
export function suggestedFileName(format: ExportFormat, suggested: string | undefined, now: Date): string {
  const ext = EXTENSIONS[format];
  const stamp = now.toISOString().slice(0, 16).replace('T', '-').replace(':', '');
  let base = (suggested ?? '')
    .replace(/[\u0000-\u001f\u007f<>:"/\\|?*]+/g, ' ')
    .replace(/\.(csv|xlsx|json|ndjson)$/i, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
    .slice(0, 120);
  if (!base) base = `companies-${stamp}`;
  return `${base}.${ext}`;
}
