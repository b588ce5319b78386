// What the value pickers offer: countries by name (ISO code sent), the industry tree (NACE divisions and
// classes), legal forms, and relations by label. Pure, so it is unit-tested in Node.
import { ISO_COUNTRY_CODES, LEGAL_FORMS, NACE_CLASSES, NACE_DIVISIONS } from '../../shared/service/classifications';
import { countryName as sharedCountryName, countryNames, fold, resolveCountry as sharedResolveCountry } from '../../shared/service/country-names';
import { isRelation, RELATION_INFO, RELATIONS, type Relation } from '../../shared/service/catalogue';

export { fold };

import { analystLocale } from './format';

const uiLocale = analystLocale;

/** The country's name in the analyst's language (English as fallback), or undefined for a non-ISO code. */
export function countryName(code: string, locale = uiLocale()): string | undefined {
  return sharedCountryName(code, locale);
}

/** A country code as shown: its name in the analyst's language, or the code as it came when it is not an ISO code. */
export function countryLabel(code: string, locale = uiLocale()): string {
  return countryName(code, locale) ?? code;
}

/**
 * A company's country as every screen shows it (issue 39 #5): the name of its ISO code in the
 * analyst's language, so the grid, lists and match results say "Deutschland" where the filter chip
 * does; the service's own name (or the code) when the code is not an ISO one.
 */
export function countryShown(code: string | null | undefined, serviceName?: string | null, locale = uiLocale()): string {
  const byCode = code ? countryName(code, locale) : undefined;
  if (byCode) return byCode;
  // Only the service's name is at hand (a grid column): named again when it is a country's English name.
  const resolved = !code && serviceName ? sharedResolveCountry(serviceName, 'en') : null;
  return (resolved ? countryName(resolved, locale) : undefined) ?? serviceName ?? code ?? '';
}

export interface CountryMatch {
  code: string;
  name: string;
}

/** Countries whose code or name matches `query` (name prefix first, then word prefix, then anywhere). */
export function searchCountries(query: string, locale = uiLocale(), limit = 12): CountryMatch[] {
  const q = fold(query);
  const all = ISO_COUNTRY_CODES.map((code) => ({ code, name: countryName(code, locale) ?? code, names: countryNames(code, locale).map(fold) }));
  if (q === '') return all.map(({ code, name }) => ({ code, name })).slice(0, limit);
  const rank = (c: (typeof all)[number]): number => {
    if (c.code.toLowerCase() === q) return 0;
    if (c.names.some((n) => n === q)) return 0;
    if (c.names.some((n) => n.startsWith(q))) return 1;
    if (c.names.some((n) => n.split(' ').some((w) => w.startsWith(q)))) return 2;
    if (q.length >= 3 && c.names.some((n) => n.includes(q))) return 3;
    return 99;
  };
  return all
    .map((c) => ({ c, r: rank(c) }))
    .filter((x) => x.r < 99)
    .sort((a, b) => a.r - b.r || a.c.name.localeCompare(b.c.name))
    .slice(0, limit)
    .map(({ c }) => ({ code: c.code, name: c.name }));
}

/** Text typed for a country: its ISO code when it is a code or a country's exact name (the analyst's language or English), else null. */
export function resolveCountry(text: string, locale = uiLocale()): string | null {
  return sharedResolveCountry(text, locale);
}

export interface IndustryNode {
  code: string;
  label: string;
  classes: { code: string; label: string }[];
}

const divisionLabel = new Map(NACE_DIVISIONS);
const classLabel = new Map(NACE_CLASSES);
export const industryLabel = (code: string): string | undefined => classLabel.get(code) ?? divisionLabel.get(code);

/**
 * The industry tree filtered by `query` (code prefix or words of a label). A division whose label matches
 * keeps all its classes; `extra` adds classes seen in a loaded snapshot. Divisions without a class are kept
 * only when `withEmptyDivisions` (a division is a value of its own for starts_with).
 */
export function industryTree(query: string, extra: readonly string[] = [], withEmptyDivisions = false): IndustryNode[] {
  const q = fold(query);
  const classes = new Map(NACE_CLASSES.map(([c, l]) => [c, l] as [string, string]));
  for (const c of extra) if (!classes.has(c)) classes.set(c, industryLabel(c) ?? '');
  const matches = (code: string, label: string) => q === '' || code.startsWith(q) || fold(label).split(' ').some((w) => w.startsWith(q)) || (q.length >= 3 && fold(label).includes(q));
  const out: IndustryNode[] = [];
  for (const [div, label] of NACE_DIVISIONS) {
    const own = [...classes].filter(([c]) => c.startsWith(`${div}.`)).sort(([a], [b]) => a.localeCompare(b));
    const divHit = matches(div, label);
    const kept = divHit ? own : own.filter(([c, l]) => matches(c, l));
    if (kept.length === 0 && !(withEmptyDivisions && divHit)) continue;
    out.push({ code: div, label, classes: kept.map(([code, l]) => ({ code, label: l })) });
  }
  // Classes outside every known division (a service with another classification) still show, ungrouped.
  const orphans = [...classes].filter(([c]) => !divisionLabel.has(c.slice(0, 2)) && matches(c, classes.get(c) ?? ''));
  if (orphans.length) out.push({ code: '', label: 'Other codes', classes: orphans.map(([code, label]) => ({ code, label })) });
  return out;
}

/** Legal forms matching `query`, with the countries they are written in. */
export function searchLegalForms(query: string): { form: string; countries: readonly string[] }[] {
  const q = fold(query);
  return LEGAL_FORMS.filter(([form]) => q === '' || fold(form).startsWith(q) || fold(form).includes(q)).map(([form, countries]) => ({ form, countries }));
}

const relationWords = (r: Relation) => [r, r.replace(/_/g, ' '), RELATION_INFO[r].label].map(fold);
const SYMBOLS: Record<string, Relation> = { '=': 'equals', '==': 'equals', '!=': 'not_equals', '<>': 'not_equals', '>': 'greater_than', '<': 'less_than' };

/** A relation typed as its name ("greater_than"), its words ("greater than"), its label ("is one of") or a symbol (">"). */
export function parseRelation(text: string): Relation | null {
  const t = text.trim();
  if (SYMBOLS[t]) return SYMBOLS[t];
  const q = fold(t);
  if (q === '') return null;
  return RELATIONS.find((r) => relationWords(r).includes(q)) ?? null;
}

/** How a relation reads in the menu: its label, or the raw text of a relation the catalogue does not know. */
export const relationText = (relation: string): string => (isRelation(relation) ? RELATION_INFO[relation].label : relation);

/** Relations whose name or label contains the typed text, the attribute's allowed ones first. */
export function searchRelations(query: string, allowed?: readonly Relation[]): Relation[] {
  const q = fold(query);
  const list = allowed ?? RELATIONS;
  return list.filter((r) => q === '' || relationWords(r).some((w) => w.includes(q)));
}
