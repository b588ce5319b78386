// NACE Rev. 2 sections (A–U) in the industry picker. A section has no code of its own: the service
// matches industry_code exactly (in / equals) or by prefix (starts_with), so a section is sent as `in`
// over its classes, or as its one division's prefix where the section is a single division. Pure.
import { NACE_CLASSES, NACE_SECTIONS } from '../../../shared/service/classifications';
import { fold } from '../../../shared/service/country-names';
import { relationText } from '../../ui/value-catalogue';

export interface NaceSection {
  letter: string;
  label: string;
  /** First and last division (two digits, inclusive). */
  first: string;
  last: string;
}

export const SECTIONS: readonly NaceSection[] = NACE_SECTIONS.map(([letter, label, first, last]) => ({ letter, label, first, last }));

/** "10–33", or "35" for a one-division section. */
export const divisionRange = (s: NaceSection): string => (s.first === s.last ? s.first : `${s.first}–${s.last}`);

/** The section a code (division "62" or class "62.01") belongs to. */
export function sectionOf(code: string): NaceSection | undefined {
  const div = /^(\d{2})(\.|$)/.exec(code.trim())?.[1];
  if (!div) return undefined;
  return SECTIONS.find((s) => div >= s.first && div <= s.last);
}

export const findSection = (letter: string): NaceSection | undefined => SECTIONS.find((s) => s.letter === letter.trim().toUpperCase());

/** The classes of a section the catalogue knows, with `extra` classes (seen in a loaded snapshot) of the section added; sorted. */
export function sectionClasses(s: NaceSection, extra: readonly string[] = []): string[] {
  const inSection = (c: string) => /^\d{2}\.\d+$/.test(c) && sectionOf(c) === s;
  return [...new Set([...NACE_CLASSES.map(([c]) => c), ...extra].filter(inSection))].sort();
}

/** Sections whose letter is `query`, or a word of whose label starts with it (3+ letters: anywhere); the letter match first. */
export function searchSections(query: string): NaceSection[] {
  const q = fold(query);
  if (q === '') return [...SECTIONS];
  const byLetter = SECTIONS.filter((s) => s.letter.toLowerCase() === q);
  const byLabel = SECTIONS.filter((s) => !byLetter.includes(s) && (fold(s.label).split(/[\s,;]+/).some((w) => w.startsWith(q)) || (q.length >= 3 && fold(s.label).includes(q))));
  return [...byLetter, ...byLabel];
}

/**
 * What picking a section sends for a relation: starts_with on a one-division section is that division's
 * prefix; anything else is `in` / `not_in` over the section's classes (no single code names a section).
 */
export function sectionCondition(s: NaceSection, relation: string, extra: readonly string[] = []): { relation: string; value: string | string[] } {
  if (relation === 'starts_with' && s.first === s.last) return { relation, value: s.first };
  const negated = relation === 'not_in' || relation === 'not_equals';
  return { relation: negated ? 'not_in' : 'in', value: sectionClasses(s, extra) };
}

/** A whole section among a list's values: shown as one chip. */
export interface SectionChip {
  section: NaceSection;
  /** The list's values in the section, in list order. */
  codes: string[];
}

/**
 * Sections a list of values covers whole (every class of the section the catalogue knows, two at least,
 * so a single class is not shown as a section), with every value of the list that lies in the section.
 */
export function sectionChips(values: readonly string[]): SectionChip[] {
  const out: SectionChip[] = [];
  for (const s of SECTIONS) {
    const known = sectionClasses(s);
    if (known.length < 2 || !known.every((c) => values.includes(c))) continue;
    out.push({ section: s, codes: values.filter((v) => sectionOf(v) === s) });
  }
  return out;
}

/** Why a one-value condition became a list when a section was picked for it. */
export function sectionNote(letter: string, from: string, to: string, codes: number): string {
  return `Section ${letter} has no single code that "${relationText(from)}" can match: this condition now sends "${relationText(to)}" with its ${codes} ${codes === 1 ? 'class' : 'classes'}.`;
}
