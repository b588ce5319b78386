// The suggestion groups a value picker shows for an attribute and the text typed so far: the catalogue's
// lists (countries by name, the industry tree, legal forms) and values seen in the loaded snapshot. Pure.
import type { FacetCount } from '../../../shared/workbench/snapshot';
import { findAttribute } from '../../../shared/service/catalogue';
import type { ComboGroup, ComboOption } from './Combobox';
import { countryName, fold, industryLabel, industryTree, searchCountries, searchLegalForms } from './value-catalogue';

const MAX_OPTIONS = 60;
const companies = new Intl.NumberFormat();
const seenDetail = (n: number) => `${companies.format(n)} in loaded results`;

/** Attributes whose seen values are fetched whole (matched here by name or label), not by prefix. */
export const LOCAL_MATCH_FIELDS = new Set(['country', 'industry_code', 'legal_form']);

/** How a chip or a picked value reads: "Germany (DE)", "62.01 Computer programming activities". */
export function valueLabel(attribute: string, value: string): string {
  if (attribute === 'country') {
    const name = countryName(value);
    return name ? `${name} (${value.toUpperCase()})` : value;
  }
  if (attribute === 'industry_code') {
    const label = industryLabel(value);
    return label ? `${value} ${label}` : value;
  }
  return value;
}

export interface OptionsInput {
  attribute: string;
  relation: string;
  query: string;
  /** Values of the attribute in the loaded snapshot, most frequent first. */
  seen: readonly FacetCount[];
  /** Values already chosen (chips), left out of the list. */
  exclude?: readonly string[];
}

export function valueOptions({ attribute, relation, query, seen, exclude = [] }: OptionsInput): ComboGroup[] {
  const skip = new Set(exclude);
  const keep = (o: ComboOption) => !skip.has(o.value);
  const q = fold(query);
  const groups: ComboGroup[] = [];
  const seenStrings = seen.filter((s) => typeof s.key === 'string' && s.key !== '') as { key: string; count: number }[];

  if (attribute === 'country') {
    const hits = seenStrings
      .filter((s) => q === '' || s.key.toLowerCase() === q || fold(countryName(s.key) ?? '').split(' ').some((w) => w.startsWith(q)))
      .map((s) => ({ value: s.key, label: countryName(s.key) ?? s.key, detail: `${s.key} · ${seenDetail(s.count)}` }));
    groups.push({ label: 'In the loaded results', options: hits.filter(keep).slice(0, 10) });
    const shown = new Set(groups[0].options.map((o) => o.value));
    groups.push({
      label: 'Countries',
      options: searchCountries(query, undefined, 30)
        .map((c) => ({ value: c.code, label: c.name, detail: c.code }))
        .filter((o) => keep(o) && !shown.has(o.value)),
    });
    return trim(groups);
  }

  if (attribute === 'industry_code') {
    const startsWith = relation === 'starts_with';
    const counts = new Map(seenStrings.map((s) => [s.key, s.count]));
    for (const div of industryTree(query, [...counts.keys()], startsWith)) {
      const options: ComboOption[] = [];
      if (startsWith && div.code) options.push({ value: div.code, label: `Whole division ${div.code}`, detail: 'every class in it', level: 0 });
      for (const c of div.classes) {
        const n = counts.get(c.code);
        options.push({ value: c.code, label: `${c.code} ${c.label}`.trim(), detail: n ? seenDetail(n) : undefined, level: 1 });
      }
      groups.push({ label: div.code ? `${div.code} ${div.label}` : div.label, options: options.filter(keep) });
    }
    return trim(groups);
  }

  const matches = (s: string) => q === '' || fold(s).startsWith(q) || fold(s).includes(q);
  const seenOptions = seenStrings.filter((s) => matches(s.key)).map((s) => ({ value: s.key, label: s.key, detail: seenDetail(s.count) }));
  groups.push({ label: 'In the loaded results', options: seenOptions.filter(keep).slice(0, 20) });
  const shown = new Set(seenOptions.map((o) => o.value));

  if (attribute === 'legal_form') {
    groups.push({
      label: 'Legal forms',
      options: searchLegalForms(query)
        .map(({ form, countries }) => ({ value: form, label: form, detail: countries.join(', ') }))
        .filter((o) => keep(o) && !shown.has(o.value)),
    });
    return trim(groups);
  }

  const attr = findAttribute(attribute);
  if (attr?.suggestions && attr.valueType === 'string') {
    groups.push({
      label: 'Examples',
      options: attr.suggestions
        .map(String)
        .filter((s) => matches(s))
        .map((s) => ({ value: s, label: s }))
        .filter((o) => keep(o) && !shown.has(o.value)),
    });
  }
  return trim(groups);
}

/** Empty groups dropped and the whole list capped (a long list helps nobody and slows typing). */
function trim(groups: ComboGroup[]): ComboGroup[] {
  let left = MAX_OPTIONS;
  const out: ComboGroup[] = [];
  for (const g of groups) {
    if (left <= 0) break;
    const options = g.options.slice(0, left);
    left -= options.length;
    if (options.length) out.push({ label: g.label, options });
  }
  return out;
}
