// The team's shared saved searches and lists from the desktop, against the real team server (Fastify
// on a real PostgreSQL, over real HTTP): one member shares, another sees the items, copies them into
// their own workspace and watches one; only the owner edits (from the version read, else refused in
// the server's words), and the owner's removal takes the item's watches with it.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryVault } from '../../../../src/main/platform/secrets/memory-vault';
import { createTeamConnection, type TeamConnection } from '../../../../src/main/features/team/team-connection';
import { createTeamItemCalls, type LocalCopies } from '../../../../src/main/features/team/team-item-calls';
import { createTeamWatchCalls } from '../../../../src/main/features/team/team-watch-calls';
import type { SavedSearch } from '../../../../src/shared/bridge/groups/search';
import type { TeamCompany } from '../../../../src/shared/team/items';
import { createTeamCore, type TeamCore } from '../../../../src/main/shells/compose/create-team-core';
import { buildTeamServer } from '../../../../src/main/shells/team-server/server';
import { postgresMissing, startTempPostgres, type TempPostgres } from '../../../helpers/postgres';
import { memorySettings } from '../search/fake-deps';

const DE = { filters: { and: [{ attribute: 'country', relation: 'equals', value: 'DE' }] } };
const FR = { filters: { and: [{ attribute: 'country', relation: 'equals', value: 'FR' }] } };
const COMPANIES: TeamCompany[] = [
  { companyId: '2f1c6b1e-8d4a-4c1e-9a0b-3e5d7f9a1b2c', name: 'Acme GmbH', country: 'DE' },
  { companyId: '3a2d7c2f-9e5b-4d2f-8b1c-4f6e8a0b2c3d', name: 'Beta SA' },
];
const saved = (id: string, name: string, body: unknown, pageSize = 100): SavedSearch => ({ id, profileId: 'p1', name, body, pageSize, createdAt: 1, updatedAt: 1 }) as SavedSearch;

describe.skipIf(postgresMissing() !== null)('team items from the desktop against a real team server', () => {
  let db: TempPostgres;
  let core: TeamCore;
  let app: FastifyInstance;
  let serverUrl: string;
  beforeAll(async () => {
    db = await startTempPostgres();
    core = await createTeamCore({ databaseUrl: db.url, poolSize: 4, watches: { service: null, timeZone: 'UTC', rowCap: 1000, concurrency: 1, pollingIntervalSeconds: 1 } });
    app = buildTeamServer({ core, logStream: { write: () => true } as unknown as NodeJS.WritableStream });
    serverUrl = await app.listen({ host: '127.0.0.1', port: 0 });
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await core?.close();
    await db?.stop();
  });

  async function member(name: string, local: { searches?: SavedSearch[]; lists?: Record<number, { name: string; companies: TeamCompany[] }> } = {}) {
    const team: TeamConnection = createTeamConnection({ settings: memorySettings(), vault: createMemoryVault(), typedCaFile: true, now: () => Date.now(), onChange: () => {}, fetchFor: async () => fetch });
    await team.connect({ serverUrl, inviteCode: (await core.members.invite({ name })).inviteCode });
    const copied = { searches: [] as Array<{ name: string; body: unknown; pageSize: number }>, lists: [] as Array<{ name: string; companies: TeamCompany[] }> };
    const copies: LocalCopies = {
      saveSearch: (o) => (copied.searches.push(o), { id: `s${copied.searches.length}`, name: o.name }),
      createList: (o) => (copied.lists.push(o), { id: 40 + copied.lists.length, name: `${o.name} 2` }),
    };
    const items = createTeamItemCalls(team, { savedSearch: (id) => local.searches?.find((s) => s.id === id) ?? null, listToShare: (id) => local.lists?.[id] ?? null, copies: () => copies });
    return { team, items, copied, watches: createTeamWatchCalls(team, (from) => items.share(from)) };
  }

  it('a member sees what another shared, copies it into their workspace and watches it; only the owner edits', async () => {
    const ada = await member('Ada Owner', { searches: [saved('a1', 'DE companies', DE, 500), saved('a2', 'FR companies', FR)], lists: { 7: { name: 'Portfolio A', companies: COMPANIES } } });
    const search = await ada.items.share({ savedSearchId: 'a1' });
    const list = await ada.items.share({ listId: 7 });
    expect(search).toMatchObject({ kind: 'search', name: 'DE companies', mine: true, version: 1, size: 200 });
    expect(list).toMatchObject({ kind: 'list', name: 'Portfolio A', size: 2 });

    const bo = await member('Bo Reader');
    const seen = await bo.items.list();
    expect(seen.filter((i) => [search.id, list.id].includes(i.id))).toEqual(expect.arrayContaining([
      expect.objectContaining({ id: search.id, mine: false, owner: expect.objectContaining({ name: 'Ada Owner' }) as unknown }),
      expect.objectContaining({ id: list.id, mine: false }),
    ]));
    expect(await bo.items.copy(search.id)).toEqual({ kind: 'search', savedSearchId: 's1', name: 'DE companies' });
    expect(await bo.items.copy(list.id)).toEqual({ kind: 'list', listId: 41, name: 'Portfolio A 2', companies: 2 });
    expect(bo.copied).toEqual({ searches: [{ name: 'DE companies', body: DE, pageSize: 200 }], lists: [{ name: 'Portfolio A', companies: COMPANIES }] });

    await expect(bo.items.watch(list.id, { kind: 'hourly' })).rejects.toMatchObject({ code: 'invalid_input', details: { field: 'modules' } });
    const watch = await bo.items.watch(list.id, { kind: 'daily', at: '06:00' }, { modules: ['scores'], scoreThreshold: 3 });
    expect(watch).toMatchObject({ name: 'Portfolio A', item: { id: list.id, kind: 'list' }, owner: { name: 'Bo Reader' }, modules: ['scores'], scoreThreshold: 3 });

    await expect(bo.items.update({ itemId: search.id, version: 1, name: 'Mine now' })).rejects.toMatchObject({ code: 'forbidden', message: expect.stringMatching(/Only the member who shared this item can change it/) as unknown });
    expect(bo.team.status().state).toBe('connected');
    await expect(bo.items.remove(search.id)).rejects.toMatchObject({ code: 'forbidden' });

    // The owner takes the content again from another saved search; an edit from the old version is refused.
    const edited = await ada.items.update({ itemId: search.id, version: 1, name: 'West Europe', from: { savedSearchId: 'a2' } });
    expect(edited).toMatchObject({ name: 'West Europe', version: 2, size: 100 });
    expect(await bo.items.copy(search.id)).toMatchObject({ name: 'West Europe' });
    expect(bo.copied.searches.at(-1)).toEqual({ name: 'West Europe', body: FR, pageSize: 100 });
    await expect(ada.items.update({ itemId: search.id, version: 1, name: 'Stale' })).rejects.toMatchObject({ code: 'invalid_input', message: expect.stringMatching(/Someone changed this item since you opened it \(it is at version 2/) as unknown });
    await expect(ada.items.update({ itemId: list.id, version: 1, from: { savedSearchId: 'a1' } })).rejects.toMatchObject({ code: 'invalid_input', details: { field: 'from' } });

    // Removed by its owner: gone for everyone, with its watches.
    await ada.items.remove(list.id);
    expect((await bo.items.list()).map((i) => i.id)).not.toContain(list.id);
    expect((await bo.watches.list()).map((w) => w.id)).not.toContain(watch.id);
    await expect(bo.items.copy(list.id)).rejects.toMatchObject({ code: 'invalid_input' });
  });
});
