// CSV presets, chosen by name in every export dialog and remembered per profile (issue 27):
// "Excel on this computer", "Data tools" (RFC 4180) and Custom. Shared so the dialog shows exactly
// the options main writes with.
import { z } from 'zod';
import { CSV_DELIMITERS, type CsvOptionsInput } from './csv-options';
import { ENCODING_LABEL, type TextEncoding } from '../match/encodings';

export const CSV_PRESETS = ['excel', 'data', 'custom'] as const;
export type CsvPreset = (typeof CSV_PRESETS)[number];

export const CSV_PRESET_LABEL: Record<CsvPreset, string> = {
  excel: 'Excel on this computer',
  data: 'Data tools',
  custom: 'Custom',
};

/** What a preset is for, in one line. */
export const CSV_PRESET_PURPOSE: Record<CsvPreset, string> = {
  excel: 'The separator and decimal mark Excel and LibreOffice on this computer expect. A double-click still turns codes such as 03024 into numbers: see below.',
  data: 'For pandas, R, Power Query and databases: plain RFC 4180, values exactly as they are.',
  custom: 'Your own delimiter, byte-order mark, line ends and formula protection.',
};

/** The separators of a locale: its decimal mark, and the list separator spreadsheets there expect. */
export interface LocaleSeparators {
  /** The locale they were derived from, as BCP 47 (`de-DE`). */
  locale: string;
  decimal: '.' | ',';
  list: ',' | ';';
}

/**
 * "The OS list separator" without a Windows API: a locale whose decimal mark is a comma separates
 * lists with `;` (Excel would read `12,5` as two fields otherwise), every other locale with `,`.
 * This is what Windows' regional settings hold for nearly every locale.
 */
export function localeSeparators(locale?: string): LocaleSeparators {
  let nf: Intl.NumberFormat;
  try {
    nf = new Intl.NumberFormat(locale);
  } catch {
    nf = new Intl.NumberFormat('en-US'); // an unknown tag (a broken LANG) reads as the point locale
  }
  const decimal = nf.formatToParts(1.5).find((p) => p.type === 'decimal')?.value === ',' ? ',' : '.';
  return { locale: nf.resolvedOptions().locale, decimal, list: decimal === ',' ? ';' : ',' };
}

export const CustomCsvSchema = z.object({
  delimiter: z.enum(CSV_DELIMITERS),
  bom: z.boolean(),
  lineEnding: z.enum(['crlf', 'lf']),
  formulaPrefix: z.boolean(),
});
export type CustomCsv = z.infer<typeof CustomCsvSchema>;

/** What a profile remembers: the preset last chosen, and the Custom options last set. */
export const CsvPreferenceSchema = z.object({ preset: z.enum(CSV_PRESETS), custom: CustomCsvSchema });
export type CsvPreference = z.infer<typeof CsvPreferenceSchema>;

export const DEFAULT_CUSTOM_CSV: CustomCsv = { delimiter: ',', bom: false, lineEnding: 'crlf', formulaPrefix: true };
export const DEFAULT_CSV_PREFERENCE: CsvPreference = { preset: 'excel', custom: DEFAULT_CUSTOM_CSV };

/** The options a preset writes with. */
export function presetCsvOptions(preset: CsvPreset, seps: LocaleSeparators, custom: CustomCsv = DEFAULT_CUSTOM_CSV): CsvOptionsInput {
  switch (preset) {
    case 'excel':
      // Text quoted, so a spreadsheet told to keep quoted fields as text keeps 09578 and +49 …;
      // numbers in the locale's own decimal mark, so they open as numbers.
      return { delimiter: seps.list, bom: true, lineEnding: 'crlf', formulaPrefix: true, decimalSeparator: seps.decimal, quoteText: true };
    case 'data':
      return { delimiter: ',', bom: false, lineEnding: 'lf', formulaPrefix: false, decimalSeparator: '.', quoteText: false };
    case 'custom':
      // A ';' file is a decimal-comma spreadsheet's (a point beside ';' opens as 613 in de_DE, not 0.613).
      return { ...custom, decimalSeparator: custom.delimiter === ';' ? ',' : '.', quoteText: false };
  }
}

const DELIMITER_NAME: Record<string, string> = { ',': 'comma', ';': 'semicolon', '\t': 'tab', '|': 'pipe' };

/** The options in words: "semicolon, decimal comma, UTF-8 with byte-order mark, CRLF, formula protection on". */
export function describeCsvOptions(o: CsvOptionsInput & { encoding?: TextEncoding }): string {
  const encoding = o.encoding ?? 'utf-8';
  const bomExists = encoding.startsWith('utf');
  return [
    `${DELIMITER_NAME[o.delimiter] ?? o.delimiter}-separated`,
    o.decimalSeparator === ',' ? 'decimal comma' : 'decimal point',
    `${ENCODING_LABEL[encoding]}${bomExists ? (o.bom ? ' with byte-order mark' : ' without byte-order mark') : ''}`,
    o.lineEnding === 'crlf' ? 'CRLF line ends' : 'LF line ends',
    o.quoteText ? 'text in quotes' : null,
    o.formulaPrefix ? 'formula protection on' : 'no apostrophes added',
  ]
    .filter(Boolean)
    .join(', ');
}
