// Rows of a bulk file that repeat an earlier row: the same value in the key column (the analyst's
// own id: `ref`, `customer id`, `Kundennr`...), or the same company name and country (case, spacing
// and a country's name or code aside). A repeat is flagged with the line it repeats; one whose facts
// are the same as that line's is matched once, the answer reused (bulk-job.ts), so the service is
// not asked the same question twice.
import { defaultLocale, resolveCountry } from '../../../shared/service/country-names';
import { MAPPABLE_FIELDS, type MatchFieldValues } from '../../../shared/match/fields';

export type RepeatReason = 'key' | 'name';

export interface Repeat {
  /** The line of the earlier row this one repeats (its first occurrence). */
  of: number;
  reason: RepeatReason;
  /** What is the same, as the file says it on this row: the key's cell, or "name, country". */
  value: string;
}

const squash = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');
/** Column names that hold the analyst's own id of a row, squashed; the first found wins. */
const KEY_NAMES = ['ref', 'reference', 'id', 'key', 'customerid', 'customerno', 'customernumber', 'kundennr', 'kundennummer', 'clientid', 'accountid', 'recordid', 'rowid'];
/** Loose: a name ending like an id column ("Supplier ID", "Debitor-Nr", "CRM key"). */
const KEY_ENDINGS = ['id', 'ref', 'nr', 'no', 'number', 'key', 'nummer'];

/** The column that most likely holds the analyst's own id of each row, or null. */
export function guessKeyColumn(headers: readonly string[]): string | null {
  for (const k of KEY_NAMES) {
    const h = headers.find((x) => squash(x) === k);
    if (h !== undefined) return h;
  }
  return headers.find((h) => KEY_ENDINGS.some((e) => squash(h).endsWith(e) && squash(h).length > e.length && squash(h).length <= 16)) ?? null;
}

/** Case, spacing and Unicode forms aside. */
export const normalise = (s: string) => s.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();

function normalCountry(s: string | undefined): string {
  if (!s) return '';
  return (resolveCountry(s, defaultLocale()) ?? normalise(s)).toLowerCase();
}

/** Every mapped fact, normalised: rows with equal facts get the same answer from the service. */
export function factsKey(input: MatchFieldValues): string {
  return MAPPABLE_FIELDS.map((f) => (f === 'country' ? normalCountry(input.country) : normalise(input[f] ?? ''))).join('\u0000');
}

/** First occurrences seen so far, by key value and by name + country. */
export class RepeatIndex {
  private readonly byKey = new Map<string, number>();
  private readonly byName = new Map<string, number>();

  /** `keyColumn`: the header of the key column, or null for none. */
  constructor(readonly keyColumn: string | null) {}

  /**
   * The earlier row that the row on `line` repeats, or null (then it is the first of its kind and
   * later rows are compared with it). `keyCell`: the row's cell in the key column.
   */
  check(line: number, keyCell: string | undefined, input: MatchFieldValues): Repeat | null {
    const key = this.keyColumn !== null && keyCell !== undefined ? normalise(keyCell) : '';
    const name = input.name ? `${normalise(input.name)}\u0000${normalCountry(input.country)}` : '';
    const byKey = key ? this.byKey.get(key) : undefined;
    const byName = name ? this.byName.get(name) : undefined;
    if (key && byKey === undefined) this.byKey.set(key, line);
    if (name && byName === undefined) this.byName.set(name, line);
    if (byKey !== undefined) return { of: byKey, reason: 'key', value: keyCell!.trim() };
    if (byName !== undefined) return { of: byName, reason: 'name', value: [input.name, input.country].filter(Boolean).join(', ') };
    return null;
  }
}
