// The column mapping of the last bulk match started from a file with exactly these headers, offered
// again for the next file of the same shape (a monthly export from the same system). Kept in the
// settings file (no company data: header names and which field each feeds), the newest 50 shapes.
import { z } from 'zod';
import { MAPPABLE_FIELDS, type ColumnMapping } from '../../../shared/match/fields';
import type { FeatureSettings } from '../../platform/ports/feature-deps';
import { readCsvBatches, type CsvSource } from './csv-source';

export const MAPPINGS_KEY = 'match.mappings';
export const MAPPINGS_MAX = 50;

const MappingSchema = z.partialRecord(z.enum(MAPPABLE_FIELDS), z.string());
const AllSchema = z.record(z.string(), z.object({ savedAt: z.number(), mapping: MappingSchema }));

/** The shape of a file: its headers, in order, as read. */
const shapeOf = (headers: readonly string[]) => JSON.stringify(headers);

export function createMappingMemory(settings: FeatureSettings, now: () => number) {
  return {
    /** The mapping last started with for these headers, if every column it names is still there. */
    recall(headers: readonly string[]): ColumnMapping | null {
      const found = settings.read(MAPPINGS_KEY, AllSchema, {})[shapeOf(headers)]?.mapping;
      return found && Object.values(found).every((h) => headers.includes(h)) ? found : null;
    },
    remember(headers: readonly string[], mapping: ColumnMapping): void {
      if (headers.length === 0) return;
      const all = settings.read(MAPPINGS_KEY, AllSchema, {});
      all[shapeOf(headers)] = { savedAt: now(), mapping };
      const shapes = Object.entries(all).sort(([, a], [, b]) => b.savedAt - a.savedAt);
      for (const [shape] of shapes.slice(MAPPINGS_MAX)) delete all[shape];
      settings.write(MAPPINGS_KEY, all);
    },
  };
}
export type MappingMemory = ReturnType<typeof createMappingMemory>;

/** The headers of a CSV as a bulk job reads them (none when it cannot be read: the job says why). */
export async function headersOf(source: CsvSource): Promise<string[]> {
  const stop = new AbortController();
  let headers: string[] = [];
  try {
    for await (const batch of readCsvBatches(source, stop.signal, (h) => (headers = h))) {
      void batch;
      break;
    }
  } catch {
    /* unreadable: no shape to remember */
  }
  stop.abort();
  return headers;
}
