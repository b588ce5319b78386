// The CSV options every export takes (search, list, ESG, bulk match): one schema, so the dialogs and
// main agree. The presets that fill them in are in csv-presets.ts.
import { z } from 'zod';

export const CSV_DELIMITERS = [',', ';', '\t', '|'] as const;
export type CsvDelimiterChoice = (typeof CSV_DELIMITERS)[number];

export const CsvOptionsSchema = z.object({
  delimiter: z.enum(CSV_DELIMITERS).default(','),
  bom: z.boolean().default(false),
  /** The ' in front of formula-like text (on by default; see NEUTRALISE_EXPLANATION). */
  formulaPrefix: z.boolean().default(true),
  /** Record ends: CRLF (RFC 4180, Excel) or LF (Unix tools). */
  lineEnding: z.enum(['crlf', 'lf']).default('crlf'),
  /** How numbers are written: `12.5`, or `12,5` for a spreadsheet whose locale has a decimal comma. */
  decimalSeparator: z.enum(['.', ',']).default('.'),
  /** Quote every text field, so a reader that keeps quoted fields as text keeps 09578 and DE0012345 as typed. */
  quoteText: z.boolean().default(false),
});
export type CsvOptionsInput = z.infer<typeof CsvOptionsSchema>;
