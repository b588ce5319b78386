// Countries by name, in any language Intl knows, for the places that send ISO codes: Search's value
// picker (renderer) and the Match body builder (main: the single form and every bulk row).
import { ISO_COUNTRY_CODES, isCountryCode } from './classifications';

/** Folded for matching: lower case, accents and punctuation runs ignored. */
export const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}.]+/gu, ' ')
    .trim();

const displayNames = new Map<string, Intl.DisplayNames | null>();
function regionNames(locale: string): Intl.DisplayNames | null {
  if (!displayNames.has(locale)) {
    try {
      displayNames.set(locale, new Intl.DisplayNames([locale, 'en'], { type: 'region', fallback: 'none' }));
    } catch {
      displayNames.set(locale, null);
    }
  }
  return displayNames.get(locale) ?? null;
}

let processLocale: string | undefined;
/** The process's own language (the OS's, in main; the browser's, in the renderer), read once. */
export const defaultLocale = (): string => (processLocale ??= Intl.DateTimeFormat().resolvedOptions().locale || 'en');

/** The country's name in `locale` (English as fallback), or undefined for a non-ISO code. */
export function countryName(code: string, locale: string): string | undefined {
  if (!isCountryCode(code)) return undefined;
  return regionNames(locale)?.of(code.toUpperCase()) ?? undefined;
}

/** Names a country is found by: `locale`'s and English. */
export function countryNames(code: string, locale: string): string[] {
  const names = [countryName(code, locale), countryName(code, 'en')].filter((n): n is string => Boolean(n));
  return [...new Set(names)];
}

const nameIndexes = new Map<string, Map<string, string>>();
/** Folded name -> code for `locale` and English, built once per locale (bulk match resolves every row). */
function nameIndex(locale: string): Map<string, string> {
  let index = nameIndexes.get(locale);
  if (!index) {
    index = new Map();
    for (const code of ISO_COUNTRY_CODES) for (const n of countryNames(code, locale)) if (!index.has(fold(n))) index.set(fold(n), code);
    nameIndexes.set(locale, index);
  }
  return index;
}

/** Text typed for a country: its ISO code when it is a code or a country's exact name, else null. */
export function resolveCountry(text: string, locale: string): string | null {
  const t = text.trim();
  if (isCountryCode(t)) return t.toUpperCase();
  const q = fold(t);
  if (q === '') return null;
  return nameIndex(locale).get(q) ?? null;
}
