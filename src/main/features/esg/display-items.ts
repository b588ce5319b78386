// ESG items as the screen gets them: every text value clamped, so a 5 MB headline costs neither the
// bridge (8 MB frames in browser mode) nor the page. The workspace store and exports keep the whole
// value; only what crosses to the renderer is cut, and says so.
import type { CompanyEsgLatest, StoredEsgResult } from '../../../shared/esg-runs/schemas';
import { sentenceCount } from '../../../shared/sentence-numbers';

/** Characters of one text value sent to the screen. */
export const DISPLAY_MAX_CHARS = 2_000;
/** Nesting shown (answers are refused beyond 64 levels when fetched; older stored data is cut here). */
const DISPLAY_MAX_DEPTH = 64;

export function clampText(text: string): string {
  if (text.length <= DISPLAY_MAX_CHARS) return text;
  // Never split a surrogate pair.
  const end = /[\uD800-\uDBFF]/.test(text.charAt(DISPLAY_MAX_CHARS - 1)) ? DISPLAY_MAX_CHARS - 1 : DISPLAY_MAX_CHARS;
  return `${text.slice(0, end)}… [cut: ${sentenceCount(text.length)} characters in all; the export has the full text]`;
}

function clampValue(v: unknown, depth: number): unknown {
  if (typeof v === 'string') return clampText(v);
  if (v === null || typeof v !== 'object') return v;
  if (depth >= DISPLAY_MAX_DEPTH) return '[nested too deep to show]';
  if (Array.isArray(v)) return v.map((x) => clampValue(x, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) Object.defineProperty(out, k, { value: clampValue(x, depth + 1), enumerable: true, writable: true, configurable: true });
  return out;
}

export function displayItems(items: readonly Record<string, unknown>[]): Record<string, unknown>[] {
  return items.map((item) => clampValue(item, 1) as Record<string, unknown>);
}

export function displayResult(r: StoredEsgResult): StoredEsgResult;
export function displayResult(r: StoredEsgResult | null): StoredEsgResult | null;
export function displayResult(r: StoredEsgResult | null): StoredEsgResult | null {
  return r && { ...r, items: displayItems(r.items) };
}

export function displayLatest(l: CompanyEsgLatest): CompanyEsgLatest {
  const modules = { ...l.modules };
  for (const m of Object.keys(modules) as (keyof typeof modules)[]) modules[m] = { ...modules[m], latest: displayResult(modules[m].latest), previous: displayResult(modules[m].previous) };
  return { ...l, modules };
}
