// What a combobox offers: options in labelled groups. Its own module so the combobox, its list and
// its keys share the shape without importing each other.

export interface ComboOption {
  /** What picking it writes. */
  value: string;
  /** The option's text (what is matched and read out). */
  label: string;
  /** Quieter text after the label (a code, a count, countries). */
  detail?: string;
  /** Indentation in a tree (0 top level). */
  level?: number;
  /** Several values picked at once (a whole NACE section); `value` names them. */
  values?: readonly string[];
}
export interface ComboGroup {
  label: string;
  options: ComboOption[];
}
