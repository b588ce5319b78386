// The watches feature wired as the composition root wires it (snapshots, lists, ESG runs, an
// Exports port), against the in-process sandbox on a ManualClock (its data moves one epoch at a
// time) or against any ApiClient. The scheduler's timers are manual (they fire when a test advances
// them); ESG runs get fast timers (every wait one real millisecond). A "restart" is a new world
// on the same data dir and settings.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { WatchTimers } from '../../../../../src/main/features/esg/timers';
import { createEsgRunsFeature } from '../../../../../src/main/features/esg-runs/feature';
import { createListsFeature } from '../../../../../src/main/features/lists/feature';
import { SavedSearchStore } from '../../../../../src/main/features/search/saved-store';
import { createSnapshotFeature } from '../../../../../src/main/features/snapshots/feature';
import { createWatchesFeature } from '../../../../../src/main/features/watches/feature';
import { checkInfo, WatchStore } from '../../../../../src/main/features/watches/store';
import type { ApiClient } from '../../../../../src/main/platform/api/types';
import type { ExportRecords, RecordedExport } from '../../../../../src/main/platform/ports/export-records';
import { createWorkspace, workspacePort } from '../../../../../src/main/platform/workspace/workspace';
import { ManualClock } from '../../../../../src/sandbox/clock';
import { startSandbox, type EvolutionRates, type SandboxHandle } from '../../../../../src/sandbox/server';
import { AppError } from '../../../../../src/shared/errors';
import type { Profile } from '../../../../../src/shared/profile';
import type { CheckFinished, CheckInfo, WatchInput } from '../../../../../src/shared/watches/watches';
import { fakeDeps, MemorySettings } from '../../esg/helpers/fake-deps';
import { ManualTimers } from '../../esg/helpers/manual-timers';
import { realClient } from '../../../../helpers/real-client';

export const tempDataDir = () => mkdtempSync(join(tmpdir(), 'firmscope-watches-'));
/** The sandbox's tokens live on its clock: a day's step must not expire them. */
const TTL = 365 * 86_400;

export async function sandboxOnManualClock(o: { companies?: number; rates?: Partial<EvolutionRates>; sessionMs?: number } = {}) {
  const clock = new ManualClock();
  const sandbox = await startSandbox({ clock, seed: 42, companies: o.companies ?? 2000, tokenTtlSeconds: TTL, esg: { sessionMs: o.sessionMs ?? 0, itemsPerSession: 6 }, evolution: { rates: o.rates ?? {} } });
  return { clock, sandbox };
}

/** ESG run timers: every wait is one real millisecond, time is the sandbox's. */
export function fastTimers(now: () => number): WatchTimers {
  return { now, random: () => 0.5, setTimeout: (fn, ms) => setTimeout(fn, Math.min(ms, 1)), clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout) };
}

export interface WorldOptions {
  dataDir: string;
  /** The active profile's client (what deps.api() gives). */
  api: () => Promise<ApiClient>;
  /** One profile's client; default: `api` while that profile is active, refused otherwise (as Connections.apiFor). */
  apiFor?: (profileId: string) => Promise<ApiClient>;
  /** Shared across a restart (saved searches live in the settings). */
  settings?: MemorySettings;
  timers?: ManualTimers;
  esgNow?: () => number;
  profile?: Partial<Profile>;
}

export function watchWorld(o: WorldOptions) {
  const timers = o.timers ?? new ManualTimers(Date.UTC(2026, 0, 5, 9, 0));
  const settings = o.settings ?? new MemorySettings();
  const { deps, rec } = fakeDeps(o.api, { settings, now: timers.now });
  let profile = { id: 'sandbox', name: 'Sandbox', ...o.profile } as Profile;
  deps.activeProfile = () => profile;
  const apiFor =
    o.apiFor ??
    (async (profileId: string) => {
      if (profileId !== profile.id) throw new AppError('not_configured', 'Another connection profile is active.');
      return o.api();
    });
  const workspace = createWorkspace({ dataDir: o.dataDir, notify: () => {} });
  deps.workspace = workspacePort(workspace, () => profile.id);
  deps.dataDir = o.dataDir;
  deps.shell.chooseExportPath = async (name) => join(o.dataDir, name);
  const recorded: RecordedExport[] = [];
  const exports: ExportRecords = { record: async (e) => void recorded.push(e), repeatWith: () => {}, readViewWith: () => {} };
  const snapshots = createSnapshotFeature(deps);
  const lists = createListsFeature(deps);
  const esgRuns = createEsgRunsFeature(deps, { timers: fastTimers(o.esgNow ?? timers.now) });
  const watches = createWatchesFeature(deps, { apiFor, snapshots, lists, esgRuns, exports, timers });
  const saved = new SavedSearchStore(settings, timers.now);
  const h = watches.handlers;
  const ctx = { signal: new AbortController().signal };
  return {
    deps,
    rec,
    timers,
    settings,
    get profile() {
      return profile;
    },
    /** Makes another profile the active one (its own workspace database), as Settings → activate does. */
    switchTo(next: Pick<Profile, 'id'> & Partial<Profile>) {
      profile = { name: next.id, ...next } as Profile;
    },
    recorded,
    snapshots,
    lists,
    esgRuns,
    watches,
    /** The handlers with the bridge's ctx filled in. */
    call: {
      all: () => h.all(undefined, ctx),
      create: (input: Partial<WatchInput> & Pick<WatchInput, 'name' | 'target'>) => h.create({ schedule: { kind: 'manual' }, checkAtStart: false, scoreThreshold: 5, ...input }, ctx),
      update: (input: Parameters<typeof h.update>[0]) => h.update(input, ctx),
      delete: (id: number) => h.delete({ id }, ctx),
      checkNow: (id: number) => h.checkNow({ id }, ctx),
      checks: (id: number) => h.checks({ id, limit: 50 }, ctx),
      changes: (q: Partial<Parameters<typeof h.changes>[0]> = {}) => h.changes({ unreadOnly: false, offset: 0, limit: 1000, ...q }, ctx),
      markRead: (input: Parameters<typeof h.markRead>[0]) => h.markRead(input, ctx),
      exportChanges: (id: number, checkId?: number) => h.exportChanges({ id, ...(checkId ? { checkId } : {}) }, ctx),
      estimate: (input: Parameters<typeof h.estimate>[0]) => h.estimate(input, ctx),
      budget: () => h.budget(undefined, ctx),
    },
    saveSearch: (name: string, body: unknown) => saved.save(profile.id, { name, body, pageSize: 50 }),
    finished: () => rec.events.filter((e) => e.group === 'watches' && e.name === 'checkFinished').map((e) => e.payload as CheckFinished),
    /** Waits until `cond` holds: checked now, and again after each event the features emit. */
    async until(cond: () => Promise<boolean> | boolean): Promise<void> {
      for (;;) {
        const from = rec.events.length;
        if (await cond()) return;
        await rec.events.nextFrom(from);
      }
    },
    /** The watch's checks in `profileId`'s workspace, newest first, whichever profile is active. */
    checksIn: (profileId: string, watchId: number): CheckInfo[] =>
      new WatchStore(deps.workspace.forProfile(profileId).sql, profileId, timers.now).checks(watchId).map(checkInfo),
    /**
     * Waits until the watch's newest check is no longer running (re-read at each event); returns it.
     * `profileId`: read in that profile's workspace (default: through the handlers, the active one).
     */
    async settled(watchId: number, profileId?: string): Promise<CheckInfo> {
      for (;;) {
        const from = rec.events.length;
        const [last] = profileId ? this.checksIn(profileId, watchId) : await h.checks({ id: watchId, limit: 1 }, ctx);
        if (last && last.status !== 'running') return last;
        await rec.events.nextFrom(from);
      }
    },
    async start() {
      await esgRuns.start?.();
      await watches.start?.();
    },
    async close() {
      await watches.dispose?.();
      await esgRuns.dispose?.();
      await snapshots.dispose?.();
      workspace.close();
    },
  };
}

export type World = ReturnType<typeof watchWorld>;

/** A world on the sandbox with the analyst client. */
export function sandboxWorld(sandbox: SandboxHandle, clock: ManualClock, o: Omit<WorldOptions, 'api'>) {
  const api = realClient(sandbox, sandbox.control.clients.analyst, () => clock.now());
  return watchWorld({ ...o, api: async () => api, esgNow: o.esgNow ?? (() => clock.now()) });
}
