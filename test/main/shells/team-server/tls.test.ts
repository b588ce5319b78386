// The team server serving HTTPS itself (settings tls.certFile / tls.keyFile, the key refused unless
// 0600), and the desktop's Team connection reaching it: refused while the company CA is not
// trusted (the sentence says what to do), connected once the CA file is set; the token goes over TLS.
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTeamConnection } from '../../../../src/main/features/team/team-connection';
import { readCaFile } from '../../../../src/main/platform/net/network-config';
import { createNodeNetwork } from '../../../../src/main/platform/net/node-network';
import { createMemoryVault } from '../../../../src/main/platform/secrets/memory-vault';
import { createTeamCore, type TeamCore } from '../../../../src/main/shells/compose/create-team-core';
import { loadTeamServerConfig } from '../../../../src/main/shells/team-server/config';
import { buildTeamServer } from '../../../../src/main/shells/team-server/server';
import { generateTestCa, type TestCa } from '../../../helpers/net-helpers';
import { postgresMissing, startTempPostgres, type TempPostgres } from '../../../helpers/postgres';
import { memorySettings } from '../../features/search/fake-deps';

describe.skipIf(postgresMissing() !== null)('the team server over its own TLS', () => {
  let db: TempPostgres;
  let ca: TestCa;
  let dir: string;
  let core: TeamCore;
  let app: FastifyInstance;
  let serverUrl: string;
  const network = createNodeNetwork();
  const fetchFor = async (caFile: string) => network.fetchFor({ profileId: 'team', proxy: { mode: 'none' }, caPem: caFile ? await readCaFile(caFile) : null, caFile: caFile || null });

  beforeAll(async () => {
    db = await startTempPostgres();
    ca = generateTestCa();
    dir = mkdtempSync(join(tmpdir(), 'firmscope-tls-'));
    writeFileSync(join(dir, 'server.pem'), ca.serverCert);
    writeFileSync(join(dir, 'server.key'), ca.serverKey, { mode: 0o600 });
    writeFileSync(join(dir, 'server.json'), JSON.stringify({ tls: { certFile: join(dir, 'server.pem'), keyFile: join(dir, 'server.key') } }));
    const loaded = loadTeamServerConfig(join(dir, 'server.json'), { FIRMSCOPE_DATABASE_URL: db.url });
    core = await createTeamCore({ databaseUrl: loaded.databaseUrl, poolSize: 2 });
    app = buildTeamServer({ core, tls: loaded.tls!, logStream: { write: () => true } as unknown as NodeJS.WritableStream });
    serverUrl = await app.listen({ host: '127.0.0.1', port: 0 });
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await core?.close();
    await network.close();
    await db?.stop();
    ca?.cleanup();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('answers over HTTPS to a client that trusts the company CA', async () => {
    expect(serverUrl).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    const health = await (await fetchFor(ca.caFile))(`${serverUrl}/health`, { method: 'GET' });
    expect(health.status).toBe(200);
  });

  it('the desktop joins only once the CA file is set; then checks over TLS', async () => {
    const vault = createMemoryVault();
    const team = createTeamConnection({ settings: memorySettings(), vault, typedCaFile: true, now: Date.now, onChange: () => undefined, fetchFor });
    const first = await core.members.invite({ name: 'Ada Analyst' });
    const refused = await team.connect({ serverUrl, inviteCode: first.inviteCode }).catch((e: unknown) => e as Error);
    expect(refused).toMatchObject({ code: 'network', details: { field: 'serverUrl' } });
    expect((refused as Error).message).toMatch(/certificate .* is not trusted: .*choose its CA file/);
    // The refused attempt never reached the server's handler: the code is still good.
    const joined = await team.connect({ serverUrl, inviteCode: first.inviteCode, caFile: ca.caFile });
    expect(joined).toMatchObject({ state: 'connected', caFile: ca.caFile, member: { name: 'Ada Analyst' } });
    expect(await team.check()).toMatchObject({ state: 'connected' });
  });

  it('refuses a private key file others can read, and says how to fix it', () => {
    chmodSync(join(dir, 'server.key'), 0o644);
    try {
      expect(() => loadTeamServerConfig(join(dir, 'server.json'), { FIRMSCOPE_DATABASE_URL: db.url })).toThrow(/can be read by others \(mode 644\): it holds the TLS private key\. Run chmod 600/);
    } finally {
      chmodSync(join(dir, 'server.key'), 0o600);
    }
  });
});
