// Team members on a real PostgreSQL: invite, redeem once, authenticate on every call; expiry,
// revocation at once, failed sign-ins slowed per source; codes and tokens never stored in clear.
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMembers, FREE_FAILURES, waitAfterFailures } from '../../../../src/main/features/members/members';
import { migrate } from '../../../../src/main/platform/team-db/migrate';
import { TEAM_MIGRATIONS } from '../../../../src/main/platform/team-db/migrations';
import { postgresMissing, startTempPostgres, type TempPostgres } from '../../../helpers/postgres';
import { tamperedToken } from '../../../helpers/tampered';

describe('waitAfterFailures', () => {
  it('lets the first failures through, then doubles the wait up to 15 minutes', () => {
    expect([0, FREE_FAILURES - 1].map(waitAfterFailures)).toEqual([0, 0]);
    expect([FREE_FAILURES, FREE_FAILURES + 1, FREE_FAILURES + 3].map(waitAfterFailures)).toEqual([1000, 2000, 8000]);
    expect(waitAfterFailures(FREE_FAILURES + 40)).toBe(15 * 60_000);
  });
});

describe.skipIf(postgresMissing() !== null)('members on PostgreSQL', () => {
  let db: TempPostgres;
  let pool: pg.Pool;
  let clock = new Date('2026-11-28T09:00:00Z');
  const now = () => clock;
  const later = (ms: number) => (clock = new Date(clock.getTime() + ms));
  beforeAll(async () => {
    db = await startTempPostgres();
    pool = new pg.Pool({ connectionString: db.url, max: 4 });
    await migrate(pool, TEAM_MIGRATIONS);
  }, 120_000);
  afterAll(async () => {
    await pool?.end();
    await db?.stop();
  });
  beforeEach(async () => {
    // cascade: later versions' tables (digest subscriptions...) reference members.
    await pool.query('truncate members, member_credentials, sign_in_failures cascade');
  });

  it('an invite is redeemed once for a token that signs the member in', async () => {
    const members = createMembers({ pool, now });
    const { member, inviteCode } = await members.invite({ name: 'Ada Analyst', email: 'ada@example.test' });
    expect(inviteCode).toMatch(/^fsi_[0-9a-f]{16}_[\w-]{43}$/);
    const { token, expiresAt } = await members.redeem(inviteCode, 'laptop-1');
    expect(token).toMatch(/^fsm_/);
    expect(expiresAt.getTime() - clock.getTime()).toBe(90 * 86_400_000);
    expect(await members.authenticate(token, 'laptop-1')).toEqual({ id: member.id, name: 'Ada Analyst', email: 'ada@example.test', role: 'member' });
    await expect(members.redeem(inviteCode, 'laptop-2')).rejects.toMatchObject({ code: 'unauthorized' });
  });

  it('two redemptions of one code at once give one token', async () => {
    const members = createMembers({ pool, now });
    const { inviteCode } = await members.invite({ name: 'Bo' });
    const results = await Promise.allSettled([members.redeem(inviteCode, 'a'), members.redeem(inviteCode, 'b'), members.redeem(inviteCode, 'c')]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const tokens = await pool.query("select 1 from member_credentials where kind = 'token'");
    expect(tokens.rowCount).toBe(1);
  });

  it('an expired invite or token is refused', async () => {
    const members = createMembers({ pool, now, inviteTtlMs: 60_000, tokenTtlMs: 120_000 });
    const first = await members.invite({ name: 'Cy' });
    const { token } = await members.redeem(first.inviteCode, 'x');
    const second = await members.invite({ name: 'Di' });
    later(120_001);
    await expect(members.authenticate(token, 'x')).rejects.toMatchObject({ code: 'unauthorized' });
    await expect(members.redeem(second.inviteCode, 'y')).rejects.toMatchObject({ code: 'unauthorized' });
  });

  it('a revoked member is refused on the very next call', async () => {
    const members = createMembers({ pool, now });
    const { member, inviteCode } = await members.invite({ name: 'Eve' });
    const { token } = await members.redeem(inviteCode, 'x');
    await members.authenticate(token, 'x');
    await members.revoke(member.id);
    await expect(members.authenticate(token, 'x')).rejects.toMatchObject({ code: 'unauthorized' });
    await expect(members.revoke(member.id)).rejects.toMatchObject({ code: 'not_found' });
  });

  it('slows a source after its failed sign-ins, for every node, without slowing other sources', async () => {
    const nodeA = createMembers({ pool, now });
    const nodeB = createMembers({ pool, now });
    const { inviteCode } = await nodeA.invite({ name: 'Fay' });
    const { token } = await nodeA.redeem(inviteCode, 'office');
    const wrong = tamperedToken(token);
    for (let i = 0; i < FREE_FAILURES; i++) await expect((i % 2 ? nodeA : nodeB).authenticate(wrong, 'attacker')).rejects.toMatchObject({ code: 'unauthorized' });
    // Now even the right token waits from that source, on either node; the office is not slowed.
    await expect(nodeB.authenticate(token, 'attacker')).rejects.toMatchObject({ code: 'rate_limited', message: expect.stringMatching(/try again in 1 s/) });
    await expect(nodeA.authenticate(token, 'office')).resolves.toMatchObject({ name: 'Fay' });
    later(1000);
    await expect(nodeA.authenticate(token, 'attacker')).resolves.toMatchObject({ name: 'Fay' });
    await expect(nodeA.authenticate('not a token', 'attacker')).rejects.toMatchObject({ code: 'unauthorized' });
  });

  it('stores no code and no token in clear: a dump of every table holds neither secret', async () => {
    const members = createMembers({ pool, now });
    const { inviteCode } = await members.invite({ name: 'Gus' });
    const { token } = await members.redeem(inviteCode, 'x');
    const dump = [];
    for (const t of ['members', 'member_credentials', 'sign_in_failures', 'schema_migrations']) dump.push(JSON.stringify((await pool.query(`select * from ${t}`)).rows));
    const all = dump.join('\n');
    const secretOf = (text: string) => text.split('_').slice(2).join('_');
    expect(all).not.toContain(secretOf(inviteCode));
    expect(all).not.toContain(secretOf(token));
    expect(all).toMatch(/scrypt\$16384\$8\$1\$/);
  });
});
