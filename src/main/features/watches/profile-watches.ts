// Each profile's watches as one context: its watch, change and budget stores in the profile's
// workspace database, and the check runner that works through the other features for it. Built
// once per profile database and kept, so a check that outlives a profile switch keeps its runner.
// Part of the watches feature (feature.ts).
import { AppError } from '../../../shared/errors';
import type { FeatureDeps } from '../../platform/ports/feature-deps';
import type { EsgRunsFeature } from '../esg-runs/feature';
import type { ListsAccess } from '../lists/lists-access';
import { SavedSearchStore } from '../search/saved-store';
import type { SnapshotsFeature } from '../snapshots/feature';
import { BudgetLedger, budgetOf } from './budget';
import { ChangeStore } from './change-store';
import { sleepOn } from './polite-api';
import { boundClient, type ProfileClient } from './profile-api';
import { CheckRunner } from './runner';
import type { CheckTimers, ScheduledProfile } from './scheduler';
import { WatchStore } from './store';
import { costOf, countRequest, targetName, type InfoDeps } from './watch-info';

/** What a profile's checks work through: the features the composition root hands in (WatchesOptions). */
export interface CheckSources {
  /** The client of one profile, refused while another is active: every check and estimate goes to its watch's own profile. */
  apiFor: ProfileClient;
  snapshots: Pick<SnapshotsFeature, 'loadOwned' | 'storeFor'>;
  lists: { store(profileId: string): ListsAccess };
  esgRuns: Pick<EsgRunsFeature, 'startRouted' | 'route' | 'unroute' | 'onRunChange' | 'engineFor'>;
}

export interface ProfileWatches extends ScheduledProfile, InfoDeps {}

export interface ProfileWatchesDeps {
  deps: Pick<FeatureDeps, 'workspace' | 'settings' | 'activeProfile' | 'emit' | 'shell' | 'requestBudget'>;
  sources: CheckSources;
  timers: CheckTimers;
  emitChanged(profileId: string, watchId: number | null): void;
}

export interface ProfileContexts {
  /** The context of a profile (built on first use, and again when its workspace database changes). */
  contextFor(profileId: string): ProfileWatches;
  /** The active profile's context; refused (not_configured) without one. */
  active(): ProfileWatches;
  /** Every context built so far (their runners are disposed with the feature). */
  all(): ProfileWatches[];
}

/**
 * A count of a search's rows for an estimate: one request in the given lane, spent from the
 * profile's budget like any other.
 */
export function spentCount(api: () => ReturnType<ProfileClient>, budget: Pick<BudgetLedger, 'spend'>, now: () => number, lane: 'low' | 'normal') {
  return async (body: unknown): Promise<number> => {
    const rows = await countRequest(await api(), lane)(body);
    budget.spend(now(), 1);
    return rows;
  };
}

export function createProfileContexts({ deps, sources, timers, emitChanged }: ProfileWatchesDeps): ProfileContexts {
  const now = () => timers.now();
  const saved = new SavedSearchStore(deps.settings, now);
  const contexts = new Map<string, ProfileWatches>();

  function contextFor(profileId: string): ProfileWatches {
    const db = deps.workspace.forProfile(profileId);
    // Keyed by the database file too: a profile whose workspace moved gets stores on the new one.
    const key = `${profileId}\0${db.file}`;
    const known = contexts.get(key);
    if (known) return known;
    const store = new WatchStore(db.sql, profileId, now);
    const changes = new ChangeStore(db.sql, profileId);
    const budget = new BudgetLedger(db.sql, profileId);
    const savedSearch = (id: string) => saved.list(profileId).find((s) => s.id === id) ?? null;
    const lists = () => sources.lists.store(profileId);
    const info: InfoDeps = { profileId, store, changes, snapshots: () => sources.snapshots.storeFor(profileId), lists, savedSearch };
    const runner = new CheckRunner({
      profileId,
      store,
      changes,
      budget,
      now,
      api: boundClient(sources.apiFor, profileId),
      isActive: () => deps.activeProfile()?.id === profileId,
      search: { snapshots: sources.snapshots, savedSearch },
      list: { lists, esgRuns: sources.esgRuns },
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
      estimate: async (w) => (await costOf(info, w.target, w.schedule, w.id, spentCount(() => sources.apiFor(profileId), budget, now, 'low'))).requestsPerCheck,
      emitChanged: (watchId) => emitChanged(profileId, watchId),
      hasTarget: (w) => targetName(info, w.target) !== null,
    };
    contexts.set(key, ctx);
    return ctx;
  }

  return {
    contextFor,
    active() {
      const profile = deps.activeProfile();
      if (!profile) throw new AppError('not_configured', 'Choose a connection profile first.');
      return contextFor(profile.id);
    },
    all: () => [...contexts.values()],
  };
}
