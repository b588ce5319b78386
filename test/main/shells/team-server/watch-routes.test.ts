// The team watches' routes over real HTTP, on a server node that runs checks against the sandbox
// with the team's credential: share a search, watch it, check now, read the last check and its
// changes; only the watch's maker or an admin removes it; the service's secret is in no answer.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTeamCore, type TeamCore } from '../../../../src/main/shells/compose/create-team-core';
import { buildTeamServer } from '../../../../src/main/shells/team-server/server';
import type { ManualClock } from '../../../../src/sandbox/clock';
import { postgresMissing, startTempPostgres, type TempPostgres } from '../../../helpers/postgres';
import { sandboxOnManualClock } from '../../features/watches/helpers/world';

const DE = { filters: { and: [{ attribute: 'country', relation: 'equals', value: 'DE' }] } };

describe.skipIf(postgresMissing() !== null)('team watches over HTTP', () => {
  let db: TempPostgres;
  let sandbox: Awaited<ReturnType<typeof sandboxOnManualClock>>['sandbox'];
  let clock: ManualClock;
  let core: TeamCore;
  let app: FastifyInstance;
  let base: string;
  const log: string[] = [];
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
    ({ sandbox, clock } = await sandboxOnManualClock({ rates: { added: 20, removed: 20, field: 40 } }));
    const client = sandbox.control.clients.analyst;
    core = await createTeamCore({
      databaseUrl: db.url,
      poolSize: 4,
      watches: {
        service: { settings: { authUrl: sandbox.authUrl, baseUrl: sandbox.baseUrl, clientId: client.id, scope: 'api:use', requestsPerSecond: 20, dailyBudget: 1000 }, secret: client.secret },
        timeZone: 'Europe/Berlin',
        rowCap: 10_000,
        concurrency: 1,
        pollingIntervalSeconds: 0.5,
        onCheck: (id, result) => {
          finished.set(id, result);
          for (const w of [...waiters]) w();
        },
      },
    });
    app = buildTeamServer({ core, logStream: { write: (line: string) => (log.push(line), true) } as unknown as NodeJS.WritableStream });
    base = await app.listen({ host: '127.0.0.1', port: 0 });
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await core?.close();
    await sandbox?.close();
    await db?.stop();
  });

  const tokenOf = async (name: string, role: 'admin' | 'member' = 'member') => {
    const { inviteCode } = await core.members.invite({ name, role });
    return (await core.members.redeem(inviteCode, '127.0.0.9')).token;
  };
  const call = async (token: string, method: string, path: string, body?: unknown) => {
    const r = await fetch(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await r.text();
    return { status: r.status, body: (text ? JSON.parse(text) : null) as Record<string, any>, text };
  };

  it('watch a shared search, check it now twice, read its last check and changes; remove it as its maker', async () => {
    const ada = await tokenOf('Ada Analyst');
    const bo = await tokenOf('Bo Buyer');
    const item = await call(ada, 'POST', '/v1/items', { kind: 'search', name: 'DE companies', body: DE, pageSize: 200 });
    expect(item.status).toBe(201);

    const bad = await call(ada, 'POST', '/v1/watches', { name: '', itemId: item.body.item.id, schedule: { kind: 'hourly' } });
    expect(bad.status).toBe(400);
    const made = await call(ada, 'POST', '/v1/watches', { name: 'DE hourly', itemId: item.body.item.id, schedule: { kind: 'daily', at: '07:00' } });
    expect(made.status).toBe(201);
    const watch = made.body.watch;
    expect(watch).toMatchObject({ name: 'DE hourly', item: { name: 'DE companies', kind: 'search' }, owner: { name: 'Ada Analyst' }, schedule: { kind: 'daily', at: '07:00' }, lastCheck: null });
    // Read in the team's time zone: 07:00 in Berlin is 05:00 or 06:00 UTC.
    expect(new Date(watch.nextDueAt).getUTCHours()).toBeGreaterThanOrEqual(5);
    expect(new Date(watch.nextDueAt).getUTCHours()).toBeLessThanOrEqual(6);

    const first = await call(bo, 'POST', `/v1/watches/${watch.id}/check`);
    expect(first.status).toBe(202);
    expect(await settled(first.body.checkId)).toBe('done');
    const rows = sandbox.control.datasetAt(0).companies.filter((c) => c.country === 'DE').length;
    const listed = await call(bo, 'GET', '/v1/watches');
    expect(listed.body.watches).toEqual([expect.objectContaining({ id: watch.id, lastCheck: expect.objectContaining({ id: first.body.checkId, status: 'done', baseline: true, rows, changes: 0, requests: Math.ceil(rows / 200) }) })]);

    sandbox.control.stepEpochs(1);
    const second = await call(ada, 'POST', `/v1/watches/${watch.id}/check`);
    expect(await settled(second.body.checkId)).toBe('done');
    const changes = await call(bo, 'GET', `/v1/watches/${watch.id}/changes`);
    expect(changes.status).toBe(200);
    const last = (await call(bo, 'GET', '/v1/watches')).body.watches[0].lastCheck;
    expect(changes.body.changes).toHaveLength(last.changes);
    expect(last.changes).toBeGreaterThan(0);
    expect(new Set(changes.body.changes.map((c: { kind: string }) => c.kind))).toEqual(new Set(['entered', 'left', 'field']));

    expect((await call(bo, 'DELETE', `/v1/watches/${watch.id}`)).status).toBe(403);
    expect((await call(ada, 'DELETE', `/v1/watches/${watch.id}`)).status).toBe(204);
    expect((await call(ada, 'GET', `/v1/watches/${watch.id}/changes`)).status).toBe(404);
    expect((await call(ada, 'GET', '/v1/watches/not-a-uuid/changes')).status).toBe(404);

    // Every request of both checks (and the token's) went through the team's gate, counted in its budget.
    const health = (await (await fetch(`${base}/health`)).json()) as { service: { usedToday: number; dailyBudget: number; rateLimited: number } };
    expect(health.service).toMatchObject({ dailyBudget: 1000, rateLimited: 0 });
    const spent = Math.ceil(rows / 200) + last.requests;
    expect(health.service.usedToday).toBeGreaterThanOrEqual(spent);
    expect(health.service.usedToday).toBeLessThanOrEqual(spent + 2);

    // The team's service secret is in no answer and no log line.
    const secret = sandbox.control.clients.analyst.secret;
    expect(log.join('')).not.toContain(secret);
    expect(JSON.stringify([listed.body, changes.body])).not.toContain(secret);
    void clock;
  });

  it('rules go with a watch and change by its maker or an admin; a bad rule is refused in words, naming where', async () => {
    const ada = await tokenOf('Ada Rules');
    const bo = await tokenOf('Bo Rules');
    const boss = await tokenOf('Cy Admin', 'admin');
    const item = await call(ada, 'POST', '/v1/items', { kind: 'search', name: 'DE ruled', body: DE, pageSize: 200 });
    const rules = { fields: [{ kind: 'percent', field: 'employee_count', min: 10 }] };
    const made = await call(ada, 'POST', '/v1/watches', { name: 'DE ruled', itemId: item.body.item.id, schedule: { kind: 'hourly' }, rules });
    expect(made.status).toBe(201);
    expect(made.body.watch.rules).toEqual(rules);
    const id = made.body.watch.id as string;

    const typo = await call(ada, 'PUT', `/v1/watches/${id}/rules`, { rules: { fields: [{ kind: 'percent', field: 'employee_count', min: -5 }] } });
    expect(typo.status).toBe(400);
    expect(typo.body.error.message).toBe('The request body is not what this call takes: rules.fields.0.min: Enter a percentage above 0.');
    const misfit = await call(ada, 'PUT', `/v1/watches/${id}/rules`, { rules: { ratings: 'downgrades' } });
    expect(misfit.status).toBe(400);
    expect(misfit.body.error.message).toMatch(/belong to a list watch/);
    expect((await call(bo, 'PUT', `/v1/watches/${id}/rules`, { rules: null })).status).toBe(403);
    const byAdmin = await call(boss, 'PUT', `/v1/watches/${id}/rules`, { rules: { fields: [{ kind: 'ignore', field: 'phone' }] } });
    expect(byAdmin.status).toBe(200);
    expect((await call(bo, 'GET', '/v1/watches')).body.watches.find((w: { id: string }) => w.id === id).rules).toEqual({ fields: [{ kind: 'ignore', field: 'phone' }] });
    expect((await call(ada, 'PUT', `/v1/watches/${id}/rules`, { rules: null })).body.watch.rules).toBeNull();
  });

  it('without a member token every watch route is refused', async () => {
    for (const [method, path] of [['GET', '/v1/watches'], ['POST', '/v1/watches'], ['POST', '/v1/watches/x/check'], ['PUT', '/v1/watches/x/rules']] as const) {
      const r = await fetch(`${base}${path}`, { method });
      expect(r.status).toBe(401);
    }
  });
});
