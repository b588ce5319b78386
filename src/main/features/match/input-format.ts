// How a bulk-match input was written (delimiter, byte-order mark, encoding), so its CSV export goes
// out the same way: a German Excel file with ";" and a BOM comes back with ";" and a BOM. Kept per job
// in the settings file (bounded), so a job listed again after a restart still knows it.
import { open } from 'node:fs/promises';
import { z } from 'zod';
import { decimalMarkOf, TEXT_ENCODINGS, type CsvInputFormat } from '../../../shared/match/encodings';
import type { FeatureSettings } from '../../platform/ports/feature-deps';
import { detectDelimiter, firstLine, type CsvSource } from './csv-source';

const BOMS: Record<string, number[]> = { 'utf-8': [0xef, 0xbb, 0xbf], 'utf-16le': [0xff, 0xfe], 'utf-16be': [0xfe, 0xff] };

async function startsWithBom(source: CsvSource): Promise<boolean> {
  if (source.text !== undefined) return source.text.startsWith('\uFEFF');
  const bom = BOMS[source.encoding ?? 'utf-8'];
  if (!bom || !source.filePath) return false;
  const file = await open(source.filePath, 'r');
  try {
    const head = Buffer.alloc(3);
    const { bytesRead } = await file.read(head, 0, 3, 0);
    return bytesRead >= bom.length && bom.every((b, i) => head[i] === b);
  } finally {
    await file.close();
  }
}

/** The input's delimiter (as the reader detects it), BOM and encoding (pasted text: UTF-8). */
export async function csvInputFormat(source: CsvSource): Promise<CsvInputFormat> {
  const delimiter = detectDelimiter(await firstLine(source)) as CsvInputFormat['delimiter'];
  return {
    delimiter,
    bom: await startsWithBom(source),
    encoding: source.text !== undefined ? 'utf-8' : (source.encoding ?? 'utf-8'),
    decimalSeparator: decimalMarkOf({ delimiter }),
  };
}

export const INPUT_FORMATS_KEY = 'match.inputFormats';
/** Jobs remembered; the oldest is dropped beyond this (a job's rows outlive it only in the workspace). */
export const INPUT_FORMATS_MAX = 200;

const FormatSchema = z.object({ delimiter: z.enum([',', ';', '\t', '|']), bom: z.boolean(), encoding: z.enum(TEXT_ENCODINGS), decimalSeparator: z.enum(['.', ',']).optional() });
const AllSchema = z.record(z.string(), z.object({ savedAt: z.number(), format: FormatSchema }));

export class InputFormatStore {
  /** This run's jobs (also when the settings file cannot be written). */
  private readonly known = new Map<string, CsvInputFormat>();

  constructor(
    private readonly settings: FeatureSettings,
    private readonly now: () => number,
  ) {}

  get(jobId: string): CsvInputFormat | null {
    return this.known.get(jobId) ?? this.settings.read(INPUT_FORMATS_KEY, AllSchema, {})[jobId]?.format ?? null;
  }

  set(jobId: string, format: CsvInputFormat): void {
    this.known.set(jobId, format);
    const all = this.settings.read(INPUT_FORMATS_KEY, AllSchema, {});
    all[jobId] = { savedAt: this.now(), format };
    const ids = Object.entries(all)
      .sort(([, a], [, b]) => b.savedAt - a.savedAt)
      .map(([id]) => id);
    for (const id of ids.slice(INPUT_FORMATS_MAX)) delete all[id];
    this.settings.write(INPUT_FORMATS_KEY, all);
  }
}
