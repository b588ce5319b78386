// The CSV preset each profile last chose, and its Custom options, kept in the settings file: every
// CSV dialog (search, list, ESG, bulk match) opens with them. Keyed by profile id; without an active
// profile nothing is remembered.
import { z } from 'zod';
import { CsvPreferenceSchema, DEFAULT_CSV_PREFERENCE, type CsvPreference } from '../../../shared/export/csv-presets';
import type { FeatureSettings } from '../../platform/ports/feature-deps';

export const CSV_PREFERENCE_KEY = 'export.csvPreferences';
/** Profiles remembered; the least recently saved is dropped beyond this (deleted profiles age out). */
export const CSV_PREFERENCE_MAX_PROFILES = 32;

const EntrySchema = z.object({ savedAt: z.number(), preference: CsvPreferenceSchema });
const AllSchema = z.record(z.string(), EntrySchema);
type Entry = z.infer<typeof EntrySchema>;

export class CsvPreferenceStore {
  constructor(
    private readonly settings: FeatureSettings,
    private readonly now: () => number,
  ) {}

  load(profileId: string | null): CsvPreference {
    return (profileId !== null && this.all()[profileId]?.preference) || DEFAULT_CSV_PREFERENCE;
  }

  save(profileId: string | null, preference: CsvPreference): void {
    if (profileId === null) return;
    const all = this.all();
    all[profileId] = { savedAt: this.now(), preference };
    const ids = Object.entries(all)
      .sort(([, a], [, b]) => b.savedAt - a.savedAt)
      .map(([id]) => id);
    for (const id of ids.slice(CSV_PREFERENCE_MAX_PROFILES)) delete all[id];
    this.settings.write(CSV_PREFERENCE_KEY, all);
  }

  private all(): Record<string, Entry> {
    return this.settings.read(CSV_PREFERENCE_KEY, AllSchema, {});
  }
}
