// The desktop's Team connection against the real team server (Fastify on a real PostgreSQL, over
// real HTTP): redeem an invite, check, a revoked member signed out and never asked again, a server
// gone and back, a token that is only sent where it was issued, and no token outside the keychain.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../../../src/shared/errors';
import { createMemoryVault } from '../../../../src/main/platform/secrets/memory-vault';
import { createTeamConnection, TEAM_SETTINGS_KEY, TEAM_TOKEN_ACCOUNT } from '../../../../src/main/features/team/team-connection';
import { createTeamWatchCalls } from '../../../../src/main/features/team/team-watch-calls';
import { createTeamDigestCalls } from '../../../../src/main/features/team/team-digest-calls';
import { createTeamItemCalls } from '../../../../src/main/features/team/team-item-calls';
import type { TeamStatus } from '../../../../src/shared/team/connection';
import { createTeamCore, type TeamCore } from '../../../../src/main/shells/compose/create-team-core';
import { buildTeamServer } from '../../../../src/main/shells/team-server/server';
import { postgresMissing, startTempPostgres, type TempPostgres } from '../../../helpers/postgres';
import { memorySettings } from '../search/fake-deps';

describe.skipIf(postgresMissing() !== null)('the Team connection against a real team server', () => {
  let db: TempPostgres;
  let core: TeamCore;
  let app: FastifyInstance;
  let serverUrl: string;
  let port: number;
  beforeAll(async () => {
    db = await startTempPostgres();
    // Watches kept, none checked (no service): what sharing a list and watching it needs.
    core = await createTeamCore({ databaseUrl: db.url, poolSize: 4, watches: { service: null, timeZone: 'UTC', rowCap: 1000, concurrency: 1, pollingIntervalSeconds: 1 } });
    app = buildTeamServer({ core, logStream: devNull() });
    serverUrl = await app.listen({ host: '127.0.0.1', port: 0 });
    port = (app.server.address() as AddressInfo).port;
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await core?.close();
    await db?.stop();
  });

  let clock: number;
  let sent: string[];
  let changes: TeamStatus[];
  let vault: ReturnType<typeof createMemoryVault>;
  let settings: ReturnType<typeof memorySettings>;
  const connection = () =>
    createTeamConnection({
      settings,
      vault,
      typedCaFile: true,
      now: () => clock,
      onChange: (s) => changes.push(s),
      // Every request the connection sends, by URL: what was (not) sent is asserted below.
      fetchFor: async () => (url, init) => (sent.push(url), fetch(url, init)),
    });
  beforeEach(() => {
    clock = Date.now();
    sent = [];
    changes = [];
    vault = createMemoryVault();
    settings = memorySettings();
  });

  it('redeems an invite: connected as the member, the token only in the keychain, bound to the server', async () => {
    const { inviteCode, member } = await core.members.invite({ name: 'Ada Analyst' });
    const team = connection();
    const s = await team.connect({ serverUrl, inviteCode });
    expect(s).toMatchObject({ state: 'connected', serverUrl, member: { id: member.id, name: 'Ada Analyst', role: 'member' }, message: null });
    expect(changes.at(-1)).toEqual(s);
    const stored = JSON.parse((await vault.get(TEAM_TOKEN_ACCOUNT))!) as { token: string; serverUrl: string; caFile: string };
    expect(stored).toMatchObject({ serverUrl, caFile: '' });
    expect(stored.token).toMatch(/^fsm_/);
    // The canary: neither the token nor the invite's secret is in the settings or in what the page gets.
    const secretOf = (t: string) => t.split('_').slice(2).join('_');
    for (const text of [JSON.stringify([...settings.data]), JSON.stringify(s), JSON.stringify(changes)]) {
      expect(text).not.toContain(secretOf(stored.token));
      expect(text).not.toContain(secretOf(inviteCode));
    }
    expect(await team.check()).toMatchObject({ state: 'connected', member: { name: 'Ada Analyst' } });
  });

  it('refuses a used invite next to the code field and keeps the connection it had', async () => {
    const { inviteCode } = await core.members.invite({ name: 'Bo Buyer' });
    const team = connection();
    const first = await team.connect({ serverUrl, inviteCode });
    const err = await team.connect({ serverUrl, inviteCode }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ code: 'invalid_input', details: { field: 'inviteCode' } });
    expect((err as AppError).message).toMatch(/ask a team admin for a new invite/);
    expect(team.status()).toEqual(first);
    expect(await team.check()).toMatchObject({ state: 'connected' });
  });

  it('a malformed code or an http URL to another computer is refused before anything is sent', async () => {
    const team = connection();
    await expect(team.connect({ serverUrl, inviteCode: 'fsi_short' })).rejects.toThrow(/starts with fsi_ and is 64 characters/);
    const { inviteCode } = await core.members.invite({ name: 'Cy Clear' });
    await expect(team.connect({ serverUrl: 'http://team.example.com', inviteCode })).rejects.toThrow(/Use https:\/\//);
    expect(sent).toEqual([]);
    expect(team.status().state).toBe('none');
  });

  it('a revoked member is signed out at the next check, the token deleted and never sent again', async () => {
    const { inviteCode, member } = await core.members.invite({ name: 'Di Departed' });
    const team = connection();
    await team.connect({ serverUrl, inviteCode });
    await core.members.revoke(member.id);
    const s = await team.check();
    expect(s.state).toBe('signed_out');
    expect(s.message).toMatch(/no longer accepts this computer's member token .*Ask a team admin for a new invite/);
    expect(await vault.get(TEAM_TOKEN_ACCOUNT)).toBeNull();
    const before = sent.length;
    expect((await team.check()).state).toBe('signed_out');
    expect((await team.check()).state).toBe('signed_out');
    expect(sent).toHaveLength(before);
  });

  it('a server gone is "cannot be reached" with the token kept; back, it is connected again', async () => {
    const { inviteCode } = await core.members.invite({ name: 'Ed Offline' });
    const team = connection();
    await team.connect({ serverUrl, inviteCode });
    await app.close();
    try {
      const s = await team.check();
      expect(s.state).toBe('unreachable');
      expect(s.message).toMatch(/cannot be reached .*Your local work is not affected/);
      expect(s.member?.name).toBe('Ed Offline');
      expect(await vault.get(TEAM_TOKEN_ACCOUNT)).not.toBeNull();
    } finally {
      app = buildTeamServer({ core, logStream: devNull() });
      await app.listen({ host: '127.0.0.1', port });
    }
    expect(await team.check()).toMatchObject({ state: 'connected', message: null });
  });

  it('a settings file pointed at another server never gets the token: signed out, nothing sent there', async () => {
    const seen: IncomingHttpHeaders[] = [];
    const other = createServer((req, res) => (seen.push(req.headers), res.end('{}')));
    await new Promise<void>((r) => other.listen(0, '127.0.0.1', r));
    try {
      const { inviteCode } = await core.members.invite({ name: 'Fay Faithful' });
      const team = connection();
      await team.connect({ serverUrl, inviteCode });
      const otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
      settings.write(TEAM_SETTINGS_KEY, { ...team.status(), serverUrl: otherUrl });
      const s = await team.check();
      expect(s.state).toBe('signed_out');
      expect(s.message).toMatch(/only sent where it was issued/);
      expect(seen).toEqual([]);
      expect(sent.filter((u) => u.startsWith(otherUrl))).toEqual([]);
      expect(await vault.get(TEAM_TOKEN_ACCOUNT)).toBeNull();
    } finally {
      await new Promise((r) => other.close(r));
    }
  });

  it('an expired token is signed out without asking the server', async () => {
    const { inviteCode } = await core.members.invite({ name: 'Gus Gone' });
    const team = connection();
    const s = await team.connect({ serverUrl, inviteCode });
    clock = Date.parse(s.tokenExpiresAt!) + 1;
    const before = sent.length;
    expect(await team.check()).toMatchObject({ state: 'signed_out', message: expect.stringMatching(/has expired/) as unknown });
    expect(sent).toHaveLength(before);
  });

  it('a list is shared with the team and its ESG watched there in one step; a deleted or empty list is refused by field', async () => {
    const { inviteCode } = await core.members.invite({ name: 'Lea Lister' });
    const team = connection();
    await team.connect({ serverUrl, inviteCode });
    const lists: Record<number, { name: string; companies: Array<{ companyId: string; name: string }> }> = {
      7: { name: 'Portfolio A', companies: [{ companyId: '2f1c6b1e-8d4a-4c1e-9a0b-3e5d7f9a1b2c', name: 'Acme GmbH' }, { companyId: '3a2d7c2f-9e5b-4d2f-8b1c-4f6e8a0b2c3d', name: 'Beta SA' }] },
      8: { name: 'Empty', companies: [] },
    };
    const items = createTeamItemCalls(team, { savedSearch: () => null, listToShare: (id) => lists[id] ?? null, copies: () => null });
    const calls = createTeamWatchCalls(team, (from) => items.share(from));
    const watch = await calls.watchList(7, { modules: ['scores', 'news'], scoreThreshold: 2.5 }, { kind: 'daily', at: '07:00' });
    expect(watch).toMatchObject({ name: 'Portfolio A', item: { kind: 'list', name: 'Portfolio A' }, owner: { name: 'Lea Lister' }, modules: ['scores', 'news'], scoreThreshold: 2.5, schedule: { kind: 'daily', at: '07:00' } });
    // The server holds a copy of the companies, owned by the member.
    const item = await core.items.get({ id: watch.owner.id, role: 'member' } as never, watch.item.id);
    expect(item).toMatchObject({ kind: 'list', companies: lists[7]!.companies });
    expect((await calls.list()).map((w) => w.id)).toContain(watch.id);
    await expect(calls.watchList(9, { modules: ['scores'], scoreThreshold: 5 }, { kind: 'hourly' })).rejects.toMatchObject({ code: 'not_found', details: { field: 'listId' } });
    await expect(calls.watchList(8, { modules: ['scores'], scoreThreshold: 5 }, { kind: 'hourly' })).rejects.toMatchObject({ code: 'invalid_input', details: { field: 'listId' } });
  });

  it('a server that sends no digests says so, and stays connected (it is up, it only does not offer that)', async () => {
    const { inviteCode } = await core.members.invite({ name: 'Ida Inbox' });
    const team = connection();
    await team.connect({ serverUrl, inviteCode });
    const digests = createTeamDigestCalls(team);
    await expect(digests.subscriptions()).rejects.toMatchObject({ code: 'not_configured', message: 'This server does not send digests: ask your team admin to set them up.' });
    expect(team.status()).toMatchObject({ state: 'connected', message: null });
    expect(changes.at(-1)?.state).toBe('connected');
  });

  it('disconnect forgets the server and the token on this computer', async () => {
    const { inviteCode } = await core.members.invite({ name: 'Hal Home' });
    const team = connection();
    await team.connect({ serverUrl, inviteCode });
    expect(await team.disconnect()).toMatchObject({ state: 'none', serverUrl: null, member: null });
    expect(await vault.get(TEAM_TOKEN_ACCOUNT)).toBeNull();
    expect(settings.data.get(TEAM_SETTINGS_KEY)).toBeNull();
  });
});

function devNull() {
  return { write: () => true } as unknown as NodeJS.WritableStream;
}
