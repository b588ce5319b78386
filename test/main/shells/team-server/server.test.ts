// The team server over real HTTP on a real PostgreSQL: health, redeeming an invite for a token,
// the token's member, a revoked member refused at once, a source slowed after failed sign-ins
// (429 with Retry-After); and a log that holds no code and no token.
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTeamCore, type TeamCore } from '../../../../src/main/shells/compose/create-team-core';
import { buildTeamServer } from '../../../../src/main/shells/team-server/server';
import { postgresMissing, startTempPostgres, type TempPostgres } from '../../../helpers/postgres';
import { tamperedToken } from '../../../helpers/tampered';

describe.skipIf(postgresMissing() !== null)('the team server over HTTP', () => {
  let db: TempPostgres;
  let core: TeamCore;
  let app: FastifyInstance;
  let base: string;
  const log: string[] = [];
  beforeAll(async () => {
    db = await startTempPostgres();
    core = await createTeamCore({ databaseUrl: db.url, poolSize: 4 });
    const stream = new Writable({ write: (chunk: Buffer, _enc, done) => (log.push(chunk.toString()), done()) });
    app = buildTeamServer({ core, logStream: stream });
    base = await app.listen({ host: '127.0.0.1', port: 0 });
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await core?.close();
    await db?.stop();
  });

  const call = (path: string, init: RequestInit = {}) => fetch(`${base}${path}`, init);
  const redeem = (code: string) => call('/v1/invites/redeem', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code }) });
  const me = (token: string) => call('/v1/me', { headers: { authorization: `Bearer ${token}` } });

  it('says it is healthy with its database up', async () => {
    const r = await call('/health');
    expect(r.status).toBe(200);
    expect(await r.json()).toEqual({ status: 'ok', database: 'up' });
  });

  it('redeems an invite once for a token that names its member; a revoked member is refused on the next call', async () => {
    const { member, inviteCode } = await core.members.invite({ name: 'Ada Analyst' });
    const r = await redeem(inviteCode);
    expect(r.status).toBe(200);
    const body = (await r.json()) as { token: string; member: { id: string; name: string } };
    expect(body.member).toMatchObject({ id: member.id, name: 'Ada Analyst' });
    const who = await me(body.token);
    expect(who.status).toBe(200);
    expect(await who.json()).toMatchObject({ member: { id: member.id, role: 'member' } });
    expect((await redeem(inviteCode)).status).toBe(401);
    await core.members.revoke(member.id);
    const after = await me(body.token);
    expect(after.status).toBe(401);
    expect(await after.json()).toMatchObject({ error: { code: 'unauthorized' } });
    // Neither the code nor the token reached a log line.
    const logged = log.join('');
    expect(logged).toContain('/v1/invites/redeem');
    // The secret is everything after "<prefix>_<id>_" (it may itself hold "_").
    const secretOf = (text: string) => text.split('_').slice(2).join('_');
    expect(secretOf(inviteCode)).toHaveLength(43);
    expect(logged).not.toContain(secretOf(inviteCode));
    expect(logged).not.toContain(secretOf(body.token));
  });

  it('refuses a call without a token, and a malformed body, with a reason', async () => {
    const r = await call('/v1/me');
    expect(r.status).toBe(401);
    expect(await r.json()).toMatchObject({ error: { message: expect.stringMatching(/Authorization: Bearer/) } });
    const bad = await call('/v1/invites/redeem', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code: 1, extra: true }) });
    expect(bad.status).toBe(400);
  });

  it('slows a source after its failed sign-ins: 429 with Retry-After, even for a right token', async () => {
    const { inviteCode } = await core.members.invite({ name: 'Bo' });
    const { token } = (await (await redeem(inviteCode)).json()) as { token: string };
    for (let i = 0; i < 5; i++) expect((await me(tamperedToken(token))).status).toBe(401);
    const slowed = await me(token);
    expect(slowed.status).toBe(429);
    expect(Number(slowed.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });
});
