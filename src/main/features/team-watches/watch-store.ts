// Team watches and their checks in PostgreSQL (migration 3). Times that decide what is due or whose
// lease ran out are the database's now(), never a node's clock.
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { AppError } from '../../../shared/errors';
import { ESG_MODULES, type EsgModule } from '../../../shared/service/schemas';
import { SCORE_THRESHOLD_DEFAULT, WatchScheduleSchema, type WatchSchedule } from '../../../shared/watches/watches';
import { rulesMisfit, WatchRulesSchema, type WatchRules } from '../../../shared/watches/rules';
import type { TeamChange, TeamWatchSummary } from '../../../shared/team/watches';
import { nextDue } from './team-schedule';

export interface TeamWatch {
  id: string;
  name: string;
  itemId: string;
  ownerId: string;
  schedule: WatchSchedule;
  paused: boolean;
  nextDueAt: Date | null;
  createdAt: Date;
}

export type TeamCheckStatus = 'queued' | 'running' | 'done' | 'failed';

export interface TeamCheck {
  id: number;
  watchId: string;
  dueAt: Date;
  trigger: 'schedule' | 'manual';
  status: TeamCheckStatus;
  node: string | null;
  attempts: number;
  startedAt: Date | null;
  finishedAt: Date | null;
  requests: number;
  rows: number | null;
  changes: number | null;
  baseline: boolean | null;
  failedCells: number | null;
  error: string | null;
}

interface WatchRow {
  id: string;
  name: string;
  item_id: string;
  owner_id: string;
  schedule: unknown;
  paused: boolean;
  next_due_at: Date | null;
  created_at: Date;
}

const toWatch = (r: WatchRow): TeamWatch => ({
  id: r.id,
  name: r.name,
  itemId: r.item_id,
  ownerId: r.owner_id,
  schedule: WatchScheduleSchema.parse(r.schedule),
  paused: r.paused,
  nextDueAt: r.next_due_at,
  createdAt: r.created_at,
});

export const CHECK_COLUMNS =
  'id::int as id, watch_id as "watchId", due_at as "dueAt", trigger, status, node, attempts, started_at as "startedAt", finished_at as "finishedAt", requests, rows, changes, baseline, failed_cells as "failedCells", error';

/** A watch with its item, owner and last check, as GET /v1/watches answers it. */
const SUMMARY_SQL = `
  select w.id, w.name, w.schedule, w.modules, w.score_threshold, w.rules, w.paused, w.next_due_at,
         json_build_object('id', i.id, 'name', i.name, 'kind', i.kind) as item,
         json_build_object('id', m.id, 'name', m.name) as owner,
         (select json_build_object('id', c.id, 'status', c.status, 'trigger', c.trigger, 'dueAt', c.due_at, 'finishedAt', c.finished_at,
                 'requests', c.requests, 'rows', c.rows, 'changes', c.changes, 'baseline', c.baseline, 'failedCells', c.failed_cells, 'error', c.error)
            from team_checks c where c.watch_id = w.id order by c.due_at desc, c.id desc limit 1) as last_check
    from team_watches w join team_items i on i.id = w.item_id join members m on m.id = w.owner_id`;

const iso = (v: unknown): string | null => (v === null || v === undefined ? null : new Date(v as string).toISOString());

function toSummary(r: { id: string; name: string; schedule: unknown; modules: EsgModule[] | null; score_threshold: number | null; rules: unknown; paused: boolean; next_due_at: Date | null; item: TeamWatchSummary['item']; owner: TeamWatchSummary['owner']; last_check: Record<string, unknown> | null }): TeamWatchSummary {
  const c = r.last_check;
  return {
    id: r.id,
    name: r.name,
    item: r.item,
    owner: r.owner,
    schedule: WatchScheduleSchema.parse(r.schedule),
    modules: r.modules,
    scoreThreshold: r.score_threshold,
    rules: storedRules(r.rules),
    paused: r.paused,
    nextDueAt: iso(r.next_due_at),
    lastCheck: c ? ({ ...c, dueAt: iso(c.dueAt)!, finishedAt: iso(c.finishedAt) } as TeamWatchSummary['lastCheck']) : null,
  };
}

/** A list watch's modules and threshold (defaults: all three, 5 points); a search watch takes neither. */
function listOptions(kind: string | null, w: { modules?: EsgModule[]; scoreThreshold?: number }): { modules: EsgModule[]; scoreThreshold: number } | null {
  if (kind === 'list') return { modules: [...new Set(w.modules ?? ESG_MODULES)], scoreThreshold: w.scoreThreshold ?? SCORE_THRESHOLD_DEFAULT };
  if (w.modules || w.scoreThreshold !== undefined) {
    throw new AppError('invalid_input', 'ESG modules and a score threshold belong to a list watch; a saved search is checked for entries, exits and field changes.', { details: { field: w.modules ? 'modules' : 'scoreThreshold' } });
  }
  return null;
}

/** Rules as stored (a row written by this version); rules a later version wrote and this one cannot read alert on everything. */
export function storedRules(v: unknown): WatchRules | null {
  if (v === null || v === undefined) return null;
  const parsed = WatchRulesSchema.safeParse(v);
  return parsed.success ? parsed.data : null;
}

/** The rules to store for a watch of `kind`: null when they say nothing; refused when they do not fit it. */
function rulesFor(kind: 'search' | 'list', rules: WatchRules | undefined): WatchRules | null {
  if (!rules || Object.values(rules).every((v) => v === undefined || (Array.isArray(v) && v.length === 0))) return null;
  const misfit = rulesMisfit(rules, kind);
  if (misfit) throw new AppError('invalid_input', misfit.message, { details: { field: misfit.field } });
  return rules;
}

export function createWatchStore(pool: pg.Pool, timeZone: string) {
  return {
    async summaries(): Promise<TeamWatchSummary[]> {
      return (await pool.query<Parameters<typeof toSummary>[0]>(`${SUMMARY_SQL} order by w.created_at, w.id`)).rows.map(toSummary);
    },
    async summary(id: string): Promise<TeamWatchSummary | null> {
      const r = await pool.query<Parameters<typeof toSummary>[0]>(`${SUMMARY_SQL} where w.id = $1`, [id]);
      return r.rows[0] ? toSummary(r.rows[0]) : null;
    },
    /** The changes of one check (default: the watch's last finished one), at most `limit`. */
    async changes(watchId: string, checkId: number | null, limit = 5000): Promise<TeamChange[]> {
      const r = await pool.query<TeamChange>(
        `select kind, company_id as "companyId", company_name as "companyName", field, module, old_value as "oldValue", new_value as "newValue", detail
           from team_changes where watch_id = $1
            and check_id = coalesce($2, (select max(id) from team_checks where watch_id = $1 and status = 'done'))
          order by id limit $3`,
        [watchId, checkId, limit],
      );
      return r.rows;
    },
    async remove(id: string): Promise<boolean> {
      return ((await pool.query('delete from team_watches where id = $1', [id])).rowCount ?? 0) > 0;
    },
    /** The watch's new alert rules (null or empty: every change alerts); refused when they do not fit its item. */
    async setRules(id: string, rules: WatchRules | null): Promise<void> {
      const r = await pool.query<{ kind: 'search' | 'list' }>('select i.kind from team_watches w join team_items i on i.id = w.item_id where w.id = $1', [id]);
      if (!r.rows[0]) throw new AppError('not_found', 'No such team watch (it may have been removed).');
      const stored = rulesFor(r.rows[0].kind, rules ?? undefined);
      await pool.query('update team_watches set rules = $2::jsonb where id = $1', [id, stored === null ? null : JSON.stringify(stored)]);
    },
    async create(w: { name: string; itemId: string; ownerId: string; schedule: WatchSchedule; modules?: EsgModule[]; scoreThreshold?: number; rules?: WatchRules }): Promise<TeamWatch> {
      const name = w.name.trim();
      if (!name) throw new AppError('invalid_input', 'Give the watch a name.', { details: { field: 'name' } });
      const schedule = WatchScheduleSchema.parse(w.schedule);
      const { rows } = await pool.query<{ now: Date; kind: string | null }>('select now() as now, (select kind from team_items where id = $1) as kind', [w.itemId]);
      const list = listOptions(rows[0]!.kind, w);
      const rules = rulesFor(list ? 'list' : 'search', w.rules);
      const due = nextDue(schedule, rows[0]!.now, timeZone);
      const r = await pool.query<WatchRow>(
        'insert into team_watches (id, name, item_id, owner_id, schedule, next_due_at, modules, score_threshold, rules) values ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb) returning *',
        [randomUUID(), name, w.itemId, w.ownerId, JSON.stringify(schedule), due, list?.modules ?? null, list?.scoreThreshold ?? null, rules === null ? null : JSON.stringify(rules)],
      );
      return toWatch(r.rows[0]!);
    },
    async list(): Promise<TeamWatch[]> {
      return (await pool.query<WatchRow>('select * from team_watches order by created_at, id')).rows.map(toWatch);
    },
    async get(id: string): Promise<TeamWatch | null> {
      const r = await pool.query<WatchRow>('select * from team_watches where id = $1', [id]);
      return r.rows[0] ? toWatch(r.rows[0]) : null;
    },
    async checksOf(watchId: string): Promise<TeamCheck[]> {
      return (await pool.query<TeamCheck>(`select ${CHECK_COLUMNS} from team_checks where watch_id = $1 order by due_at, id`, [watchId])).rows;
    },
    async check(id: number): Promise<TeamCheck | null> {
      return (await pool.query<TeamCheck>(`select ${CHECK_COLUMNS} from team_checks where id = $1`, [id])).rows[0] ?? null;
    },
  };
}
export type WatchStore = ReturnType<typeof createWatchStore>;
