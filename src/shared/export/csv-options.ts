// The CSV options every export takes (search, list, ESG): one schema, so the dialogs and main agree.
import { z } from 'zod';

export const CsvOptionsSchema = z.object({
  delimiter: z.enum([',', ';', '\t', '|']).default(','),
  bom: z.boolean().default(false),
  /** The ' in front of formula-like text (on by default; see NEUTRALISE_EXPLANATION). */
  formulaPrefix: z.boolean().default(true),
});
