// The PostgreSQL the team-server tests stand on (test/helpers/postgres.ts): Debian's real server in
// a temporary cluster, not run as root, reachable on 127.0.0.1 only, refusing a wrong password, and
// gone when the test stops it.
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresMissing, startTempPostgres, type TempPostgres } from './postgres';

const missing = postgresMissing();

describe.skipIf(missing !== null)('a temporary PostgreSQL cluster', () => {
  let db: TempPostgres;
  beforeAll(async () => {
    db = await startTempPostgres();
  }, 120_000);
  afterAll(async () => {
    await db?.stop();
  });

  const client = async (password = db.password) => {
    const c = new pg.Client({ host: db.host, port: db.port, user: db.user, password, database: db.database });
    await c.connect();
    return c;
  };

  it('answers on 127.0.0.1 as its own user, from a server process that is not root', async () => {
    const c = await client();
    try {
      const { rows } = await c.query<{ who: string; addr: string; pid: number }>('select current_user as who, host(inet_server_addr()) as addr, pg_backend_pid() as pid');
      expect(rows[0]).toMatchObject({ who: 'firmscope', addr: '127.0.0.1' });
      const uid = /^Uid:\s+(\d+)/m.exec(readFileSync(`/proc/${rows[0]!.pid}/status`, 'utf8'))?.[1];
      expect(uid).toBeDefined();
      expect(Number(uid)).not.toBe(0);
      const listen = await c.query<{ setting: string }>("select setting from pg_settings where name = 'listen_addresses'");
      expect(listen.rows[0]?.setting).toBe('127.0.0.1');
    } finally {
      await c.end();
    }
  });

  it('refuses a wrong password (SCRAM), and logs the refusal without the password tried', async () => {
    const canary = 'canary-wrong-password-7f3a';
    await expect(client(canary)).rejects.toMatchObject({ code: '28P01' });
    expect(db.log()).toMatch(/password authentication failed for user "firmscope"/);
    expect(db.log()).not.toContain(canary);
  });

  it('takes a value as a parameter, whatever it holds', async () => {
    const c = await client();
    try {
      const hostile = "O'Brien'); drop table pg_class; --";
      const { rows } = await c.query<{ v: string }>('select $1::text as v', [hostile]);
      expect(rows[0]?.v).toBe(hostile);
    } finally {
      await c.end();
    }
  });
});

describe.skipIf(missing !== null)('stopping the cluster', () => {
  it('closes its port', async () => {
    const db = await startTempPostgres();
    await db.stop();
    const refused = await new Promise<string>((resolve) => {
      const s = connect(db.port, '127.0.0.1');
      s.on('connect', () => (s.destroy(), resolve('connected')));
      s.on('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? 'error'));
    });
    expect(refused).toBe('ECONNREFUSED');
  }, 120_000);
});
