// The attribute picker: attributes typed by their label ("Country") or their field name ("country");
// the field name is what is sent. Only a whole label or name resolves ("Industry" is industry_label,
// never a prefix of "Industry code"). Pure.
import { ATTRIBUTES, type AttributeInfo } from '../../../shared/service/catalogue';
import type { ComboGroup } from './Combobox';
import { fold } from '../../ui/value-catalogue';

/** The field name of the attribute whose name or label is `text` (any case, trimmed), or null. */
export function resolveAttribute(text: string): string | null {
  const q = fold(text);
  if (q === '') return null;
  return (ATTRIBUTES.find((a) => fold(a.name) === q) ?? ATTRIBUTES.find((a) => fold(a.label) === q))?.name ?? null;
}

const words = (a: AttributeInfo) => [fold(a.label), fold(a.name), fold(a.name.replace(/_/g, ' '))];

/** Attributes matching `query`: whole label or name first, then a prefix, then anywhere; catalogue order within each. */
export function searchAttributes(query: string): AttributeInfo[] {
  const q = fold(query);
  if (q === '') return [...ATTRIBUTES];
  const rank = (a: AttributeInfo) => {
    const w = words(a);
    if (w.includes(q)) return 0;
    if (w.some((x) => x.startsWith(q))) return 1;
    if (w.some((x) => x.split(' ').some((p) => p.startsWith(q)))) return 2;
    return w.some((x) => x.includes(q)) ? 3 : 99;
  };
  return ATTRIBUTES.map((a) => ({ a, r: rank(a) }))
    .filter((x) => x.r < 99)
    .sort((x, y) => x.r - y.r)
    .map((x) => x.a);
}

/** The attribute menu: labels, with the field name (what is sent) as detail. */
export function attributeOptions(query: string): ComboGroup[] {
  return [{ label: 'Attributes', options: searchAttributes(query).map((a) => ({ value: a.name, label: a.label, detail: a.name })) }];
}
