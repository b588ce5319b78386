// The composition root end to end: built-in Sandbox profile, profile CRUD with the vault, status
// events, connection test, notices (corrupt settings, vault fallback), diagnostics, shutdown.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createCore } from '../../../../src/main/shells/compose/create-core';
import { createMemoryVault } from '../../../../src/main/platform/secrets/memory-vault';
import { SETTINGS_NAME } from '../../../../src/main/platform/settings/settings-store';
import type { SandboxHandle } from '../../../../src/sandbox/server';
import { SANDBOX_PROFILE_ID, type ConnectionStatus } from '../../../../src/shared/profile';
import { SANDBOX_CLIENTS } from '../../../../src/sandbox/clients';
import { startSmallSandbox, tempDir, testShell } from '../../../helpers/core-helpers';

const ctx = { signal: new AbortController().signal };
const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function boot(extra: Partial<Parameters<typeof createCore>[0]> = {}) {
  const d = tempDir();
  const vault = createMemoryVault();
  const shell = testShell();
  const core = await createCore({ dataDir: d.dir, shell, vault, sandbox: { companies: 1500 }, ...extra });
  const events: Array<[string, string, unknown]> = [];
  core.onEvent((g, e, p) => events.push([g, e, p]));
  cleanups.push(d.cleanup, () => core.close());
  return { core, vault, shell, events, dir: d.dir };
}
const statuses = (events: Array<[string, string, unknown]>) =>
  events.filter(([g, e]) => g === 'profiles' && e === 'statusChanged').map(([, , p]) => p as ConnectionStatus);

let external: SandboxHandle;
beforeAll(async () => {
  external = await startSmallSandbox();
});
afterAll(() => external.close());

function remoteInput(name = 'Acme prod') {
  return {
    name,
    authUrl: external.authUrl,
    baseUrl: external.baseUrl,
    clientId: SANDBOX_CLIENTS.analyst.id,
    scope: 'api:use',
    useDiscovery: true,
    searchPath: '/search/v1/companies',
    esgModulePathTemplate: '/esg/v1/companies/{company_id}/{module}',
    esgStatusPathTemplate: '/esg/v1/processing/{session_id}',
    matchPath: '/match/v5/companies',
    matchPayloadTemplate: null,
  };
}

describe('createCore', () => {
  it('offers the built-in Sandbox profile, active by default, and connects with no typing', async () => {
    const { core, events } = await boot();
    const list = await core.handlers.profiles.listProfiles(undefined, ctx);
    expect(list.activeId).toBe(SANDBOX_PROFILE_ID);
    expect(list.profiles).toHaveLength(1);
    expect(list.profiles[0]).toMatchObject({ id: SANDBOX_PROFILE_ID, builtIn: true, hasSecret: true, kind: 'sandbox', clientId: 'sandbox-analyst' });
    const status = await core.handlers.profiles.activate({ id: SANDBOX_PROFILE_ID }, ctx);
    expect(status).toMatchObject({ profileId: SANDBOX_PROFILE_ID, state: 'connected', scope: 'api:use', vault: { kind: 'memory' } });
    expect(status.expiresAt! - status.renewsAt!).toBe(300_000);
    expect(statuses(events).map((s) => s.state)).toEqual(expect.arrayContaining(['connecting', 'connected']));
    // Once running, the sandbox's real URLs are shown instead of the placeholders.
    const after = await core.handlers.profiles.listProfiles(undefined, ctx);
    expect(after.profiles[0]!.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api$/);

    const report = await core.handlers.profiles.testConnection({ id: SANDBOX_PROFILE_ID }, ctx);
    expect(report.ok).toBe(true);
    expect(report.steps.map((s) => [s.step, s.ok, !!s.skipped])).toEqual([
      ['discovery', true, true],
      ['token', true, false],
      ['api', true, false],
      ['esg', true, false],
      ['match', true, false],
    ]);
    expect(report.steps[2]!.message).toMatch(/matching companies/);
    // Says which search it ran, and where.
    expect(report.steps[2]!.message).toContain('Ran country equals US, page_size=1 (POST /search/v1/companies)');
    const signedOut = await core.handlers.profiles.signOut(undefined, ctx);
    expect(signedOut.state).toBe('signed_out');
  });

  it('shows the Sandbox profile with its real URLs (port and path) before anything signed in', async () => {
    const { core } = await boot();
    const list = await core.handlers.profiles.listProfiles(undefined, ctx);
    expect(list.profiles[0]!.authUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/auth$/);
    expect(list.profiles[0]!.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api$/);
  });

  it('a passed connection test of the active profile shows it connected, with no second sign-in', async () => {
    const { core, events } = await boot();
    expect((await core.handlers.profiles.status(undefined, ctx)).state).toBe('signed_out');
    const report = await core.handlers.profiles.testConnection({ id: SANDBOX_PROFILE_ID }, ctx);
    expect(report.ok).toBe(true);
    expect(await core.handlers.profiles.status(undefined, ctx)).toMatchObject({ state: 'connected', scope: 'api:use' });
    expect(statuses(events).at(-1)?.state).toBe('connected');
    // The search that follows uses the tested token: one token request in all.
    await core.handlers.search.start({ body: { filters: { and: [{ attribute: 'country', relation: 'equals', value: 'DE' }] } }, pageSize: 5, requestId: 'after-test' }, ctx);
    const log = await core.handlers.diagnostics.requestLog(undefined, ctx);
    expect(log.filter((e) => e.path.endsWith('/oauth2/token'))).toHaveLength(1);
  });

  it('reports each permission: the search-only client has search and match, and "ESG: no access"', async () => {
    const { core } = await boot();
    const saved = await core.handlers.profiles.saveProfile(
      { profile: { ...remoteInput('Search only'), clientId: SANDBOX_CLIENTS.searchOnly.id }, secret: SANDBOX_CLIENTS.searchOnly.secret },
      ctx,
    );
    const report = await core.handlers.profiles.testConnection({ id: saved.id }, ctx);
    expect(report.ok).toBe(true);
    const byStep = Object.fromEntries(report.steps.map((s) => [s.step, s]));
    expect(byStep.api).toMatchObject({ ok: true });
    expect(byStep.esg).toMatchObject({ ok: false, noAccess: true, message: expect.stringMatching(/^ESG: no access \(403\)/) });
    expect(byStep.match).toMatchObject({ ok: true, message: expect.stringMatching(/^Match access/) });
  });

  it('the first search connects the Sandbox and the header is told it is connected', async () => {
    const { core, events } = await boot();
    await core.handlers.search.start({ body: { filters: { and: [{ attribute: 'country', relation: 'equals', value: 'DE' }] } }, pageSize: 5, requestId: 'first' }, ctx);
    expect(statuses(events).map((s) => s.state)).toEqual(['connecting', 'connected']);
  });

  it('a wrong secret stored for the Sandbox gives the documented invalid_client message', async () => {
    const { core, vault, events } = await boot();
    const sandbox = (await core.handlers.profiles.listProfiles(undefined, ctx)).profiles[0]!;
    const { id, kind: _k, builtIn: _b, hasSecret: _h, ...input } = sandbox;
    await core.handlers.profiles.saveProfile({ profile: { ...input, id }, secret: 'wrong-secret' }, ctx);
    expect(await vault.get(SANDBOX_PROFILE_ID)).toBe('wrong-secret');
    const report = await core.handlers.profiles.testConnection({ id }, ctx);
    expect(report.ok).toBe(false);
    expect(report.steps[1]).toMatchObject({ step: 'token', ok: false, message: expect.stringMatching(/client ID "sandbox-analyst" or its secret was not accepted/) });
    expect(report.steps[2]).toMatchObject({ step: 'api', skipped: true });
    const status = await core.handlers.profiles.activate({ id }, ctx);
    expect(status).toMatchObject({ state: 'error', error: { code: 'auth_invalid_client' } });
    expect(statuses(events).at(-1)?.state).toBe('error');
    // Saving the right secret again recovers.
    await core.handlers.profiles.saveProfile({ profile: { ...input, id }, secret: SANDBOX_CLIENTS.analyst.secret }, ctx);
    expect((await core.handlers.profiles.activate({ id }, ctx)).state).toBe('connected');
  });

  it('Test connection counts a 400 about its probe filter as reached, but not a wrong search path', async () => {
    const { core } = await boot();
    const saved = await core.handlers.profiles.saveProfile({ profile: remoteInput('Probe'), secret: SANDBOX_CLIENTS.analyst.secret }, ctx);
    external.control.injectFault({ kind: 'error', status: 400 }, 1, 'search');
    const reached = await core.handlers.profiles.testConnection({ id: saved.id }, ctx);
    expect(reached.ok).toBe(true);
    expect(reached.steps[2]).toMatchObject({ step: 'api', ok: true, message: expect.stringMatching(/did not accept that filter/) });

    const wrongPath = await core.handlers.profiles.saveProfile({ profile: { ...remoteInput('Probe'), searchPath: '/nope/v1/companies' }, secret: SANDBOX_CLIENTS.analyst.secret }, ctx);
    const missed = await core.handlers.profiles.testConnection({ id: wrongPath.id }, ctx);
    expect(missed.ok).toBe(false);
    expect(missed.steps[2]).toMatchObject({ step: 'api', ok: false });
  });

  it('saves, activates and deletes a remote profile; deleting it deletes its secret', async () => {
    const { core, vault, dir } = await boot();
    const saved = await core.handlers.profiles.saveProfile({ profile: remoteInput(), secret: SANDBOX_CLIENTS.analyst.secret }, ctx);
    expect(saved).toMatchObject({ kind: 'remote', builtIn: false, hasSecret: true, name: 'Acme prod' });
    expect(saved.id).toMatch(/^acme-prod-[0-9a-f]{6}$/);
    expect(await vault.get(saved.id)).toBe(SANDBOX_CLIENTS.analyst.secret);
    const report = await core.handlers.profiles.testConnection({ id: saved.id }, ctx);
    expect(report.steps.map((s) => s.ok)).toEqual([true, true, true, true, true]);
    expect(report.steps[0]!.message).toMatch(/oauth2\/token/);
    expect((await core.handlers.profiles.activate({ id: saved.id }, ctx)).state).toBe('connected');

    // Edit without a secret keeps the stored one.
    const renamed = await core.handlers.profiles.saveProfile({ profile: { ...remoteInput('Acme'), id: saved.id } }, ctx);
    expect(renamed.hasSecret).toBe(true);

    // Persisted: a second core on the same data dir sees the profile and the active choice.
    const again = await createCore({ dataDir: dir, shell: testShell(), vault, sandbox: false });
    cleanups.push(() => again.close());
    const list = await again.handlers.profiles.listProfiles(undefined, ctx);
    expect(list.activeId).toBe(saved.id);
    expect(list.profiles.map((p) => p.name)).toEqual(['Sandbox', 'Acme']);

    await core.handlers.profiles.deleteProfile({ id: saved.id }, ctx);
    expect(await vault.get(saved.id)).toBeNull();
    const status = await core.handlers.profiles.status(undefined, ctx);
    expect(status).toMatchObject({ profileId: null, state: 'signed_out' });
    await expect(core.handlers.profiles.deleteProfile({ id: SANDBOX_PROFILE_ID }, ctx)).rejects.toMatchObject({ code: 'invalid_input' });
  });

  it('reports a corrupt settings file and the memory-vault fallback as notices', async () => {
    const d = tempDir();
    cleanups.push(d.cleanup);
    writeFileSync(join(d.dir, `${SETTINGS_NAME}.json`), '{ nope');
    // No reachable keychain here (bogus bus address) and a shell fallback that declines.
    const bus = process.env.DBUS_SESSION_BUS_ADDRESS;
    process.env.DBUS_SESSION_BUS_ADDRESS = 'unix:path=/nonexistent/firmscope-test-bus';
    const core = await createCore({ dataDir: d.dir, shell: testShell(), vaultFallback: async () => null, sandbox: false });
    if (bus === undefined) delete process.env.DBUS_SESSION_BUS_ADDRESS;
    else process.env.DBUS_SESSION_BUS_ADDRESS = bus;
    cleanups.push(() => core.close());
    const info = await core.handlers.app.info(undefined, ctx);
    expect(info).toMatchObject({ shell: 'browser', vaultKind: 'memory', dataDir: d.dir });
    expect(info.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(info.notices.map((n) => n.level)).toEqual(['error', 'warning']);
    expect(info.notices[0]!.message).toMatch(/\.corrupt-/);
    expect(info.notices[1]!.message).toMatch(/kept in memory for this run only/);
    // Raised before anyone listened: delivered to a listener that subscribes later.
    const seen: unknown[] = [];
    core.onEvent((g, e, p) => g === 'app' && e === 'notice' && seen.push(p));
    await Promise.resolve();
    expect(seen).toEqual(info.notices);
    const status = await core.handlers.profiles.status(undefined, ctx);
    expect(status.vault).toMatchObject({ kind: 'memory', notice: expect.stringMatching(/for this run only/) });
    // With the sandbox turned off, the built-in profile explains itself.
    const activated = await core.handlers.profiles.activate({ id: SANDBOX_PROFILE_ID }, ctx);
    expect(activated).toMatchObject({ state: 'error', error: { code: 'not_configured' } });
  });

  it('keeps a redacted request log and opens only http(s) links', async () => {
    const { core, shell } = await boot();
    await core.handlers.profiles.activate({ id: SANDBOX_PROFILE_ID }, ctx);
    await core.handlers.profiles.testConnection({ id: SANDBOX_PROFILE_ID }, ctx);
    const log = await core.handlers.diagnostics.requestLog(undefined, ctx);
    expect(log.map((e) => `${e.method} ${e.path} ${e.status}`)).toEqual([
      'POST /auth/oauth2/token 200',
      'POST /auth/oauth2/token 200',
      'POST /api/search/v1/companies?page_size=1 200',
      expect.stringMatching(/^GET \/api\/esg\/v1\/processing\/[0-9a-f-]{36} 404$/),
      'POST /api/match/v5/companies 200',
    ]);
    // The 404 of the ESG probe carries the service's own words.
    expect(log[3]).toMatchObject({ error: 'not_found', message: 'No processing session with that id' });
    const text = JSON.stringify(log);
    expect(text).not.toMatch(/sbx_|sandbox-analyst-secret|Basic /);
    for (const e of log) expect(e.curl).not.toMatch(/Bearer (?!\$TOKEN")/);
    expect(log[2]!.curl).toContain('-H "Authorization: Bearer $TOKEN"');
    await core.handlers.diagnostics.clearLog(undefined, ctx);
    expect(await core.handlers.diagnostics.requestLog(undefined, ctx)).toEqual([]);
    await core.handlers.app.openExternal({ url: 'https://example.com/docs' }, ctx);
    expect(shell.opened).toEqual(['https://example.com/docs']);
  });

  it('wires every bridge group and closes cleanly (twice is harmless)', async () => {
    const { core } = await boot();
    expect(Object.keys(core.handlers).sort()).toEqual(['analytics', 'app', 'diagnostics', 'esg', 'esgExport', 'esgRuns', 'export', 'lists', 'match', 'profiles', 'search', 'snapshots', 'team', 'uiState', 'watches']);
    await core.close();
    await core.close();
  });
});
