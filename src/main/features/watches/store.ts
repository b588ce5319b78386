// Watches and their checks in a profile's workspace database (tables of the 'watches' migration).
// The changes a check found are in change-store.ts; the daily budget in budget.ts.
import { isDeepStrictEqual } from 'node:util';
import { AppError, type BridgeError } from '../../../shared/errors';
import {
  WatchScheduleSchema,
  WatchTargetSchema,
  type CheckInfo,
  type CheckStatus,
  type CheckTrigger,
  type WatchInput,
  type WatchPatch,
  type WatchSchedule,
  type WatchTarget,
} from '../../../shared/watches/watches';
import type { Sql } from '../../platform/workspace/sql';
import { WatchRulesSchema, type WatchRules } from '../../../shared/watches/rules';

export interface StoredWatch extends WatchInput {
  id: number;
  profileId: string;
  paused: boolean;
  createdAt: number;
  updatedAt: number;
  /** The last scheduled time a check was started (or waited, or was skipped) for; null: none yet. */
  lastDueAt: number | null;
}

/** A check as stored: what the bridge shows plus what the runner needs to go on. */
export interface StoredCheck extends CheckInfo {
  /** Through the limiter's low lane (every automatic check) or normal (Check now). */
  lowPriority: boolean;
  snapshotId: number | null;
  runId: number | null;
  /** The check this one was compared with (null: the baseline, or not compared yet). */
  previousCheckId: number | null;
}

interface WatchRow {
  id: number;
  profile_id: string;
  name: string;
  target_json: string;
  schedule_json: string;
  check_at_start: number;
  score_threshold: number;
  rules_json: string | null;
  paused: number;
  created_at: number;
  updated_at: number;
  last_due_at: number | null;
}

interface CheckRow {
  id: number;
  watch_id: number;
  trigger: CheckTrigger;
  status: CheckStatus;
  low_priority: number;
  started_at: number;
  finished_at: number | null;
  requests: number;
  changes: number;
  baseline: number;
  note: string | null;
  error_json: string | null;
  snapshot_id: number | null;
  run_id: number | null;
  previous_check_id: number | null;
}

/** No rules, or rules that say nothing: NULL (every change alerts). */
const rulesJson = (r: WatchRules | undefined): string | null => (r && Object.keys(r).length ? JSON.stringify(r) : null);

function rulesOf(json: string): { rules?: WatchRules } {
  const parsed = WatchRulesSchema.safeParse(JSON.parse(json));
  return parsed.success ? { rules: parsed.data } : {};
}

const toWatch = (r: WatchRow): StoredWatch => ({
  id: r.id,
  profileId: r.profile_id,
  name: r.name,
  target: WatchTargetSchema.parse(JSON.parse(r.target_json)),
  schedule: WatchScheduleSchema.parse(JSON.parse(r.schedule_json)),
  checkAtStart: r.check_at_start === 1,
  scoreThreshold: r.score_threshold,
  // A stored rule set this build cannot read is dropped, not fatal: the watch then alerts on every change.
  ...(r.rules_json ? rulesOf(r.rules_json) : {}),
  paused: r.paused === 1,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
  lastDueAt: r.last_due_at,
});

const toCheck = (r: CheckRow): StoredCheck => ({
  id: r.id,
  watchId: r.watch_id,
  trigger: r.trigger,
  status: r.status,
  startedAt: r.started_at,
  finishedAt: r.finished_at,
  requests: r.requests,
  changes: r.changes,
  baseline: r.baseline === 1,
  ...(r.note ? { note: r.note } : {}),
  ...(r.error_json ? { error: JSON.parse(r.error_json) as BridgeError } : {}),
  lowPriority: r.low_priority === 1,
  snapshotId: r.snapshot_id,
  runId: r.run_id,
  previousCheckId: r.previous_check_id,
});

/** What the bridge shows of a stored check (the runner's fields stay in main). */
export function checkInfo(c: StoredCheck): CheckInfo {
  const { lowPriority: _l, snapshotId: _s, runId: _r, previousCheckId: _p, ...info } = c;
  return info;
}

export interface CheckPatch {
  status?: CheckStatus;
  trigger?: CheckTrigger;
  startedAt?: number;
  finishedAt?: number | null;
  requests?: number;
  changes?: number;
  baseline?: boolean;
  note?: string | null;
  error?: BridgeError | null;
  snapshotId?: number | null;
  runId?: number | null;
  previousCheckId?: number | null;
}

const CHECK_COLUMNS: Record<keyof CheckPatch, string> = {
  status: 'status',
  trigger: 'trigger',
  startedAt: 'started_at',
  finishedAt: 'finished_at',
  requests: 'requests',
  changes: 'changes',
  baseline: 'baseline',
  note: 'note',
  error: 'error_json',
  snapshotId: 'snapshot_id',
  runId: 'run_id',
  previousCheckId: 'previous_check_id',
};

export class WatchStore {
  constructor(
    readonly sql: Sql,
    private readonly profileId: string,
    private readonly now: () => number,
  ) {}

  all(): StoredWatch[] {
    return this.sql.all<WatchRow>('SELECT * FROM watches WHERE profile_id = ? ORDER BY name COLLATE NOCASE, id', [this.profileId]).map(toWatch);
  }

  get(id: number): StoredWatch | null {
    const r = this.sql.get<WatchRow>('SELECT * FROM watches WHERE id = ? AND profile_id = ?', [id, this.profileId]);
    return r ? toWatch(r) : null;
  }

  existing(id: number): StoredWatch {
    const w = this.get(id);
    if (!w) throw new AppError('not_found', 'This watch no longer exists (it was deleted).');
    return w;
  }

  count(): number {
    return this.sql.get<{ n: number }>('SELECT count(*) AS n FROM watches WHERE profile_id = ?', [this.profileId])!.n;
  }

  create(input: WatchInput): StoredWatch {
    const at = this.now();
    const { lastInsertRowid } = this.sql.run(
      `INSERT INTO watches (profile_id, name, target_json, schedule_json, check_at_start, score_threshold, rules_json, paused, created_at, updated_at, last_due_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?)`,
      [this.profileId, input.name, JSON.stringify(input.target), JSON.stringify(input.schedule), input.checkAtStart ? 1 : 0, input.scoreThreshold, rulesJson(input.rules), at, at, at],
    );
    return this.get(lastInsertRowid)!;
  }

  /** Changes only the fields given (undefined: unchanged). */
  update(id: number, p: WatchPatch & { paused?: boolean; lastDueAt?: number }): StoredWatch {
    const w = this.existing(id);
    const scheduleChanged = p.schedule !== undefined && !isDeepStrictEqual(p.schedule, w.schedule);
    const resumed = p.paused === false && w.paused;
    const next = { ...w, ...Object.fromEntries(Object.entries(p).filter(([, v]) => v !== undefined)) } as StoredWatch;
    // A new schedule, or a watch taken off pause, counts from now: no check "missed" meanwhile.
    const lastDueAt = p.lastDueAt ?? (scheduleChanged || resumed ? this.now() : w.lastDueAt);
    this.sql.run(
      `UPDATE watches SET name = ?, target_json = ?, schedule_json = ?, check_at_start = ?, score_threshold = ?, rules_json = ?, paused = ?, updated_at = ?, last_due_at = ? WHERE id = ?`,
      [next.name, JSON.stringify(next.target), JSON.stringify(next.schedule), next.checkAtStart ? 1 : 0, next.scoreThreshold, rulesJson(next.rules), next.paused ? 1 : 0, this.now(), lastDueAt, id],
    );
    return this.get(id)!;
  }

  /** The watch looks at something else now: no earlier check is a base, the next one is a baseline. */
  forgetBases(id: number): void {
    this.sql.run('UPDATE watch_checks SET snapshot_id = NULL, run_id = NULL WHERE watch_id = ?', [id]);
  }

  /** The last scheduled time handled (bookkeeping only: updated_at stays the analyst's last edit). */
  setLastDue(id: number, at: number): void {
    this.sql.run('UPDATE watches SET last_due_at = ? WHERE id = ?', [at, id]);
  }

  delete(id: number): void {
    this.sql.run('DELETE FROM watches WHERE id = ? AND profile_id = ?', [id, this.profileId]);
  }

  // ---- Checks ------------------------------------------------------------------------------------

  createCheck(o: { watchId: number; trigger: CheckTrigger; status: CheckStatus; lowPriority: boolean; note?: string }): StoredCheck {
    const { lastInsertRowid } = this.sql.run(
      'INSERT INTO watch_checks (watch_id, trigger, status, low_priority, started_at, note) VALUES (?, ?, ?, ?, ?, ?)',
      [o.watchId, o.trigger, o.status, o.lowPriority ? 1 : 0, this.now(), o.note ?? null],
    );
    return this.check(lastInsertRowid)!;
  }

  check(id: number): StoredCheck | null {
    const r = this.sql.get<CheckRow>('SELECT c.* FROM watch_checks c JOIN watches w ON w.id = c.watch_id WHERE c.id = ? AND w.profile_id = ?', [id, this.profileId]);
    return r ? toCheck(r) : null;
  }

  updateCheck(id: number, p: CheckPatch): StoredCheck {
    const entries = Object.entries(p).filter(([, v]) => v !== undefined) as Array<[keyof CheckPatch, unknown]>;
    if (entries.length > 0) {
      const values = entries.map(([k, v]) => (k === 'error' ? (v === null ? null : JSON.stringify(v)) : k === 'baseline' ? (v ? 1 : 0) : v));
      this.sql.run(`UPDATE watch_checks SET ${entries.map(([k]) => `${CHECK_COLUMNS[k]} = ?`).join(', ')} WHERE id = ?`, [...values, id]);
    }
    return this.check(id)!;
  }

  /** A watch's checks, newest first. */
  checks(watchId: number, limit = 50): StoredCheck[] {
    return this.sql.all<CheckRow>('SELECT * FROM watch_checks WHERE watch_id = ? ORDER BY id DESC LIMIT ?', [watchId, limit]).map(toCheck);
  }

  lastCheck(watchId: number): StoredCheck | null {
    return this.checks(watchId, 1)[0] ?? null;
  }

  /** The newest finished check that holds what it compared (its snapshot or run), the next check's base. */
  lastDone(watchId: number, before?: number): StoredCheck | null {
    const r = this.sql.get<CheckRow>(
      `SELECT * FROM watch_checks WHERE watch_id = ? AND status = 'done' AND (snapshot_id IS NOT NULL OR run_id IS NOT NULL) AND id < ? ORDER BY id DESC LIMIT 1`,
      [watchId, before ?? Number.MAX_SAFE_INTEGER],
    );
    return r ? toCheck(r) : null;
  }

  /** Checks of this profile still running or waiting (after a restart: to resume or wait again). */
  openChecks(): StoredCheck[] {
    return this.sql
      .all<CheckRow>(
        `SELECT c.* FROM watch_checks c JOIN watches w ON w.id = c.watch_id WHERE w.profile_id = ? AND c.status IN ('running', 'waiting') ORDER BY c.id`,
        [this.profileId],
      )
      .map(toCheck);
  }

  /** The watch's check still running or waiting, if any (one at a time per watch). */
  openCheck(watchId: number): StoredCheck | null {
    const r = this.sql.get<CheckRow>(`SELECT * FROM watch_checks WHERE watch_id = ? AND status IN ('running', 'waiting') ORDER BY id DESC LIMIT 1`, [watchId]);
    return r ? toCheck(r) : null;
  }

  /** Requests per check of the watch's last finished check (the cost estimate's measured basis). */
  lastRequests(watchId: number): number | null {
    return (
      this.sql.get<{ requests: number }>(`SELECT requests FROM watch_checks WHERE watch_id = ? AND status = 'done' AND requests > 0 ORDER BY id DESC LIMIT 1`, [watchId])?.requests ??
      null
    );
  }
}

export type { WatchSchedule, WatchTarget };
