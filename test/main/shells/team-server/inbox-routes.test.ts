// The team inbox over real HTTP on a node that checks the sandbox: checks with changes of every team
// watch, newest first, with read marks per member (another member's read never marks mine), unread
// totals, pages, mark all read up to what was seen, and refusals without a member token.
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTeamCore, type TeamCore } from '../../../../src/main/shells/compose/create-team-core';
import { buildTeamServer } from '../../../../src/main/shells/team-server/server';
import { InboxSchema, type Inbox } from '../../../../src/shared/team/inbox';
import { postgresMissing, startTempPostgres, type TempPostgres } from '../../../helpers/postgres';
import { sandboxOnManualClock } from '../../features/watches/helpers/world';

const DE = { filters: { and: [{ attribute: 'country', relation: 'equals', value: 'DE' }] } };

describe.skipIf(postgresMissing() !== null)('the team inbox over HTTP', () => {
  let db: TempPostgres;
  let sandbox: Awaited<ReturnType<typeof sandboxOnManualClock>>['sandbox'];
  let core: TeamCore;
  let app: FastifyInstance;
  let base: string;
  const finished = new Map<number, string>();
  const waiters = new Set<() => void>();
  const settled = (checkId: number) =>
    new Promise<string>((resolve) => {
      const look = () => {
        const r = finished.get(checkId);
        if (!r || r === 'skipped') return;
        waiters.delete(look);
        resolve(r);
      };
      waiters.add(look);
      look();
    });

  beforeAll(async () => {
    db = await startTempPostgres();
    ({ sandbox } = await sandboxOnManualClock({ rates: { added: 20, removed: 20, field: 40 } }));
    const client = sandbox.control.clients.analyst;
    core = await createTeamCore({
      databaseUrl: db.url,
      poolSize: 4,
      watches: {
        service: { settings: { authUrl: sandbox.authUrl, baseUrl: sandbox.baseUrl, clientId: client.id, scope: 'api:use', requestsPerSecond: 50, dailyBudget: null }, secret: client.secret },
        timeZone: 'UTC',
        rowCap: 10_000,
        concurrency: 1,
        pollingIntervalSeconds: 0.5,
        onCheck: (id, result) => {
          finished.set(id, result);
          for (const w of [...waiters]) w();
        },
      },
    });
    app = buildTeamServer({ core, logStream: { write: () => true } as unknown as NodeJS.WritableStream });
    base = await app.listen({ host: '127.0.0.1', port: 0 });
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await core?.close();
    await sandbox?.close();
    await db?.stop();
  });

  const tokenOf = async (name: string) => {
    const { inviteCode } = await core.members.invite({ name, role: 'member' });
    return (await core.members.redeem(inviteCode, '127.0.0.9')).token;
  };
  const call = async (token: string, method: string, path: string, body?: unknown) => {
    const r = await fetch(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await r.text();
    return { status: r.status, body: (text ? JSON.parse(text) : null) as Record<string, any> };
  };
  const inboxOf = async (token: string, query = ''): Promise<Inbox> => {
    const r = await call(token, 'GET', `/v1/inbox${query}`);
    expect(r.status).toBe(200);
    return InboxSchema.parse(r.body);
  };
  const checked = async (token: string, watchId: string) => {
    const r = await call(token, 'POST', `/v1/watches/${watchId}/check`);
    expect(await settled(r.body.checkId)).toBe('done');
    return r.body.checkId as number;
  };
  const readOf = (inbox: Inbox) => Object.fromEntries(inbox.entries.map((e) => [e.checkId, e.read]));

  it('lists checks with changes across watches, newest first, read per member', async () => {
    const ada = await tokenOf('Ada Analyst');
    const bo = await tokenOf('Bo Buyer');
    const item = await call(ada, 'POST', '/v1/items', { kind: 'search', name: 'DE companies', body: DE, pageSize: 200 });
    const watchOf = async (name: string) => (await call(ada, 'POST', '/v1/watches', { name, itemId: item.body.item.id, schedule: { kind: 'daily', at: '07:00' } })).body.watch.id as string;
    const w1 = await watchOf('DE manufacturing > 500');
    const w2 = await watchOf('DE second look');
    // Baselines find no changes: the inbox stays empty.
    await checked(ada, w1);
    await checked(ada, w2);
    expect(await inboxOf(ada)).toEqual({ entries: [], unread: 0, nextBefore: null });

    sandbox.control.stepEpochs(1);
    const c1 = await checked(ada, w1);
    const c2 = await checked(bo, w2);
    sandbox.control.stepEpochs(1);
    const c3 = await checked(ada, w1);

    const first = await inboxOf(ada);
    expect(first.entries.map((e) => e.checkId)).toEqual([c3, c2, c1]);
    expect(first.unread).toBe(3);
    expect(first.entries[1]).toMatchObject({ watch: { id: w2, name: 'DE second look' }, item: { name: 'DE companies', kind: 'search' }, read: false });
    // The counts by kind are the check's own changes.
    const changes = (await call(ada, 'GET', `/v1/watches/${w1}/changes?check=${c3}`)).body.changes as { kind: string; companyId: string }[];
    const byKind: Record<string, number> = {};
    const companies: Record<string, Set<string>> = {};
    for (const c of changes) {
      byKind[c.kind] = (byKind[c.kind] ?? 0) + 1;
      (companies[c.kind] ??= new Set()).add(c.companyId);
    }
    expect(first.entries[0]!.counts).toEqual(byKind);
    // And the companies each kind concerns: a company's several field changes count once.
    expect(first.entries[0]!.companies).toEqual(Object.fromEntries(Object.entries(companies).map(([k, ids]) => [k, ids.size])));
    expect(first.entries[0]!.companies!.field).toBeLessThan(byKind.field!);

    // Ada reads c1: hers only.
    expect((await call(ada, 'POST', '/v1/inbox/read', { checkIds: [c1] })).body).toEqual({ changed: 1, unread: 2 });
    expect(readOf(await inboxOf(ada))).toEqual({ [c1]: true, [c2]: false, [c3]: false });
    const bos = await inboxOf(bo);
    expect(bos.unread).toBe(3);
    expect(readOf(bos)).toEqual({ [c1]: false, [c2]: false, [c3]: false });
    // Reading it again changes nothing; unknown ids are passed over.
    expect((await call(ada, 'POST', '/v1/inbox/read', { checkIds: [c1, 999_999] })).body).toEqual({ changed: 0, unread: 2 });

    // Pages: two, then the rest.
    const page1 = await inboxOf(ada, '?limit=2');
    expect(page1.entries.map((e) => e.checkId)).toEqual([c3, c2]);
    expect(page1.nextBefore).toBe(c2);
    const page2 = await inboxOf(ada, `?limit=2&before=${c2}`);
    expect(page2.entries.map((e) => e.checkId)).toEqual([c1]);
    expect(page2.nextBefore).toBeNull();
    expect(page2.unread).toBe(2);

    // Unread again.
    expect((await call(ada, 'POST', '/v1/inbox/unread', { checkIds: [c1] })).body).toEqual({ changed: 1, unread: 3 });

    // Bo marks all read up to c2 (what he saw): c3, newer, stays unread; Ada's marks are untouched.
    const seen = bos.entries.find((e) => e.checkId === c2)!.finishedAt;
    expect((await call(bo, 'POST', '/v1/inbox/read', { all: true, before: seen })).body).toEqual({ changed: 2, unread: 1 });
    expect(readOf(await inboxOf(bo))).toEqual({ [c1]: true, [c2]: true, [c3]: false });
    expect((await inboxOf(ada)).unread).toBe(3);

    // A removed watch takes its checks and their marks with it.
    expect((await call(ada, 'DELETE', `/v1/watches/${w2}`)).status).toBe(204);
    expect(readOf(await inboxOf(bo))).toEqual({ [c1]: true, [c3]: false });
    const direct = new pg.Client({ connectionString: db.url });
    await direct.connect();
    try {
      const left = await direct.query<{ n: number }>('select count(*)::int as n from team_check_reads where check_id = $1', [c2]);
      expect(left.rows[0]!.n).toBe(0);
    } finally {
      await direct.end();
    }
  }, 120_000);

  it('refuses bodies it does not take', async () => {
    const ada = await tokenOf('Cy Checker');
    for (const body of [{}, { checkIds: [] }, { checkIds: ['1'] }, { all: true }, { all: false, before: new Date().toISOString() }, { checkIds: [1], all: true }]) {
      expect((await call(ada, 'POST', '/v1/inbox/read', body)).status).toBe(400);
    }
    expect((await call(ada, 'POST', '/v1/inbox/unread', { all: true, before: new Date().toISOString() })).status).toBe(400);
    expect((await call(ada, 'GET', '/v1/inbox?limit=0')).status).toBe(400);
    expect((await call(ada, 'GET', '/v1/inbox?limit=201')).status).toBe(400);
  });

  it('without a member token every inbox route is refused', async () => {
    for (const [method, path] of [['GET', '/v1/inbox'], ['POST', '/v1/inbox/read'], ['POST', '/v1/inbox/unread']] as const) {
      expect((await fetch(`${base}${path}`, { method })).status).toBe(401);
      expect((await fetch(`${base}${path}`, { method, headers: { authorization: 'Bearer fsm_x_nope' } })).status).toBe(401);
    }
  });
});
