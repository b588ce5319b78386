// window.firmscope for the watches screens in a DOM test: an in-memory watches group that records
// every call (what the dialog and the inbox send), with changes kept per watch and check and the
// events (changed, checkFinished) fed by the test.
import { vi } from 'vitest';
import type { ChangesQuery, CheckFinished, WatchBudget, WatchChange, WatchCost, WatchInfo, WatchInput } from '../../../src/shared/watches/watches';

const ok = <T>(value: T) => Promise.resolve({ ok: true as const, value });

export interface FakeWatches {
  watches: WatchInfo[];
  changes: WatchChange[];
  budget: WatchBudget;
  /** The estimate main would give for a target and schedule. */
  estimate(input: { target: WatchInput['target']; schedule: WatchInput['schedule'] }): WatchCost;
  calls: Record<string, unknown[]>;
  /** What uiState.load answers (the screens saved for the profile). */
  savedScreens: Record<string, unknown>;
  emitChanged(): void;
  emitCheckFinished(f: CheckFinished): void;
}

export const ID1 = '2f1c6b1e-8d4a-4c1e-9a0b-3e5d7f9a1b2c';
export const ID2 = '00000000-0000-4000-8000-000000000002';

export function watchInfo(w: Partial<WatchInfo> & Pick<WatchInfo, 'id' | 'name'>): WatchInfo {
  return {
    profileId: 'sandbox',
    target: { kind: 'search', savedSearchId: 's1' },
    targetName: 'DE manufacturing',
    schedule: { kind: 'manual' },
    checkAtStart: false,
    scoreThreshold: 5,
    createdAt: 1,
    paused: false,
    lastCheck: null,
    nextDueAt: null,
    cost: { requestsPerCheck: 5, requestsPerDay: null, basis: 'pages of the last snapshot' },
    unread: 0,
    ...w,
  };
}

export function change(c: Partial<WatchChange> & Pick<WatchChange, 'id' | 'watchId' | 'checkId' | 'kind'>): WatchChange {
  return { companyId: ID1, companyName: 'Apex Energy GmbH', field: null, module: null, oldValue: null, newValue: null, detail: null, read: false, at: Date.UTC(2026, 2, 4, 10, 0), ...c };
}

/** Per check 4 requests per company-module; per day 24 checks hourly, 1 daily, 1/7 weekly. */
export function defaultEstimate({ target, schedule }: { target: WatchInput['target']; schedule: WatchInput['schedule'] }): WatchCost {
  const perCheck = target.kind === 'search' ? 5 : 10 * target.modules.length * 4;
  const perDay = schedule.kind === 'manual' ? null : schedule.kind === 'hourly' ? perCheck * 24 : schedule.kind === 'daily' ? perCheck : Math.ceil(perCheck / 7);
  return { requestsPerCheck: perCheck, requestsPerDay: perDay, basis: 'test' };
}

export function installFakeWatches(init: Partial<Pick<FakeWatches, 'watches' | 'changes' | 'budget'>> = {}): FakeWatches {
  const changedListeners = new Set<(p: { profileId: string; watchId: number | null }) => void>();
  const finishedListeners = new Set<(f: CheckFinished) => void>();
  const fake: FakeWatches = {
    watches: init.watches ?? [],
    changes: init.changes ?? [],
    budget: init.budget ?? { dailyBudget: 2000, usedToday: 340, resetsAt: 0 },
    estimate: defaultEstimate,
    calls: {},
    savedScreens: {},
    emitChanged: () => changedListeners.forEach((l) => l({ profileId: 'sandbox', watchId: null })),
    emitCheckFinished: (f) => finishedListeners.forEach((l) => l(f)),
  };
  const record = (name: string, input: unknown) => (fake.calls[name] ??= []).push(input);
  const unreadOf = (watchId: number) => fake.changes.filter((c) => c.watchId === watchId && !c.read).length;
  const api = {
    all: vi.fn(() => ok(fake.watches.map((w) => ({ ...w, unread: unreadOf(w.id) })))),
    create: vi.fn((input: WatchInput) => {
      record('create', input);
      const w = watchInfo({ ...input, id: fake.watches.length + 1, cost: fake.estimate(input) });
      fake.watches.push(w);
      return ok(w);
    }),
    update: vi.fn((input: Partial<WatchInput> & { id: number; paused?: boolean }) => {
      record('update', input);
      const i = fake.watches.findIndex((w) => w.id === input.id);
      const old = fake.watches[i];
      if (!old) throw new Error(`The fake bridge has no watch ${input.id}`);
      const updated = { ...old, ...input };
      fake.watches[i] = updated;
      return ok(updated);
    }),
    delete: vi.fn((input: { id: number }) => {
      record('delete', input);
      fake.watches = fake.watches.filter((w) => w.id !== input.id);
      return ok(undefined);
    }),
    checkNow: vi.fn((input: { id: number }) => {
      record('checkNow', input);
      return ok({ id: 99, watchId: input.id, trigger: 'manual', status: 'running', startedAt: 1, finishedAt: null, requests: 0, changes: 0, baseline: false });
    }),
    estimate: vi.fn((input: { target: WatchInput['target']; schedule: WatchInput['schedule'] }) => {
      record('estimate', input);
      return ok(fake.estimate(input));
    }),
    checks: vi.fn(() => ok([])),
    changes: vi.fn((q: Partial<ChangesQuery>) => {
      record('changes', q);
      const all = fake.changes.filter((c) => (q.watchId === undefined || c.watchId === q.watchId) && (!q.kinds || q.kinds.includes(c.kind)));
      const rows = all.filter((c) => !q.unreadOnly || !c.read);
      const offset = q.offset ?? 0;
      return ok({ rows: rows.slice(offset, offset + (q.limit ?? 200)), total: rows.length, unread: all.filter((c) => !c.read).length });
    }),
    markRead: vi.fn((input: { ids?: number[]; checkId?: number; watchId?: number; all?: boolean }) => {
      record('markRead', input);
      fake.changes = fake.changes.map((c) =>
        input.all || input.ids?.includes(c.id) || c.checkId === input.checkId || c.watchId === input.watchId ? { ...c, read: true } : c,
      );
      return ok({ unread: fake.changes.filter((c) => !c.read).length });
    }),
    exportChanges: vi.fn((input: { id: number; checkId?: number }) => {
      record('exportChanges', input);
      return ok({ fileName: 'changes.xlsx', rows: fake.changes.filter((c) => c.watchId === input.id).length, downloadUrl: '/download/changes.xlsx' });
    }),
    budget: vi.fn(() => ok(fake.budget)),
    onChanged: (cb: (p: { profileId: string; watchId: number | null }) => void) => (changedListeners.add(cb), () => changedListeners.delete(cb)),
    onCheckFinished: (cb: (f: CheckFinished) => void) => (finishedListeners.add(cb), () => finishedListeners.delete(cb)),
  };
  (window as unknown as { firmscope: unknown }).firmscope = {
    watches: api,
    app: { info: () => ok({ shell: 'electron', notices: [] }) },
    profiles: { status: () => ok({ profileId: 'sandbox', state: 'connected' }) },
    uiState: { load: vi.fn(() => ok(fake.savedScreens)), save: vi.fn((i: { screen: string; state: unknown }) => (record('uiState.save', i), ok(undefined))) },
  };
  return fake;
}
