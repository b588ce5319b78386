// The team items' routes on a real PostgreSQL: every call needs a member token (401 before the body
// is read); status codes for a share, an edit, a stale edit, another member's edit or removal and an
// unknown id; body limits (16 KiB elsewhere, 32 MiB for items); a 100,000-company list over real HTTP.
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTeamCore, type TeamCore } from '../../../../src/main/shells/compose/create-team-core';
import { buildTeamServer } from '../../../../src/main/shells/team-server/server';
import { TeamErrorAnswerSchema } from '../../../../src/shared/team/api';
import { TeamItemAnswerSchema, TeamItemsAnswerSchema, TeamItemSummaryAnswerSchema, type TeamItemInput } from '../../../../src/shared/team/items';
import { postgresMissing, startTempPostgres, type TempPostgres } from '../../../helpers/postgres';

const search = (name: string): TeamItemInput => ({ kind: 'search', name, body: { filters: { or: [{ attribute: 'name', relation: 'contains', value: 'bank' }] } }, pageSize: 25 });

describe.skipIf(postgresMissing() !== null)('team items over HTTP', () => {
  let db: TempPostgres;
  let core: TeamCore;
  let app: FastifyInstance;
  let base: string;
  const log: string[] = [];
  const tokens: Record<'ada' | 'bo' | 'admin', string> = { ada: '', bo: '', admin: '' };
  beforeAll(async () => {
    db = await startTempPostgres();
    core = await createTeamCore({ databaseUrl: db.url, poolSize: 4 });
    const stream = new Writable({ write: (chunk: Buffer, _enc, done) => (log.push(chunk.toString()), done()) });
    app = buildTeamServer({ core, logStream: stream });
    base = await app.listen({ host: '127.0.0.1', port: 0 });
    for (const [who, role] of [['ada', 'member'], ['bo', 'member'], ['admin', 'admin']] as const) {
      const { inviteCode } = await core.members.invite({ name: who, role });
      tokens[who] = (await core.members.redeem(inviteCode, 'setup')).token;
    }
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await core?.close();
    await db?.stop();
  });

  const as = (who: keyof typeof tokens, o: InjectOptions) => app.inject({ ...o, headers: { ...o.headers, authorization: `Bearer ${tokens[who]}` } });
  const errorOf = (body: string) => TeamErrorAnswerSchema.parse(JSON.parse(body)).error;

  it('refuses every item call without a member token, before reading the body', async () => {
    const calls: InjectOptions[] = [
      { method: 'GET', url: '/v1/items' },
      { method: 'POST', url: '/v1/items', payload: search('x') },
      { method: 'GET', url: `/v1/items/${randomUUID()}` },
      { method: 'PUT', url: `/v1/items/${randomUUID()}`, payload: { ...search('x'), version: 1 } },
      { method: 'DELETE', url: `/v1/items/${randomUUID()}` },
      // Over the items' limit: refused as a stranger's, not as too large.
      { method: 'POST', url: '/v1/items', payload: 'x'.repeat(33 * 1024 * 1024), headers: { 'content-type': 'application/json' } },
    ];
    for (const c of calls) {
      const r = await app.inject(c);
      expect([c.method, r.statusCode]).toEqual([c.method, 401]);
      expect(errorOf(r.body).code).toBe('unauthorized');
    }
  });

  it('shares, lists, reads, edits and removes, with a status for each refusal', async () => {
    const created = await as('ada', { method: 'POST', url: '/v1/items', payload: search('Banks') });
    expect(created.statusCode).toBe(201);
    const { item } = TeamItemSummaryAnswerSchema.parse(created.json());
    expect(item).toMatchObject({ kind: 'search', name: 'Banks', mine: true, version: 1, size: 25 });
    const listed = TeamItemsAnswerSchema.parse((await as('bo', { method: 'GET', url: '/v1/items' })).json());
    expect(listed.items).toEqual([{ ...item, mine: false }]);
    const read = TeamItemAnswerSchema.parse((await as('bo', { method: 'GET', url: `/v1/items/${item.id}` })).json());
    expect(read.item).toMatchObject({ name: 'Banks', body: (search('Banks') as { body: unknown }).body, pageSize: 25, mine: false });

    const put = (who: keyof typeof tokens, version: number, name = 'EU banks') => as(who, { method: 'PUT', url: `/v1/items/${item.id}`, payload: { ...search(name), version } });
    const edited = await put('ada', 1);
    expect(edited.statusCode).toBe(200);
    expect(TeamItemSummaryAnswerSchema.parse(edited.json()).item).toMatchObject({ name: 'EU banks', version: 2 });
    const stale = await put('ada', 1, 'Again');
    expect([stale.statusCode, errorOf(stale.body).code]).toEqual([409, 'conflict']);
    expect(errorOf(stale.body).message).toMatch(/^Someone changed this item/);
    const notOwner = await put('bo', 2);
    expect([notOwner.statusCode, errorOf(notOwner.body).code]).toEqual([403, 'forbidden']);
    const noVersion = await as('ada', { method: 'PUT', url: `/v1/items/${item.id}`, payload: search('x') });
    expect([noVersion.statusCode, errorOf(noVersion.body).message]).toEqual([400, 'version: Say which version of the item you edited (version, a whole number)']);
    const invalid = await as('ada', { method: 'POST', url: '/v1/items', payload: { ...search('x'), name: '' } });
    expect([invalid.statusCode, errorOf(invalid.body).message]).toEqual([400, 'name: Give the item a name']);
    const duplicate = await as('ada', { method: 'POST', url: '/v1/items', payload: search('eu BANKS') });
    expect([duplicate.statusCode, errorOf(duplicate.body).code]).toEqual([409, 'conflict']);

    expect((await as('bo', { method: 'DELETE', url: `/v1/items/${item.id}` })).statusCode).toBe(403);
    const removed = await as('ada', { method: 'DELETE', url: `/v1/items/${item.id}` });
    expect([removed.statusCode, removed.body]).toEqual([204, '']);
    for (const url of [`/v1/items/${item.id}`, '/v1/items/not-a-uuid', `/v1/items/${'9'.repeat(40)}`]) {
      const gone = await as('bo', { method: 'GET', url });
      expect([url, gone.statusCode, errorOf(gone.body).code]).toEqual([url, 404, 'not_found']);
    }
    expect((await as('admin', { method: 'DELETE', url: '/v1/items/nope' })).statusCode).toBe(404);
  });

  it('takes up to 32 MiB for an item, 16 KiB elsewhere, and says which limit a body broke', async () => {
    const tooBig = await as('ada', { method: 'POST', url: '/v1/items', payload: `{"kind":"list","name":"x","companies":[${'0'.repeat(33 * 1024 * 1024)}]}`, headers: { 'content-type': 'application/json' } });
    expect([tooBig.statusCode, errorOf(tooBig.body).message]).toEqual([413, "The request is over this call's limit of 32 MiB."]);
    const redeem = await app.inject({ method: 'POST', url: '/v1/invites/redeem', payload: { code: 'x'.repeat(17 * 1024) } });
    expect([redeem.statusCode, errorOf(redeem.body).message]).toEqual([413, "The request is over this call's limit of 16 KiB."]);
    const notJson = await as('ada', { method: 'POST', url: '/v1/items', payload: '{"kind":', headers: { 'content-type': 'application/json' } });
    expect([notJson.statusCode, errorOf(notJson.body).code]).toEqual([400, 'invalid_input']);
  });

  it('shares a 100,000-company list over real HTTP and reads it back equal', async () => {
    const companies = Array.from({ length: 100_000 }, (_, i) => ({ companyId: randomUUID(), name: `Company ${i} Holding GmbH`, ...(i % 3 ? { country: 'DE' } : {}) }));
    const body = JSON.stringify({ kind: 'list', name: 'Whole portfolio', companies });
    const headers = { authorization: `Bearer ${tokens.bo}`, 'content-type': 'application/json' };
    const started = performance.now();
    const posted = await fetch(`${base}/v1/items`, { method: 'POST', headers, body });
    expect(posted.status).toBe(201);
    const { item } = TeamItemSummaryAnswerSchema.parse(await posted.json());
    const shared = performance.now();
    const got = await fetch(`${base}/v1/items/${item.id}`, { headers });
    expect(got.status).toBe(200);
    const read = TeamItemAnswerSchema.parse(await got.json()).item;
    const done = performance.now();
    console.log(`100,000 companies (${(body.length / 1e6).toFixed(1)} MB): shared in ${Math.round(shared - started)} ms, read back in ${Math.round(done - shared)} ms`);
    expect(read).toMatchObject({ kind: 'list', size: 100_000, owner: { name: 'bo' } });
    expect(read.kind === 'list' && read.companies).toEqual(companies);
    // The log says what happened, never what was shared.
    expect(log.join('')).toContain('/v1/items/:id');
    expect(log.join('')).not.toContain('Company 99999');
  });
});
