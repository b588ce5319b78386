// The text encodings a bulk-match file can be read in, shared by main (decoding) and the renderer
// (the Encoding menu of the preview). Pasted text is already text: encodings apply to files only.

export const TEXT_ENCODINGS = ['utf-8', 'windows-1252', 'iso-8859-15', 'utf-16le', 'utf-16be'] as const;
export type TextEncoding = (typeof TEXT_ENCODINGS)[number];

export const ENCODING_LABEL: Record<TextEncoding, string> = {
  'utf-8': 'UTF-8',
  'windows-1252': 'Windows-1252',
  'iso-8859-15': 'ISO-8859-15',
  'utf-16le': 'UTF-16 LE',
  'utf-16be': 'UTF-16 BE',
};

/**
 * How the encoding in force was found: a byte order mark, detection from the bytes, an assumption
 * (the bytes fit none of the encodings Firmscope reads for sure), or the analyst's choice.
 */
export type EncodingSource = 'bom' | 'detected' | 'assumed' | 'chosen';

export const ENCODING_SOURCE_LABEL: Record<EncodingSource, string> = {
  bom: 'byte order mark',
  detected: 'detected',
  assumed: 'assumed',
  chosen: 'chosen',
};

/** The encoding a file is read in, and why. */
export interface EncodingInfo {
  encoding: TextEncoding;
  source: EncodingSource;
  /** Why it was only assumed (what the bytes looked like), when `source` is `assumed`. */
  note?: string;
  /** A UTF-8 file with lines that are not UTF-8: the first few of them, and how many there are. */
  invalidLines?: { lines: number[]; count: number };
}

/** How a bulk-match input file was written: what its CSV export keeps by default. */
export interface CsvInputFormat {
  delimiter: ',' | ';' | '\t' | '|';
  /** The file started with a byte-order mark (UTF-8 or UTF-16). */
  bom: boolean;
  encoding: TextEncoding;
  /**
   * The decimal mark the input's numbers use: a comma in a `;` file (a spreadsheet in a decimal-comma
   * locale writes those), else a point. A bulk export "like the input file" writes its numbers so.
   */
  decimalSeparator?: '.' | ',';
}

/** A file separated by `;` is a decimal-comma spreadsheet's: its numbers are written 0,613. */
export const decimalMarkOf = (f: Pick<CsvInputFormat, 'delimiter' | 'decimalSeparator'>): '.' | ',' => f.decimalSeparator ?? (f.delimiter === ';' ? ',' : '.');
