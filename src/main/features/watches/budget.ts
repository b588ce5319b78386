// The daily request budget of scheduled checks, per profile and local day (table watch_budget).
// Every check's requests are counted here (Check now too); only automatic checks are held by it.
import { WATCH_DAILY_BUDGET_DEFAULT, type WatchBudget } from '../../../shared/watches/watches';
import type { Profile } from '../../../shared/profile';
import type { Sql } from '../../platform/workspace/sql';
import { sentenceCount } from '../../../shared/sentence-numbers';

/** The local calendar day of `t` as YYYY-MM-DD (the budget's key). */
export function localDay(t: number): string {
  const d = new Date(t);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** The next local midnight after `t` (when the day's budget starts again from 0). */
export function nextLocalMidnight(t: number): number {
  const d = new Date(t);
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1).getTime();
}

export const budgetOf = (profile: Pick<Profile, 'watchDailyBudget'> | null): number => profile?.watchDailyBudget ?? WATCH_DAILY_BUDGET_DEFAULT;

const n = (v: number) => sentenceCount(Math.round(v));

export class BudgetLedger {
  constructor(
    private readonly sql: Sql,
    private readonly profileId: string,
  ) {}

  usedOn(day: string): number {
    return this.sql.get<{ used: number }>('SELECT used FROM watch_budget WHERE profile_id = ? AND day = ?', [this.profileId, day])?.used ?? 0;
  }

  /** Counts `requests` more on the day of `at`. */
  spend(at: number, requests: number): void {
    if (requests <= 0) return;
    this.sql.run(
      `INSERT INTO watch_budget (profile_id, day, used) VALUES (?, ?, ?)
       ON CONFLICT (profile_id, day) DO UPDATE SET used = used + excluded.used`,
      [this.profileId, localDay(at), requests],
    );
  }

  state(now: number, dailyBudget: number): WatchBudget {
    return { dailyBudget, usedToday: this.usedOn(localDay(now)), resetsAt: nextLocalMidnight(now) };
  }
}

/**
 * Whether an automatic check that needs about `estimate` requests may start now; if not, the note
 * the check shows while it waits (in words, with the numbers). `estimate` null: not estimated,
 * because the day's budget is used up.
 */
export function budgetGate(b: WatchBudget, estimate: number | null): { ok: true } | { ok: false; note: string } {
  if (estimate === null) {
    if (b.usedToday < b.dailyBudget) return { ok: true };
    return { ok: false, note: `Waiting for tomorrow's budget: ${n(b.usedToday)} of ${n(b.dailyBudget)} requests used today.` };
  }
  if (b.usedToday + estimate <= b.dailyBudget) return { ok: true };
  if (estimate > b.dailyBudget) {
    return {
      ok: false,
      note: `Waiting: this check needs about ${n(estimate)} requests, more than the daily budget of ${n(b.dailyBudget)}. Raise the budget in Settings, or use Check now.`,
    };
  }
  return {
    ok: false,
    note: `Waiting for tomorrow's budget: ${n(b.usedToday)} of ${n(b.dailyBudget)} requests used today, this check needs about ${n(estimate)}.`,
  };
}
