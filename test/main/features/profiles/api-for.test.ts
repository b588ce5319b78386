// Issue 36 #2: work bound to a profile (a watch's check) asks for that profile's client by id. It gets
// the profile's own session while that profile is active, and a refusal otherwise, never the client
// of the profile active now: two profiles on two services, every request recorded where it went.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createRequestLog } from '../../../../src/main/platform/api/request-log';
import { createTransport, type Transport } from '../../../../src/main/platform/api/transport';
import { Connections } from '../../../../src/main/features/profiles/connections';
import type { ProfileRepo } from '../../../../src/main/features/profiles/profile-repo';
import type { SandboxHandle } from '../../../../src/sandbox/server';
import { DEFAULT_PATHS, ProfileSchema, type Profile } from '../../../../src/shared/profile';
import { ANALYST, SIMPLE_SEARCH, startSmallSandbox } from '../../../helpers/core-helpers';

let a: SandboxHandle;
let b: SandboxHandle;
beforeAll(async () => {
  [a, b] = await Promise.all([startSmallSandbox({ companies: 50 }), startSmallSandbox({ companies: 50 })]);
});
afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
});

function twoProfiles() {
  const profile = (id: string, name: string, s: SandboxHandle): Profile =>
    ProfileSchema.parse({ id, name, kind: 'remote', authUrl: s.authUrl, baseUrl: s.baseUrl, clientId: ANALYST.id });
  const profiles = new Map([
    ['a', profile('a', 'A', a)],
    ['b', profile('b', 'B', b)],
  ]);
  let active = 'a';
  const repo = { get: (id: string) => profiles.get(id) ?? null, activeId: () => active, setActiveId: (id: string) => (active = id), secretFor: async () => ANALYST.secret } as unknown as ProfileRepo;
  const sent: string[] = [];
  const inner = createTransport({ log: createRequestLog() });
  const transport: Transport = { now: inner.now, send: (req, attempt) => (sent.push(req.url), inner.send(req, attempt)) };
  const connections = new Connections({ repo, transport, sandboxUrls: () => Promise.reject(new Error('no sandbox profile here')), vault: { kind: 'memory' }, now: Date.now, onStatus: () => {} });
  const searchUrls = () => sent.filter((u) => u.includes(DEFAULT_PATHS.searchPath));
  return { connections, repo, sent, searchUrls };
}

const refusal = (name: string) => ({ code: 'not_configured', message: `This belongs to the connection profile ‘${name}’, which is not the active one.` });

it("gives a profile's own client while it is active and refuses it once another is", async () => {
  const { connections, searchUrls } = twoProfiles();
  const clientA = await connections.apiFor('a');
  await clientA.search({ body: SIMPLE_SEARCH, pageSize: 1 });
  await expect(connections.apiFor('b')).rejects.toMatchObject(refusal('B'));

  await connections.activate('b');
  await expect(connections.apiFor('a')).rejects.toMatchObject(refusal('A'));
  await (await connections.apiFor('b')).search({ body: SIMPLE_SEARCH, pageSize: 1 });
  expect(searchUrls().map((u) => u.startsWith(a.baseUrl) ? 'A' : u.startsWith(b.baseUrl) ? 'B' : u)).toEqual(['A', 'B']);
});

it('refuses when the profile is switched while its session is being opened', async () => {
  const { connections, repo, sent } = twoProfiles();
  const asked = connections.apiFor('a');
  repo.setActiveId('b');
  connections.reset();
  await expect(asked).rejects.toMatchObject(refusal('A'));
  expect(sent).toEqual([]);
});
