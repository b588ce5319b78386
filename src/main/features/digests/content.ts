// What the outbox keeps of a digest (digests.content, jsonb): its checks and changes, bounded. A
// check of a 100,000-row search can find thousands of changes with whole records: the first
// SHOWN_PER_CHECK keep their values (strings cut, records to their plain fields), the rest only what
// the headline counts (kind, company id, a rating's direction). Rendered again from this at each
// attempt, so a retry sends the same words.
import type { FoundChange } from '../watches/change-store';
import type { DigestItem } from './digest-model';

export interface DigestContent {
  items: DigestItem[];
}

/** More than any channel shows per watch (render.ts MAIL_LIMITS.perWatch). */
export const SHOWN_PER_CHECK = 100;
const STRING_CHARS = 1000;
const KEYS = 30;
// PostgreSQL's jsonb refuses \u0000 and a lone surrogate (a cut can split a pair) in a string.
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const text = (s: string) => (s.length > STRING_CHARS ? s.slice(0, STRING_CHARS) : s).replace(UNSTORABLE, '\ufffd');

function compactValue(v: unknown, depth = 0): unknown {
  if (typeof v === 'string') return text(v);
  if (v === null || typeof v !== 'object') return typeof v === 'number' || typeof v === 'boolean' ? v : null;
  if (depth >= 2) return null;
  if (Array.isArray(v)) return v.slice(0, 10).map((x) => compactValue(x, depth + 1));
  const out: Record<string, unknown> = {};
  let n = 0;
  for (const key in v) {
    if (n++ >= KEYS) break;
    out[text(key)] = compactValue((v as Record<string, unknown>)[key], depth + 1);
  }
  return out;
}

function compactChange(c: FoundChange, shown: boolean): FoundChange {
  if (!shown) return { kind: c.kind, companyId: text(c.companyId), companyName: null, field: null, module: null, oldValue: null, newValue: null, detail: c.kind === 'rating' ? c.detail : null };
  const cut = (s: string | null) => (s === null ? null : text(s));
  return { ...c, companyId: text(c.companyId), companyName: cut(c.companyName), field: cut(c.field), detail: cut(c.detail), oldValue: compactValue(c.oldValue), newValue: compactValue(c.newValue) };
}

export function compactContent(items: readonly DigestItem[]): DigestContent {
  return {
    items: items.map((i) => ({
      watch: { id: i.watch.id, name: text(i.watch.name), targetKind: i.watch.targetKind, ...(i.watch.scoreThreshold !== undefined ? { scoreThreshold: i.watch.scoreThreshold } : {}) },
      checkId: i.checkId,
      checkedAt: i.checkedAt,
      changes: i.changes.map((c, k) => compactChange(c, k < SHOWN_PER_CHECK)),
    })),
  };
}
