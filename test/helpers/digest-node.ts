// A team server node that checks a sandbox on a manual clock and mails its digests to a real SMTP
// receiver (STARTTLS with a test CA, signed in), on a temporary PostgreSQL, over real HTTP: what the
// digest tests of the server and of the desktop's calls start. `when(ready)` resolves once `ready`
// holds, asked again whenever the node says something (a check ended, a mail came, a delivery ended).
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { createTeamCore, type TeamCore } from '../../src/main/shells/compose/create-team-core';
import { buildTeamServer } from '../../src/main/shells/team-server/server';
import { SMTP_PASSWORD, SMTP_USER, startSmtp } from '../main/features/digests/helpers/smtp-receiver';
import { sandboxOnManualClock } from '../main/features/watches/helpers/world';
import { generateTestCa } from './net-helpers';
import { startTempPostgres } from './postgres';

export async function startDigestNode() {
  const finished = new Map<number, string>();
  const events: string[] = [];
  /** Deliveries the worker marked sent, in order. */
  const delivered: string[] = [];
  const waiters = new Set<() => void>();
  const tell = () => [...waiters].forEach((w) => w());
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

  const db = await startTempPostgres();
  const ca = generateTestCa();
  const smtp = await startSmtp(ca, {
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
  const { sandbox } = await sandboxOnManualClock({ rates: { added: 20, removed: 20, field: 40 } });
  const client = sandbox.control.clients.analyst;
  const core: TeamCore = await createTeamCore({
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
          if (e.event === 'digest.delivery' && e.state === 'sent') delivered.push(e.deliveryId!);
          tell();
        },
      },
    },
  });
  const app: FastifyInstance = buildTeamServer({ core, logStream: { write: () => true } as unknown as NodeJS.WritableStream });
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    db, ca, smtp, sandbox, core, app, base, finished, events, delivered, when,
    async close() {
      await app.close();
      await core.close();
      await smtp.close();
      await sandbox.close();
      await db.stop();
      ca.cleanup();
    },
  };
}
export type DigestNode = Awaited<ReturnType<typeof startDigestNode>>;
