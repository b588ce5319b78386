// Watches feature, main side (bridge group `watches`, docs/watches.md): saved searches and lists
// checked on demand, at start and on a schedule; each check diffed against the previous one into
// the "What changed" inbox, within a daily request budget per profile. The composition root hands
// in the features it works through: snapshots (a search check's load), lists and esg-runs (a list
// check's refresh), and the Exports history (ExportRecords).
import { isDeepStrictEqual } from 'node:util';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { watchesGroup } from '../../../shared/bridge/groups/watches';
import { AppError } from '../../../shared/errors';
import { WATCHES_MAX, type WatchTarget } from '../../../shared/watches/watches';
import type { ExportRecords } from '../../platform/ports/export-records';
import type { FeatureDeps, FeatureModule } from '../../platform/ports/feature-deps';
import { AtomicTarget } from '../../platform/tabular/atomic-target';
import { suggestedFileName } from '../../platform/tabular/file-names';
import { fileError } from '../../platform/tabular/io-error';
import { ExportJournal } from '../../platform/tabular/journal';
import type { EsgRunsFeature } from '../esg-runs/feature';
import type { ListsAccess } from '../lists/lists-access';
import { SavedSearchStore } from '../search/saved-store';
import type { SnapshotsFeature } from '../snapshots/feature';
import { BudgetLedger, budgetOf } from './budget';
import { ChangeStore } from './change-store';
import { writeChangesXlsx } from './export-changes';
import { sleepOn } from './polite-api';
import { boundClient, type ProfileClient } from './profile-api';
import { CheckRunner } from './runner';
import { scheduleText } from './schedule';
import { realCheckTimers, Scheduler, type CheckTimers, type ScheduledProfile } from './scheduler';
import { ownerOf, watchedSearch } from './search-check';
import { checkInfo, WatchStore } from './store';
import { costOf, countRequest, targetName, watchInfo, type InfoDeps } from './watch-info';

export interface WatchesOptions {
  /** The client of one profile, refused while another is active: every check and estimate goes to its watch's own profile. */
  apiFor: ProfileClient;
  snapshots: Pick<SnapshotsFeature, 'loadOwned' | 'storeFor'>;
  lists: { store(profileId: string): ListsAccess };
  esgRuns: Pick<EsgRunsFeature, 'startRouted' | 'route' | 'unroute' | 'onRunChange' | 'engineFor'>;
  exports?: ExportRecords;
  timers?: CheckTimers;
}

interface ProfileWatches extends ScheduledProfile, InfoDeps {}

export function createWatchesFeature(deps: FeatureDeps, opts: WatchesOptions): FeatureModule<'watches'> {
  const timers = opts.timers ?? realCheckTimers(() => deps.now());
  const now = () => timers.now();
  const saved = new SavedSearchStore(deps.settings, now);
  const contexts = new Map<string, ProfileWatches>();
  const journal = new ExportJournal(join(deps.dataDir, 'exports-in-flight'));
  const emitChanged = (profileId: string, watchId: number | null) => deps.emit('watches', 'changed', { profileId, watchId });

  function contextFor(profileId: string): ProfileWatches {
    const db = deps.workspace.forProfile(profileId);
    const key = `${profileId}\0${db.file}`;
    const known = contexts.get(key);
    if (known) return known;
    const store = new WatchStore(db.sql, profileId, now);
    const changes = new ChangeStore(db.sql, profileId);
    const budget = new BudgetLedger(db.sql, profileId);
    const savedSearch = (id: string) => saved.list(profileId).find((s) => s.id === id) ?? null;
    const lists = () => opts.lists.store(profileId);
    const info: InfoDeps = { profileId, store, changes, snapshots: () => opts.snapshots.storeFor(profileId), lists, savedSearch };
    const runner = new CheckRunner({
      profileId,
      store,
      changes,
      budget,
      now,
      api: boundClient(opts.apiFor, profileId),
      isActive: () => deps.activeProfile()?.id === profileId,
      search: { snapshots: opts.snapshots, savedSearch },
      list: { lists, esgRuns: opts.esgRuns },
      emitChanged: (watchId) => emitChanged(profileId, watchId),
      yieldTo: deps.requestBudget ? { budget: () => deps.requestBudget!(), now, sleep: sleepOn(timers) } : undefined,
      checkFinished: (f) => {
        deps.emit('watches', 'checkFinished', f);
        deps.shell.notify(f.title, f.body);
      },
    });
    const ctx: ProfileWatches = {
      ...info,
      budget,
      runner,
      dailyBudget: () => budgetOf(deps.activeProfile()?.id === profileId ? deps.activeProfile() : null),
      // An automatic check of a search never checked may count its rows first: one request, counted, low lane.
      estimate: async (w) =>
        (
          await costOf(info, w.target, w.schedule, w.id, async (body) => {
            const rows = await countRequest(await opts.apiFor(profileId), 'low')(body);
            budget.spend(now(), 1);
            return rows;
          })
        ).requestsPerCheck,
      emitChanged: (watchId) => emitChanged(profileId, watchId),
      hasTarget: (w) => targetName(info, w.target) !== null,
    };
    contexts.set(key, ctx);
    return ctx;
  }

  function active(): ProfileWatches {
    const profile = deps.activeProfile();
    if (!profile) throw new AppError('not_configured', 'Choose a connection profile first.');
    return contextFor(profile.id);
  }

  const scheduler = new Scheduler(timers, () => {
    const p = deps.activeProfile();
    return p && deps.workspace.status().available ? contextFor(p.id) : null;
  });

  /** The target exists and can be checked: said where the analyst chose it (details.field 'target'). */
  function assertTarget(ctx: ProfileWatches, target: WatchTarget, watch?: { name: string }): void {
    if (target.kind === 'search') watchedSearch(ctx, target, watch);
    else if (!ctx.lists().get(target.listId)) {
      const message = watch
        ? `The list of the watch ‘${watch.name}’ was deleted, so it cannot be checked. Delete the watch, or watch another list.`
        : 'That list no longer exists (it was deleted): choose another one.';
      throw new AppError('not_found', message, { details: { field: 'target' } });
    }
  }

  /** The snapshots a watch kept (its last search check's result). */
  function dropSnapshots(profileId: string, watchId: number): void {
    const snapshots = opts.snapshots.storeFor(profileId);
    for (const s of snapshots.ownedBy(ownerOf(watchId))) snapshots.delete(s.id);
  }

  const targetWords = (ctx: ProfileWatches, t: WatchTarget) => {
    const name = targetName(ctx, t) ?? '(deleted)';
    return t.kind === 'search' ? `Saved search ‘${name}’` : `List ‘${name}’ (${t.modules.join(', ')})`;
  };

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
        dropSnapshots(ctx.profileId, id);
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
      dropSnapshots(ctx.profileId, id);
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
      return costOf(ctx, target, schedule, null, async (body) => {
        const rows = await countRequest(await opts.apiFor(ctx.profileId), 'normal')(body);
        ctx.budget.spend(now(), 1);
        return rows;
      });
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
    async exportChanges({ id, checkId }) {
      const ctx = active();
      const w = ctx.store.existing(id);
      const check = checkId !== undefined ? ctx.store.check(checkId) : null;
      if (checkId !== undefined && (!check || check.watchId !== id)) throw new AppError('not_found', 'That check no longer exists.');
      const rows = ctx.changes.countOf(id, checkId);
      if (rows === 0) throw new AppError('invalid_input', check ? 'This check found no changes: there is nothing to export.' : 'This watch has found no changes yet: there is nothing to export.');
      const checks = ctx.store.checks(id, 10_000).filter((c) => c.status === 'done');
      const previous = check?.previousCheckId ? ctx.store.check(check.previousCheckId) : null;
      const from = check ? (previous?.finishedAt ?? null) : (checks.at(-1)?.finishedAt ?? null);
      const to = check ? check.finishedAt : (checks[0]?.finishedAt ?? null);
      const at = new Date(deps.now());
      const path = await deps.shell.chooseExportPath(suggestedFileName('xlsx', `changes-${w.name}`, at));
      if (path === null) return null;
      const startedAt = deps.now();
      try {
        const target = await AtomicTarget.open(path, journal, `watch-${randomUUID()}`);
        const written = await writeChangesXlsx(target, {
          watchName: w.name,
          target: targetWords(ctx, w.target),
          schedule: scheduleText(w.schedule),
          from,
          to,
          scope: check ? `The check of ${new Date(check.finishedAt ?? check.startedAt).toISOString().replace('T', ' ').slice(0, 16)} UTC` : 'Every check of the watch',
          profile: deps.activeProfile()?.name ?? null,
          at,
          rows: ctx.changes.each(id, checkId),
        });
        await opts.exports?.record({
          origin: 'watches',
          source: `Changes of watch ‘${w.name}’${check ? ' (one check)' : ''}`,
          format: 'xlsx',
          path,
          rows: written,
          startedAt,
          finishedAt: deps.now(),
          again: { id, ...(checkId !== undefined ? { checkId } : {}) },
        });
        let downloadUrl: string | undefined;
        try {
          downloadUrl = deps.shell.downloadUrlFor?.(path);
        } catch {
          // the file is written; no link only means no download button
        }
        return { fileName: path.split(/[\\/]/).pop()!, rows: written, ...(downloadUrl ? { downloadUrl } : {}) };
      } catch (e) {
        throw fileError(e);
      }
    },
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
      await Promise.allSettled([...contexts.values()].map((c) => c.runner.dispose()));
    },
  };
}
