// Every watched session, one SessionWatch per session id however many views show it.
// Watches in flight are persisted so a restart resumes them.
import { z } from 'zod';
import { AppError, ERROR_CODES } from '../../../shared/errors';
import { EsgModuleSchema, type EsgModule } from '../../../shared/service/schemas';
import type { WatchView } from '../../../shared/bridge/groups/esg';
import type { FeatureSettings } from '../../platform/ports/feature-deps';
import { SessionWatch, type SessionWatchDeps } from './session-watch';

export const WATCHES_SETTINGS_KEY = 'esg.watches';
/** Ended watches kept for the activity list; the oldest beyond this are dropped. */
export const ENDED_WATCHES_MAX = 200;

const PersistedWatchSchema = z.object({
  sessionId: z.string().min(1),
  companyId: z.string().min(1),
  module: EsgModuleSchema,
  startedAt: z.number(),
  pageSize: z.number().int().min(1).max(200),
  profileId: z.string().nullable(),
  resultCount: z.number().int().nonnegative().default(0),
  /** Set once the watch ended: it stays listed, with its result, until the analyst removes it. */
  ended: z
    .object({
      state: z.enum(['processing', 'complete', 'not_found', 'expired', 'error']),
      updatedAt: z.number(),
      polls: z.number().int().nonnegative(),
      error: z.object({ code: z.enum(ERROR_CODES), message: z.string(), retryable: z.boolean() }).optional(),
    })
    .optional(),
});
export type PersistedWatch = z.infer<typeof PersistedWatchSchema>;
const PersistedListSchema = z.array(PersistedWatchSchema);

export interface WatchEntry {
  watch: SessionWatch;
  pageSize: number;
  profileId: string | null;
}

export interface RegistryDeps extends Omit<SessionWatchDeps, 'onChange' | 'onTerminal'> {
  settings: FeatureSettings;
  activeProfileId(): string | null;
  onChange(view: WatchView): void;
  onTerminal(view: WatchView, entry: WatchEntry): void;
}

const profileChanged = () =>
  new AppError('not_configured', 'Paused: this session belongs to another connection profile. It resumes when that profile is active at the next start.');
/** Errors that are the service's answer about this session: such a watch is over for good. */
const SERVICE_VERDICTS = new Set(['bad_request', 'forbidden', 'not_found', 'internal']);

export class WatchRegistry {
  private readonly entries = new Map<string, WatchEntry>();
  /** Persisted but not running in this run: other profiles' watches, and ones stopped on our side. */
  private dormant: PersistedWatch[] = [];

  constructor(private readonly deps: RegistryDeps) {}

  /** Starts watching `sessionId` unless it is already watched (then the existing watch is returned). */
  watch(init: { sessionId: string; companyId: string; module: EsgModule; pageSize: number; startedAt?: number; resultCount?: number }): WatchView {
    const existing = this.entries.get(init.sessionId);
    if (existing && existing.watch.isActive) return existing.watch.view();
    this.dormant = this.dormant.filter((w) => w.sessionId !== init.sessionId);
    const entry = this.add({ ...init, startedAt: init.startedAt ?? this.deps.timers.now(), profileId: this.deps.activeProfileId(), resultCount: init.resultCount ?? 0 });
    this.persist();
    entry.watch.start();
    return entry.watch.view();
  }

  /** Resumes the active profile's persisted watches (call once at start). */
  resume(): number {
    const saved = this.deps.settings.read(WATCHES_SETTINGS_KEY, PersistedListSchema, []);
    const profileId = this.deps.activeProfileId();
    this.dormant = saved.filter((w) => w.profileId !== profileId);
    const mine = saved.filter((w) => w.profileId === profileId && !this.entries.has(w.sessionId));
    const started = mine.map((w) => this.add(w)).filter((e) => e.watch.isActive);
    for (const e of started) e.watch.start();
    return started.length;
  }

  /** Stops and forgets a watch (any state). */
  unwatch(sessionId: string): boolean {
    const e = this.entries.get(sessionId);
    if (!e) return false;
    e.watch.stop();
    this.entries.delete(sessionId);
    this.dormant = this.dormant.filter((w) => w.sessionId !== sessionId);
    this.persist();
    return true;
  }

  list(): WatchView[] {
    return [...this.entries.values()].map((e) => e.watch.view()).sort((a, b) => b.startedAt - a.startedAt);
  }

  get(sessionId: string): WatchView | undefined {
    return this.entries.get(sessionId)?.watch.view();
  }

  /** Stops every timer; persisted watches stay on disk for the next start. */
  dispose(): void {
    this.persist(); // latest counts, so a resumed watch shows them before its first poll
    for (const e of this.entries.values()) e.watch.stop();
  }

  private add(w: PersistedWatch): WatchEntry {
    const entry: WatchEntry = { pageSize: w.pageSize, profileId: w.profileId, watch: undefined as unknown as SessionWatch };
    entry.watch = new SessionWatch(w, {
      ...this.deps,
      // A session id only means something to the service that issued it: never ask another profile's.
      api: async () => {
        if (this.deps.activeProfileId() !== w.profileId) throw profileChanged();
        return this.deps.api();
      },
      onChange: (v) => this.deps.onChange(v),
      onTerminal: (v) => {
        // Stopped for a reason on our side (signed out, other profile, service unreachable): the
        // session may still be running, so it stays on disk and the next start resumes it.
        if (v.state === 'error' && v.error && !SERVICE_VERDICTS.has(v.error.code)) this.dormant.push({ ...w, resultCount: v.resultCount });
        this.persist();
        this.deps.onTerminal(v, entry);
      },
    });
    this.entries.set(w.sessionId, entry);
    return entry;
  }

  /** Sessions still processing are resumed at the next start; ended ones are listed until removed. */
  private persist(): void {
    const active: PersistedWatch[] = [];
    const ended: PersistedWatch[] = [];
    const dormant = new Set(this.dormant.map((w) => w.sessionId));
    for (const e of this.entries.values()) {
      if (dormant.has(e.watch.sessionId)) continue;
      const v = e.watch.view();
      const base = { sessionId: v.sessionId, companyId: v.companyId, module: v.module, startedAt: v.startedAt, pageSize: e.pageSize, profileId: e.profileId, resultCount: v.resultCount };
      if (e.watch.isActive) active.push(base);
      else ended.push({ ...base, ended: { state: v.state, updatedAt: v.updatedAt, polls: v.polls, ...(v.error ? { error: { code: v.error.code, message: v.error.message, retryable: v.error.retryable } } : {}) } });
    }
    const keptEnded = ended.sort((a, b) => b.ended!.updatedAt - a.ended!.updatedAt).slice(0, ENDED_WATCHES_MAX);
    this.deps.settings.write(WATCHES_SETTINGS_KEY, [...this.dormant, ...keptEnded.reverse(), ...active]);
  }
}
