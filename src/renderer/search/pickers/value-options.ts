// The suggestion groups a value picker shows for an attribute and the text typed so far: the catalogue's
// lists (countries by name, the industry tree with its sections, legal forms) and values seen in the loaded
// snapshot. Pure.
import type { FacetCount } from '../../../shared/snapshots/snapshot';
import { findAttribute } from '../../../shared/service/catalogue';
import type { ComboGroup, ComboOption } from './Combobox';
import { divisionRange, searchSections, SECTIONS, sectionCondition, sectionOf, type NaceSection } from './nace-sections';
import { countryName, fold, industryLabel, industryTree, searchCountries, searchLegalForms, type IndustryNode } from '../../ui/value-catalogue';
import { formatCount } from '../../ui/format';

const MAX_OPTIONS = 60;
const seenDetail = (n: number) => `${formatCount(n)} in loaded results`;

/** Attributes whose seen values are fetched whole (matched here by name or label), not by prefix. */
export const LOCAL_MATCH_FIELDS = new Set(['country', 'industry_code', 'legal_form']);

/** Attributes whose pickers offer a closed catalogue: the best suggestion is highlighted while typing, so Enter takes it. */
const CLOSED_CATALOGUE_FIELDS = new Set(['country', 'industry_code', 'legal_form']);
export const autoSelects = (attribute: string): boolean => CLOSED_CATALOGUE_FIELDS.has(attribute);

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
    const inResults = hits.filter(keep).slice(0, 10);
    groups.push({ label: 'In the loaded results', options: inResults });
    const shown = new Set(inResults.map((o) => o.value));
    groups.push({
      label: 'Countries',
      options: searchCountries(query, undefined, 30)
        .map((c) => ({ value: c.code, label: c.name, detail: c.code }))
        .filter((o) => keep(o) && !shown.has(o.value)),
    });
    return trim(groups);
  }

  if (attribute === 'industry_code') return trim(industryGroups(relation, query, seenStrings, keep));

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

/**
 * The industry tree as groups: a section's own group (picking it sends its classes, or its one division's
 * prefix for starts_with; see sectionCondition) before the groups of its divisions. A section typed by its
 * letter comes first.
 */
function industryGroups(relation: string, query: string, seen: readonly { key: string; count: number }[], keep: (o: ComboOption) => boolean): ComboGroup[] {
  const startsWith = relation === 'starts_with';
  const counts = new Map(seen.map((s) => [s.key, s.count]));
  const extra = [...counts.keys()];
  const divisions = industryTree(query, extra, startsWith);
  const hits = searchSections(query);
  const byLetter = hits.filter((s) => s.letter.toLowerCase() === fold(query));
  // undefined last: classes outside every known division ("Other codes").
  const order = [...byLetter, ...SECTIONS.filter((s) => !byLetter.includes(s)), undefined];
  const unchosen = (o: ComboOption) => (o.values ? o.values.some((v) => keep({ value: v, label: v })) : keep(o));
  const groups: ComboGroup[] = [];
  for (const s of order) {
    if (s && hits.includes(s)) {
      const option = sectionOption(s, relation, extra);
      if (option && unchosen(option)) groups.push({ label: `Section ${s.letter} (divisions ${divisionRange(s)})`, options: [option] });
    }
    for (const div of divisions.filter((d) => sectionOf(d.code) === s)) groups.push(divisionGroup(div, startsWith, counts, keep));
  }
  return groups;
}

/** A section as one option, or null when it cannot be sent (an `in` over no known class). */
function sectionOption(s: NaceSection, relation: string, extra: readonly string[]): ComboOption | null {
  const sent = sectionCondition(s, relation, extra);
  if (typeof sent.value === 'string') return { value: sent.value, label: `${s.letter} ${s.label}`, detail: `whole section: starts with ${sent.value}`, level: 0 };
  if (sent.value.length === 0) return null;
  const n = sent.value.length;
  return { value: s.letter, values: sent.value, label: `${s.letter} ${s.label}`, detail: `whole section: ${n} ${n === 1 ? 'class' : 'classes'}`, level: 0 };
}

function divisionGroup(div: IndustryNode, startsWith: boolean, counts: Map<string, number>, keep: (o: ComboOption) => boolean): ComboGroup {
  const options: ComboOption[] = [];
  if (startsWith && div.code) options.push({ value: div.code, label: `Whole division ${div.code}`, detail: 'every class in it', level: 0 });
  for (const c of div.classes) {
    const n = counts.get(c.code);
    options.push({ value: c.code, label: `${c.code} ${c.label}`.trim(), detail: n ? seenDetail(n) : undefined, level: 1 });
  }
  return { label: div.code ? `${div.code} ${div.label}` : div.label, options: options.filter(keep) };
}
