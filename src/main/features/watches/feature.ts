// Watches feature, main side (bridge group `watches`, docs/watches.md): saved searches and lists
// checked on demand, at start and on a schedule; each check diffed against the previous one into
// the "What changed" inbox, within a daily request budget per profile. The composition root hands
// in the features it works through: snapshots (a search check's load), lists and esg-runs (a list
// check's refresh), and the Exports history (ExportRecords).
import { isDeepStrictEqual } from 'node:util';
import { join } from 'node:path';
import { watchesGroup } from '../../../shared/bridge/groups/watches';
import { AppError } from '../../../shared/errors';
import { WATCHES_MAX } from '../../../shared/watches/watches';
import type { ExportRecords } from '../../platform/ports/export-records';
import type { FeatureDeps, FeatureModule } from '../../platform/ports/feature-deps';
import { ExportJournal } from '../../platform/tabular/journal';
import { createChangesExport } from './changes-export-file';
import { createProfileContexts, spentCount, type CheckSources } from './profile-watches';
import { realCheckTimers, Scheduler, type CheckTimers } from './scheduler';
import { checkInfo } from './store';
import { costOf, watchInfo } from './watch-info';
import { assertTarget, dropSnapshots } from './watch-targets';

/** The features a check works through (profile-watches.ts), the Exports history, and the timers (tests pass their own). */
export interface WatchesOptions extends CheckSources {
  exports?: ExportRecords;
  timers?: CheckTimers;
}

export function createWatchesFeature(deps: FeatureDeps, opts: WatchesOptions): FeatureModule<'watches'> {
  const timers = opts.timers ?? realCheckTimers(() => deps.now());
  const now = () => timers.now();
  const emitChanged = (profileId: string, watchId: number | null) => deps.emit('watches', 'changed', { profileId, watchId });
  // Each profile's stores and check runner, built once per profile database (profile-watches.ts).
  const profiles = createProfileContexts({ deps, sources: opts, timers, emitChanged });
  const active = profiles.active;

  const scheduler = new Scheduler(timers, () => {
    const p = deps.activeProfile();
    return p && deps.workspace.status().available ? profiles.contextFor(p.id) : null;
  });

  // The same journal as the other exports: a killed process leaves no partial file (swept at start).
  const journal = new ExportJournal(join(deps.dataDir, 'exports-in-flight'));
  const exportChanges = createChangesExport({ deps, journal, active, exports: opts.exports });

  const handlers: FeatureModule<'watches'>['handlers'] = {
    async all() {
      if (!deps.workspace.status().available || !deps.activeProfile()) return [];
      const ctx = active();
      return Promise.all(ctx.store.all().map((w) => watchInfo(ctx, w, now())));
    },
    async create(input) {
      const ctx = active();
      if (ctx.store.count() >= WATCHES_MAX) throw new AppError('invalid_input', `A profile can have at most ${WATCHES_MAX} watches. Delete one you no longer need.`);
      assertTarget(ctx, input.target);
      const w = ctx.store.create(input);
      emitChanged(ctx.profileId, w.id);
      scheduler.plan();
      return watchInfo(ctx, w, now());
    },
    async update({ id, ...patch }) {
      const ctx = active();
      const before = ctx.store.existing(id);
      if (patch.target) assertTarget(ctx, patch.target);
      if (patch.target && !isDeepStrictEqual(patch.target, before.target)) {
        // Another search or list (or other modules): the next check is a new baseline.
        await ctx.runner.stop(id);
        dropSnapshots(opts.snapshots, ctx.profileId, id);
        ctx.store.forgetBases(id);
      }
      const w = ctx.store.update(id, patch);
      emitChanged(ctx.profileId, id);
      scheduler.plan();
      return watchInfo(ctx, w, now());
    },
    async delete({ id }) {
      const ctx = active();
      if (!ctx.store.get(id)) return;
      await ctx.runner.stop(id);
      dropSnapshots(opts.snapshots, ctx.profileId, id);
      ctx.store.delete(id);
      emitChanged(ctx.profileId, id);
    },
    async checkNow({ id }) {
      const ctx = active();
      const w = ctx.store.existing(id);
      assertTarget(ctx, w.target, w);
      const open = ctx.store.openCheck(id);
      const check = ctx.runner.start(w, { trigger: 'manual', lowPriority: false, existing: open?.status === 'waiting' ? open : undefined });
      return checkInfo(check);
    },
    async estimate({ target, schedule }) {
      const ctx = active();
      assertTarget(ctx, target);
      // The analyst is choosing: a search never loaded is counted now (one request, normal lane).
      return costOf(ctx, target, schedule, null, spentCount(() => opts.apiFor(ctx.profileId), ctx.budget, now, 'normal'));
    },
    async checks({ id, limit }) {
      const ctx = active();
      ctx.store.existing(id);
      return ctx.store.checks(id, limit).map(checkInfo);
    },
    async changes(query) {
      if (!deps.workspace.status().available || !deps.activeProfile()) return { rows: [], total: 0, unread: 0 };
      return active().changes.page(query);
    },
    async markRead(input) {
      const ctx = active();
      const unread = ctx.changes.markRead(input);
      emitChanged(ctx.profileId, input.watchId ?? null);
      return { unread };
    },
    exportChanges,
    async budget() {
      const ctx = active();
      return ctx.budget.state(now(), ctx.dailyBudget());
    },
  };

  // Export again (Exports screen): the same watch (and check) to a new file.
  opts.exports?.repeatWith('watches', async (again) => {
    const out = await handlers.exportChanges(watchesGroup.fns.exportChanges.input.parse(again), { signal: new AbortController().signal });
    return out ? { fileName: out.fileName } : null;
  });

  return {
    handlers,
    async start() {
      scheduler.plan();
    },
    async dispose() {
      scheduler.dispose();
      await Promise.allSettled(profiles.all().map((c) => c.runner.dispose()));
    },
  };
}
