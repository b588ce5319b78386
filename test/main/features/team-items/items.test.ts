// Team items on a real PostgreSQL: a member shares a saved search or a list, every member reads it,
// only its owner edits it (from the version they read: a stale edit is refused, of two racing edits
// one wins), the owner or an admin removes it; a revoked owner's items stay, named after them.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMembers, type Member } from '../../../../src/main/features/members/members';
import { createTeamItems, type TeamItems } from '../../../../src/main/features/team-items/items';
import { migrate } from '../../../../src/main/platform/team-db/migrate';
import { TEAM_MIGRATIONS } from '../../../../src/main/platform/team-db/migrations';
import { TeamItemSchema, TeamItemSummarySchema, type TeamItemInput } from '../../../../src/shared/team/items';
import { postgresMissing, startTempPostgres, type TempPostgres } from '../../../helpers/postgres';

const search = (name: string, pageSize = 50): TeamItemInput => ({
  kind: 'search',
  name,
  body: { filters: { and: [{ attribute: 'country', relation: 'equals', value: 'DE' }] } },
  pageSize,
});
const companies = (n: number) => Array.from({ length: n }, (_, i) => ({ companyId: randomUUID(), name: `Company ${i}`, ...(i % 2 ? { country: 'FR' } : {}) }));
const list = (name: string, n = 3): TeamItemInput => ({ kind: 'list', name, companies: companies(n) });

describe.skipIf(postgresMissing() !== null)('team items on PostgreSQL', () => {
  let db: TempPostgres;
  let pool: pg.Pool;
  let items: TeamItems;
  const START = new Date('2026-12-01T09:00:00Z');
  let clock = START;
  const now = () => clock;
  const tick = () => (clock = new Date(clock.getTime() + 1000));
  let ada: Member;
  let bo: Member;
  let admin: Member;
  beforeAll(async () => {
    db = await startTempPostgres();
    pool = new pg.Pool({ connectionString: db.url, max: 6 });
    await migrate(pool, TEAM_MIGRATIONS);
    items = createTeamItems({ pool, now });
  }, 120_000);
  afterAll(async () => {
    await pool?.end();
    await db?.stop();
  });
  beforeEach(async () => {
    clock = START;
    await pool.query('truncate team_items, members, member_credentials, sign_in_failures cascade');
    const members = createMembers({ pool, now });
    ada = (await members.invite({ name: 'Ada Analyst' })).member;
    bo = (await members.invite({ name: 'Bo' })).member;
    admin = (await members.invite({ name: 'Cy Admin', role: 'admin' })).member;
  });

  it('shares a search and a list that every member sees, newest first, and reads back whole', async () => {
    const s = await items.share(ada, search('  German companies  '));
    tick();
    const input = list('Suppliers', 5);
    const l = await items.share(ada, input);
    expect(TeamItemSummarySchema.parse(s)).toEqual({
      id: expect.any(String),
      kind: 'search',
      name: 'German companies',
      owner: { id: ada.id, name: 'Ada Analyst' },
      mine: true,
      version: 1,
      createdAt: '2026-12-01T09:00:00.000Z',
      updatedAt: '2026-12-01T09:00:00.000Z',
      size: 50,
    });
    expect(l).toMatchObject({ kind: 'list', size: 5, version: 1 });
    const seen = await items.list(bo);
    expect(seen.map((i) => [i.name, i.mine])).toEqual([
      ['Suppliers', false],
      ['German companies', false],
    ]);
    const read = TeamItemSchema.parse(await items.get(bo, l.id));
    expect(read).toEqual({ ...l, mine: false, companies: (input as { companies: unknown }).companies });
    expect(await items.get(ada, s.id)).toMatchObject({ body: (search('x') as { body: unknown }).body, pageSize: 50, mine: true });
  });

  it('lets the owner edit; another member reads it but can neither edit nor remove it; an admin can remove it', async () => {
    const s = await items.share(ada, search('Banks'));
    tick();
    const edited = await items.update(ada, s.id, search('EU banks', 100), 1);
    expect(edited).toMatchObject({ name: 'EU banks', version: 2, size: 100, createdAt: s.createdAt, updatedAt: '2026-12-01T09:00:01.000Z' });
    await expect(items.get(bo, s.id)).resolves.toMatchObject({ name: 'EU banks', pageSize: 100 });
    await expect(items.update(bo, s.id, search('Mine now'), 2)).rejects.toMatchObject({ code: 'forbidden', message: expect.stringMatching(/Only the member who shared/) });
    await expect(items.remove(bo, s.id)).rejects.toMatchObject({ code: 'forbidden' });
    // An admin may remove, but not edit, someone else's item.
    await expect(items.update(admin, s.id, search('Admin edit'), 2)).rejects.toMatchObject({ code: 'forbidden' });
    await items.remove(admin, s.id);
    await expect(items.get(ada, s.id)).rejects.toMatchObject({ code: 'not_found' });
    const own = await items.share(bo, list('Bo list'));
    await items.remove(bo, own.id);
    expect(await items.list(ada)).toEqual([]);
  });

  it('answers not_found for an unknown or malformed id, on every call', async () => {
    for (const id of [randomUUID(), 'not-a-uuid', "1' or '1'='1", '']) {
      await expect(items.get(ada, id)).rejects.toMatchObject({ code: 'not_found' });
      await expect(items.update(ada, id, search('x'), 1)).rejects.toMatchObject({ code: 'not_found' });
      await expect(items.remove(admin, id)).rejects.toMatchObject({ code: 'not_found' });
    }
  });

  it('refuses an edit from a stale version, saying someone changed it', async () => {
    const l = await items.share(ada, list('Watch list'));
    await items.update(ada, l.id, list('Watch list', 4), 1);
    await expect(items.update(ada, l.id, list('Watch list', 9), 1)).rejects.toMatchObject({
      code: 'conflict',
      message: expect.stringMatching(/^Someone changed this item since you opened it \(it is at version 2, you edited version 1\)/),
    });
    expect(await items.get(bo, l.id)).toMatchObject({ version: 2, size: 4 });
  });

  it('of edits racing from the same version, on several nodes, exactly one wins', async () => {
    const l = await items.share(ada, list('Raced'));
    const poolB = new pg.Pool({ connectionString: db.url, max: 4 });
    try {
      const nodes = [items, createTeamItems({ pool: poolB, now })];
      const edits = Array.from({ length: 6 }, (_, i) => list(`Raced ${i}`, i + 1));
      const results = await Promise.allSettled(edits.map((e, i) => nodes[i % 2]!.update(ada, l.id, e, 1)));
      const won = results.flatMap((r, i) => (r.status === 'fulfilled' ? [i] : []));
      expect(won).toHaveLength(1);
      for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ code: 'conflict' });
      const after = await items.get(bo, l.id);
      expect(after).toMatchObject({ version: 2, name: `Raced ${won[0]}`, size: won[0]! + 1 });
    } finally {
      await poolB.end();
    }
  });

  it("keeps a revoked owner's items listed and readable, still named after them", async () => {
    const l = await items.share(bo, list('Left behind'));
    await createMembers({ pool, now }).revoke(bo.id);
    expect(await items.list(ada)).toEqual([expect.objectContaining({ id: l.id, owner: { id: bo.id, name: 'Bo' }, mine: false })]);
    await expect(items.get(ada, l.id)).resolves.toMatchObject({ name: 'Left behind', size: 3 });
    await items.remove(admin, l.id);
  });

  it('keeps one name per owner and kind (case-insensitive): sharing or renaming onto it is a conflict', async () => {
    const first = await items.share(ada, list('Suppliers'));
    await expect(items.share(ada, list('SUPPLIERS'))).rejects.toMatchObject({ code: 'conflict', message: 'You have already shared a list named "SUPPLIERS": update that one, or pick another name.' });
    await items.share(ada, search('Suppliers'));
    await items.share(bo, list('Suppliers'));
    const other = await items.share(ada, list('Others'));
    await expect(items.update(ada, other.id, list('suppliers'), 1)).rejects.toMatchObject({ code: 'conflict' });
    await expect(items.update(ada, first.id, search('Suppliers'), 1)).rejects.toMatchObject({ code: 'invalid_input', message: expect.stringMatching(/is a list and stays one/) });
    expect(await items.list(ada)).toHaveLength(4);
  });

  it('refuses a bad item with a sentence that says where and what', async () => {
    const refused = (input: unknown) => items.share(ada, input).then(
      () => 'accepted',
      (e: { code: string; message: string }) => `${e.code}: ${e.message}`,
    );
    const long = 'x'.repeat(121);
    expect(await refused({ ...search('x'), name: '   ' })).toBe('invalid_input: name: Give the item a name');
    expect(await refused({ ...search('x'), name: long })).toBe('invalid_input: name: A name can be at most 120 characters');
    expect(await refused({ ...search('x'), name: 'a\tb' })).toBe('invalid_input: name: A name cannot contain control characters');
    expect(await refused({ ...search('x'), pageSize: 0 })).toBe('invalid_input: pageSize: Page size must be between 1 and 200');
    expect(await refused({ ...search('x'), body: [1] })).toBe('invalid_input: body: The search must be a JSON object like {"filters": {"and": [...]}}');
    expect(await refused({ ...search('x'), body: { filters: 'y'.repeat(70_000) } })).toBe('invalid_input: body: The search is over the limit of 65,536 characters.');
    expect(await refused({ kind: 'folder', name: 'x' })).toBe('invalid_input: kind: kind must be "search" or "list"');
    expect(await refused({ ...search('x'), owner: 'me' })).toMatch(/^invalid_input: Unrecognized key: "owner"/);
    const ids = companies(2);
    expect(await refused({ kind: 'list', name: 'x', companies: [{ companyId: 'nope', name: 'A' }] })).toMatch(/^invalid_input: companies\[0\]\.companyId: Not a company id/);
    expect(await refused({ kind: 'list', name: 'x', companies: [ids[0], ids[1], ids[0]] })).toBe(`invalid_input: companies[2].companyId: Company ${ids[0]!.companyId} is in the list twice`);
    expect(await refused({ kind: 'list', name: 'x', companies: companies(100_001) })).toBe('invalid_input: companies: A shared list can hold at most 100,000 companies');
    expect(await refused({ ...search('x'), body: { filters: { and: [{ attribute: 'a', relation: 'b', value: 'nul\u0000' }] } } })).toMatch(/^invalid_input: The item holds text the team server cannot store/);
    const s = await items.share(ada, search('Fine'));
    await expect(items.update(ada, s.id, search('Fine'), undefined)).rejects.toMatchObject({ message: 'version: Say which version of the item you edited (version, a whole number)' });
    await expect(items.update(ada, s.id, search('Fine'), 0)).rejects.toMatchObject({ message: 'version: A version is 1 or more' });
    expect(await items.list(ada)).toHaveLength(1);
  });
});
