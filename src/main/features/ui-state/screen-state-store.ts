// Per-profile working state of the screens (search conditions, columns, page viewed; ESG company;
// match inputs), kept in the settings file so a restart restores it. The renderer decides the shape;
// main only bounds the size and the number of profiles kept.
import { z } from 'zod';
import { PERSISTED_SCREENS, type PersistedScreen } from '../../../shared/bridge/groups/ui-state';
import type { FeatureSettings } from '../../platform/ports/feature-deps';

export const SCREEN_STATE_KEY = 'ui.screens';
/**
 * Profiles remembered; the least recently saved is dropped beyond this (deleted profiles age out).
 * With the per-screen cap this bounds the key near 1 MB, well inside the settings file's limit.
 */
export const SCREEN_STATE_MAX_PROFILES = 8;

const EntrySchema = z.object({ savedAt: z.number(), screens: z.record(z.enum(PERSISTED_SCREENS), z.unknown()) });
const AllSchema = z.record(z.string(), EntrySchema);
/** What is stored: each screen is there only once saved (the schema's values are `unknown`, so a missing one parses). */
interface Entry {
  savedAt: number;
  screens: Partial<Record<PersistedScreen, unknown>>;
}

export class ScreenStateStore {
  constructor(
    private readonly settings: FeatureSettings,
    private readonly now: () => number,
  ) {}

  load(profileId: string): Partial<Record<PersistedScreen, unknown>> {
    return { ...(this.all()[profileId]?.screens ?? {}) };
  }

  save(profileId: string, screen: PersistedScreen, state: unknown): void {
    const all = this.all();
    const screens: Entry['screens'] = { ...(all[profileId]?.screens ?? {}) };
    if (state === null || state === undefined) delete screens[screen];
    else screens[screen] = state;
    all[profileId] = { savedAt: this.now(), screens };
    const ids = Object.entries(all)
      .sort(([, a], [, b]) => b.savedAt - a.savedAt)
      .map(([id]) => id);
    for (const id of ids.slice(SCREEN_STATE_MAX_PROFILES)) delete all[id];
    this.settings.write(SCREEN_STATE_KEY, all);
  }

  private all(): Record<string, Entry> {
    return this.settings.read(SCREEN_STATE_KEY, AllSchema, {}) as Record<string, Entry>;
  }
}
