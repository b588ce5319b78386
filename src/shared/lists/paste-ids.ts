// Pasted company ids: one or more per line (commas, semicolons, tabs or spaces between them).
// Valid company ids (isCompanyId) are kept once each in pasted order; anything else is reported with its line number.
import { isCompanyId } from '../company-id';

export interface PastedIds {
  ids: string[];
  malformed: Array<{ line: number; text: string }>;
  /** Ids pasted more than once (kept once). */
  duplicates: number;
}

export function parsePastedIds(text: string): PastedIds {
  const ids: string[] = [];
  const seen = new Set<string>();
  const malformed: PastedIds['malformed'] = [];
  let duplicates = 0;
  text.split(/\r\n|\r|\n/).forEach((raw, i) => {
    for (const token of raw.split(/[\s,;]+/)) {
      const t = token.replace(/^["']|["']$/g, '');
      if (t === '') continue;
      if (!isCompanyId(t)) {
        malformed.push({ line: i + 1, text: t.length > 60 ? `${t.slice(0, 57)}...` : t });
        continue;
      }
      const id = t.toLowerCase();
      if (seen.has(id)) duplicates++;
      else {
        seen.add(id);
        ids.push(id);
      }
    }
  });
  return { ids, malformed, duplicates };
}
