// Team items (issue 37): saved searches and lists members share with the team, on PostgreSQL. Every
// member reads every item; only its owner edits it, naming the version they edited (a stale one is
// refused, so two edits never silently overwrite each other); the owner or an admin removes it. An
// item outlives its owner's revocation, still named after them.
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { z } from 'zod';
import { AppError } from '../../../shared/errors';
import type { TeamMember } from '../../../shared/team/api';
import {
  describeIssue,
  TeamItemInputSchema,
  TeamItemVersionSchema,
  type TeamItem,
  type TeamItemInput,
  type TeamItemKind,
  type TeamItemSummary,
} from '../../../shared/team/items';

/** Who is asking: the authenticated member (features/members' Member has these and more). */
export type TeamActor = Pick<TeamMember, 'id' | 'role'>;

export interface TeamItemsOptions {
  pool: pg.Pool;
  now?: () => Date;
}

interface SummaryRow {
  id: string;
  kind: TeamItemKind;
  name: string;
  owner_id: string;
  owner_name: string;
  version: number;
  size: number;
  created_at: Date;
  updated_at: Date;
}
type ItemRow = SummaryRow & { content: Record<string, unknown> };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const COLUMNS = 'i.id, i.kind, i.name, i.owner_id, m.name as owner_name, i.version, i.size, i.created_at, i.updated_at';
/** Runs `write` (a statement on team_items aliased `i`) and answers its row joined with its owner. */
const withOwner = (write: string) => `with i as (${write} returning *) select ${COLUMNS} from i join members m on m.id = i.owner_id`;
/** PostgreSQL refused a value's text: a NUL character, or a lone surrogate in JSON. */
const UNSTORABLE_TEXT = new Set(['22P05', '22P02', '22021']);

export function createTeamItems(o: TeamItemsOptions) {
  const { pool } = o;
  const now = o.now ?? (() => new Date());

  return {
    /** Shares a copy of `input` (a TeamItemInput, checked here) with the team, owned by `actor`. */
    async share(actor: TeamActor, input: unknown): Promise<TeamItemSummary> {
      const item = parse(TeamItemInputSchema, input);
      const { content, size } = split(item);
      const at = now();
      const r = await stored(item, () =>
        pool.query<SummaryRow>(
          withOwner('insert into team_items (id, kind, name, owner_id, content, size, version, created_at, updated_at) values ($1, $2, $3, $4, $5::jsonb, $6, 1, $7, $7)'),
          [randomUUID(), item.kind, item.name, actor.id, JSON.stringify(content), size, at],
        ),
      );
      return summaryOf(actor, r.rows[0]!);
    },

    /** Every team item, newest change first, without content. */
    async list(actor: TeamActor): Promise<TeamItemSummary[]> {
      const r = await pool.query<SummaryRow>(`select ${COLUMNS} from team_items i join members m on m.id = i.owner_id order by i.updated_at desc, i.id`);
      return r.rows.map((row) => summaryOf(actor, row));
    },

    async get(actor: TeamActor, id: string): Promise<TeamItem> {
      const r = UUID.test(id) ? await pool.query<ItemRow>(`select ${COLUMNS}, i.content from team_items i join members m on m.id = i.owner_id where i.id = $1`, [id]) : null;
      const row = r?.rows[0];
      if (!row) throw notFound();
      return { ...summaryOf(actor, row), ...row.content } as TeamItem;
    },

    /** Replaces the item's name and content; only its owner, from the version they last read. */
    async update(actor: TeamActor, id: string, input: unknown, expectedVersion: unknown): Promise<TeamItemSummary> {
      const item = parse(TeamItemInputSchema, input);
      const version = parse(TeamItemVersionSchema, expectedVersion, 'version');
      if (!UUID.test(id)) throw notFound();
      const { content, size } = split(item);
      // One statement: of two edits from the same version, the second finds the version moved on.
      const r = await stored(item, () =>
        pool.query<SummaryRow>(
          withOwner('update team_items set name = $5, content = $6::jsonb, size = $7, version = version + 1, updated_at = $8 where id = $1 and owner_id = $2 and version = $3 and kind = $4'),
          [id, actor.id, version, item.kind, item.name, JSON.stringify(content), size, now()],
        ),
      );
      if (r.rows[0]) return summaryOf(actor, r.rows[0]);
      const current = await pool.query<{ owner_id: string; version: number; kind: TeamItemKind }>('select owner_id, version, kind from team_items where id = $1', [id]);
      const row = current.rows[0];
      if (!row) throw notFound();
      if (row.owner_id !== actor.id) throw new AppError('forbidden', 'Only the member who shared this item can change it: copy it into your workspace to make your own.');
      if (row.kind !== item.kind) throw new AppError('invalid_input', `This item is a ${row.kind} and stays one: share the ${item.kind} as a new item.`);
      throw new AppError('conflict', `Someone changed this item since you opened it (it is at version ${row.version}, you edited version ${version}): reload it, then make your change again.`);
    },

    /** Removes an item: its owner, or a team admin. */
    async remove(actor: TeamActor, id: string): Promise<void> {
      if (!UUID.test(id)) throw notFound();
      const r = await pool.query('delete from team_items where id = $1 and (owner_id = $2 or $3)', [id, actor.id, actor.role === 'admin']);
      if (r.rowCount !== 0) return;
      const exists = await pool.query('select 1 from team_items where id = $1', [id]);
      if (exists.rowCount === 0) throw notFound();
      throw new AppError('forbidden', 'Only the member who shared this item, or a team admin, can remove it.');
    },
  };
}

export type TeamItems = ReturnType<typeof createTeamItems>;

function parse<T>(schema: z.ZodType<T>, input: unknown, field?: string): T {
  const r = schema.safeParse(input);
  if (!r.success) throw new AppError('invalid_input', `${field ? `${field}: ` : ''}${describeIssue(r.error)}`);
  return r.data;
}

/** What goes in the content column, and the size a summary shows (a search's page size, a list's company count). */
function split(item: TeamItemInput): { content: object; size: number } {
  return item.kind === 'search' ? { content: { body: item.body, pageSize: item.pageSize }, size: item.pageSize } : { content: { companies: item.companies }, size: item.companies.length };
}

/** A write, with PostgreSQL's refusals said as the member's problem. */
async function stored<T>(item: TeamItemInput, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (e) {
    const code = (e as { code?: unknown }).code;
    const constraint = (e as { constraint?: unknown }).constraint;
    if (code === '23505' && constraint === 'team_items_owner_kind_name') {
      throw new AppError('conflict', `You have already shared a ${item.kind} named "${item.name}": update that one, or pick another name.`, { cause: e });
    }
    if (typeof code === 'string' && UNSTORABLE_TEXT.has(code)) {
      throw new AppError('invalid_input', 'The item holds text the team server cannot store (a NUL character or a broken Unicode character): remove it and try again.', { cause: e });
    }
    throw e;
  }
}

function summaryOf(actor: TeamActor, r: SummaryRow): TeamItemSummary {
  return {
    id: r.id,
    kind: r.kind,
    name: r.name,
    owner: { id: r.owner_id, name: r.owner_name },
    mine: r.owner_id === actor.id,
    version: r.version,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
    size: r.size,
  };
}

function notFound(): AppError {
  return new AppError('not_found', 'No such team item: it may have been removed.');
}
