// The About of a CSV, JSON or NDJSON file, which have no About sheet: `<file>.about.json` beside it,
// holding what the XLSX About sheet holds (the source in words, the view, the columns, the profile's
// name; never a URL or a secret: the callers put only words and names in `about`). Written as
// `<sidecar>.partial` and renamed with the file by AtomicTarget.commit, so both appear or neither.
import { basename } from 'node:path';
import type { AboutEntry } from './xlsx';

export const SIDECAR_SUFFIX = '.about.json';
export const sidecarPathFor = (target: string) => `${target}${SIDECAR_SUFFIX}`;

/** The target a sidecar belongs to, or null when the name is not a sidecar's. */
export const targetOfSidecar = (path: string) => (path.endsWith(SIDECAR_SUFFIX) ? path.slice(0, -SIDECAR_SUFFIX.length) : null);

export interface SidecarDocument {
  file: string;
  format: string;
  /** The About sheet's lines in order, label -> value (dates as ISO text). */
  about: Record<string, string | number>;
}

export function sidecarDocument(target: string, format: string, about: readonly AboutEntry[]): SidecarDocument {
  const lines: Record<string, string | number> = {};
  for (const { label, value } of about) lines[label] = value instanceof Date ? value.toISOString() : value;
  return { file: basename(target), format, about: lines };
}

export const sidecarText = (doc: SidecarDocument) => `${JSON.stringify(doc, null, 2)}\n`;
