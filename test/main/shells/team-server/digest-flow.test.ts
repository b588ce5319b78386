// Digests on a running server node: a member follows a team watch "immediately" by e-mail over
// HTTP; two checks with the sandbox's data moved in between; exactly one mail arrives at a real SMTP
// server (STARTTLS, signed in) with the check's headline, as many changes as the check stored, and
// an unsubscribe link. Opening that link (GET) changes nothing; its button (POST) ends the
// subscription, and the next check with changes sends no mail. The SMTP password is in no answer.
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { createTeamCore, type TeamCore } from '../../../../src/main/shells/compose/create-team-core';
import { buildTeamServer } from '../../../../src/main/shells/team-server/server';
import { generateTestCa, type TestCa } from '../../../helpers/net-helpers';
import { postgresMissing, startTempPostgres, type TempPostgres } from '../../../helpers/postgres';
import { parseRawMail } from '../../features/digests/helpers/raw-mail';
import { SMTP_PASSWORD, SMTP_USER, startSmtp } from '../../features/digests/helpers/smtp-receiver';
import { sandboxOnManualClock } from '../../features/watches/helpers/world';

const DE = { filters: { and: [{ attribute: 'country', relation: 'equals', value: 'DE' }] } };

describe.skipIf(postgresMissing() !== null)('digests from a running server node', () => {
  let db: TempPostgres;
  let ca: TestCa;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let sandbox: Awaited<ReturnType<typeof sandboxOnManualClock>>['sandbox'];
  let core: TeamCore;
  let app: FastifyInstance;
  let base: string;
  const events: string[] = [];
  const finished = new Map<number, string>();
  const waiters = new Set<() => void>();
  const tell = () => {
    for (const w of [...waiters]) w();
  };
  /** Resolves when `ready` holds, asked again whenever the node says something (a check, a delivery). */
  const when = (ready: () => boolean) =>
    new Promise<void>((resolve) => {
      const look = () => {
        if (!ready()) return;
        waiters.delete(look);
        resolve();
      };
      waiters.add(look);
      look();
    });

  beforeAll(async () => {
    db = await startTempPostgres();
    ca = generateTestCa();
    smtp = await startSmtp(ca, {
      onData(stream, session, cb) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          smtp.received.push({ raw: Buffer.concat(chunks).toString('utf8'), secure: session.secure, user: session.user, to: session.envelope.rcptTo.map((r) => r.address) });
          cb();
          tell();
        });
      },
    });
    ({ sandbox } = await sandboxOnManualClock({ rates: { added: 20, removed: 20, field: 40 } }));
    const client = sandbox.control.clients.analyst;
    core = await createTeamCore({
      databaseUrl: db.url,
      poolSize: 4,
      watches: {
        service: { settings: { authUrl: sandbox.authUrl, baseUrl: sandbox.baseUrl, clientId: client.id, scope: 'api:use', requestsPerSecond: null, dailyBudget: null }, secret: client.secret },
        timeZone: 'UTC',
        rowCap: 10_000,
        concurrency: 1,
        pollingIntervalSeconds: 0.5,
        onCheck: (id, result) => {
          finished.set(id, result);
          tell();
        },
        digests: {
          key: randomBytes(32),
          publicUrl: 'https://team.example.test',
          smtp: { host: '127.0.0.1', port: smtp.port, user: SMTP_USER, password: SMTP_PASSWORD, from: 'Firmscope <digests@example.test>', ca: readFileSync(ca.caFile, 'utf8') },
          pollSeconds: 1,
          log: (e) => {
            events.push(JSON.stringify(e));
            tell();
          },
        },
      },
    });
    app = buildTeamServer({ core, logStream: { write: () => true } as unknown as NodeJS.WritableStream });
    base = await app.listen({ host: '127.0.0.1', port: 0 });
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await core?.close();
    await smtp?.close();
    await sandbox?.close();
    await db?.stop();
    ca?.cleanup();
  });

  it('one mail per check with changes while subscribed; the link asks before it unsubscribes', async () => {
    const { inviteCode } = await core.members.invite({ name: 'Ada Analyst', email: 'ada@example.test' });
    const { token } = await core.members.redeem(inviteCode, '127.0.0.7');
    const call = async (method: string, path: string, body?: unknown) => {
      const r = await fetch(`${base}${path}`, { method, headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
      const text = await r.text();
      return { status: r.status, body: (text ? JSON.parse(text) : null) as Record<string, any>, text };
    };
    const item = await call('POST', '/v1/items', { kind: 'search', name: 'DE companies', body: DE, pageSize: 200 });
    const watch = (await call('POST', '/v1/watches', { name: 'DE companies', itemId: item.body.item.id, schedule: { kind: 'hourly' } })).body.watch;
    const sub = await call('POST', '/v1/subscriptions', { watchId: watch.id, cadence: 'immediate', channel: 'email' });
    expect(sub.status).toBe(201);
    expect(sub.body.subscription).toMatchObject({ watchId: watch.id, cadence: 'immediate', channel: 'email', targetHint: expect.stringContaining('ada@') as unknown });
    const checkNow = async () => {
      const id = (await call('POST', `/v1/watches/${watch.id}/check`)).body.checkId as number;
      await when(() => finished.get(id) === 'done');
      return id;
    };

    // The baseline finds nothing: no mail. Then the data moves and the next check mails once.
    await checkNow();
    sandbox.control.stepEpochs(1);
    const second = await checkNow();
    await when(() => smtp.received.length === 1);
    const stored = (await call('GET', `/v1/watches/${watch.id}/changes?check=${second}`)).body.changes.length as number;
    expect(stored).toBeGreaterThan(0);
    const mail = parseRawMail(smtp.received[0]!.raw);
    expect(smtp.received[0]!.secure).toBe(true);
    expect(smtp.received[0]!.to).toEqual(['ada@example.test']);
    expect(mail.headers.get('subject')).toMatch(/‘DE companies’/);
    const text = mail.parts.find((p) => p.type.startsWith('text/plain'))!.body;
    expect(text).toContain(`firmscope://watches/${watch.id}/changes?check=${second}`);
    const unsubscribe = /https:\/\/team\.example\.test\/unsubscribe\?token=([A-Za-z0-9_-]{43})/.exec(text);
    expect(unsubscribe).not.toBeNull();
    const deliveries = (await call('GET', '/v1/deliveries')).body.deliveries as Array<{ state: string }>;
    expect(deliveries.map((d) => d.state)).toEqual(['sent']);

    // A mail scanner opening the link changes nothing; the page's button does.
    const look = await fetch(`${base}/unsubscribe?token=${unsubscribe![1]}`);
    expect(look.status).toBe(200);
    expect(await look.text()).toMatch(/Stop these digests\?.*<form method="post"/s);
    expect((await call('GET', '/v1/subscriptions')).body.subscriptions).toHaveLength(1);
    const done = await fetch(`${base}/unsubscribe?token=${unsubscribe![1]}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(done.status).toBe(200);
    expect(await done.text()).toMatch(/Unsubscribed/);
    expect((await call('GET', '/v1/subscriptions')).body.subscriptions).toEqual([]);

    // The next check with changes: its digest finds nobody to send to.
    sandbox.control.stepEpochs(1);
    const third = await checkNow();
    expect((await call('GET', `/v1/watches/${watch.id}/changes?check=${third}`)).body.changes.length).toBeGreaterThan(0);
    await core.digests!.feed();
    expect(smtp.received).toHaveLength(1);
    expect(JSON.stringify([sub.body, deliveries, events])).not.toContain(SMTP_PASSWORD);
  });
});
