// Saved and recent searches, per profile, kept in the core's settings (written atomically by the core).
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { AppError } from '../../../shared/errors';
import type { RecentSearch, SavedSearch } from '../../../shared/bridge/groups/search';
import { canonicalJson } from '../../../shared/canonical-json';
import { LimitError, SAVED_SEARCHES_MAX } from '../../../shared/limits';
import type { FeatureSettings } from '../../platform/ports/feature-deps';

export const SAVED_KEY = 'search.saved';
export const RECENT_KEY = 'search.recent';
export const RECENT_MAX = 20;

const ColumnsSchema = z.object({
  order: z.array(z.string()),
  hidden: z.array(z.string()),
  widths: z.record(z.string(), z.number()),
  density: z.enum(['compact', 'comfortable']).optional(),
});
const SavedSearchSchema = z.object({
  id: z.string(),
  profileId: z.string(),
  name: z.string(),
  body: z.unknown(),
  pageSize: z.number().int(),
  columns: ColumnsSchema.optional(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
const SavedListSchema = z.array(SavedSearchSchema);
const RecentSchema = z.object({ body: z.unknown(), pageSize: z.number().int(), count: z.number().int(), at: z.number() });
const RecentByProfileSchema = z.record(z.string(), z.array(RecentSchema));

export interface SaveInput {
  id?: string;
  name: string;
  body: unknown;
  pageSize: number;
  columns?: SavedSearch['columns'];
}

export class SavedSearchStore {
  constructor(
    private readonly settings: FeatureSettings,
    private readonly now: () => number,
  ) {}

  list(profileId: string): SavedSearch[] {
    return this.all()
      .filter((s) => s.profileId === profileId)
      .sort((a, b) => a.name.localeCompare(b.name));
  }

  save(profileId: string, input: SaveInput): SavedSearch {
    const all = this.all();
    const at = this.now();
    if (input.id) {
      const i = all.findIndex((s) => s.id === input.id && s.profileId === profileId);
      const old = all[i];
      if (!old) throw new AppError('not_found', 'That saved search no longer exists.');
      const updated: SavedSearch = {
        ...old,
        name: input.name,
        body: input.body,
        pageSize: input.pageSize,
        columns: input.columns ?? old.columns,
        updatedAt: at,
      };
      all[i] = updated;
      this.settings.write(SAVED_KEY, all);
      return updated;
    }
    if (all.filter((s) => s.profileId === profileId).length >= SAVED_SEARCHES_MAX) {
      throw new LimitError('Saved searches of this profile', SAVED_SEARCHES_MAX, 'items');
    }
    const created: SavedSearch = {
      id: randomUUID(),
      profileId,
      name: input.name,
      body: input.body,
      pageSize: input.pageSize,
      ...(input.columns ? { columns: input.columns } : {}),
      createdAt: at,
      updatedAt: at,
    };
    this.settings.write(SAVED_KEY, [...all, created]);
    return created;
  }

  rename(profileId: string, id: string, name: string): SavedSearch {
    const all = this.all();
    const i = all.findIndex((s) => s.id === id && s.profileId === profileId);
    const old = all[i];
    if (!old) throw new AppError('not_found', 'That saved search no longer exists.');
    const renamed: SavedSearch = { ...old, name, updatedAt: this.now() };
    all[i] = renamed;
    this.settings.write(SAVED_KEY, all);
    return renamed;
  }

  delete(profileId: string, id: string): void {
    const all = this.all();
    const kept = all.filter((s) => !(s.id === id && s.profileId === profileId));
    if (kept.length !== all.length) this.settings.write(SAVED_KEY, kept);
  }

  recent(profileId: string): RecentSearch[] {
    return this.recentAll()[profileId] ?? [];
  }

  /**
   * Newest first. One entry per body (the filters sent): running it again, with another page size
   * or not, moves it to the top with the latest page size instead of adding a near-duplicate.
   */
  addRecent(profileId: string, entry: Omit<RecentSearch, 'at'>): void {
    const byProfile = this.recentAll();
    const key = canonicalJson(entry.body);
    const list = (byProfile[profileId] ?? []).filter((r) => canonicalJson(r.body) !== key);
    byProfile[profileId] = [{ ...entry, at: this.now() }, ...list].slice(0, RECENT_MAX);
    this.settings.write(RECENT_KEY, byProfile);
  }

  private all(): SavedSearch[] {
    return this.settings.read(SAVED_KEY, SavedListSchema, []) as SavedSearch[];
  }
  private recentAll(): Record<string, RecentSearch[]> {
    return this.settings.read(RECENT_KEY, RecentByProfileSchema, {}) as Record<string, RecentSearch[]>;
  }
}
