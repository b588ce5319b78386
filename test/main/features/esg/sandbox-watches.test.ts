// Watch lifecycle against the real sandbox: errors explained, restart resumes, 50 at once stay
// within the backoff's bound and never poll after a terminal status.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BACKOFF, maxPollsWithin } from '../../../../src/main/features/esg/backoff';
import { WATCHES_SETTINGS_KEY } from '../../../../src/main/features/esg/watch-registry';
import { openSettings } from '../../../../src/main/platform/settings/settings-store';
import type { SandboxHandle } from '../../../../src/sandbox/server';
import { ctx, MemorySettings } from './helpers/fake-deps';
import { featureOn, sandboxWithClock, until } from './helpers/sandbox-world';
import type { ScaledClock } from './helpers/scaled-clock';

let sandbox: SandboxHandle;
let clock: ScaledClock;

beforeAll(async () => {
  ({ sandbox, clock } = await sandboxWithClock(40, { sessionMs: 20_000 }));
});
afterAll(async () => {
  await sandbox?.close();
});

const persisted = (sessionId: string, companyId: string) => [{ sessionId, companyId, module: 'news', startedAt: clock.now(), pageSize: 10, profileId: 'sandbox', resultCount: 2 }];

async function tokenFor(client: { id: string; secret: string }): Promise<string> {
  const res = await fetch(`${sandbox.authUrl}/oauth2/token`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`${client.id}:${client.secret}`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials&scope=api%3Ause',
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

describe('ESG watches against the sandbox', () => {
  it('400: the service rejects a non-UUID session id, and such a watch stops with an explanation', async () => {
    const token = await tokenFor(sandbox.control.clients.analyst);
    const raw = await fetch(`${sandbox.baseUrl}/esg/v1/processing/not-a-uuid`, { headers: { authorization: `Bearer ${token}` } });
    expect(raw.status).toBe(400);

    const settings = new MemorySettings();
    settings.write(WATCHES_SETTINGS_KEY, persisted('not-a-uuid', 'C1'));
    const w = featureOn(sandbox, clock, { settings });
    await w.feature.start!();
    await until(() => w.lastState('not-a-uuid') === 'error', 5000, 'error state');
    const [watch] = await w.feature.handlers.listWatches(undefined, ctx());
    expect(watch!.error!.message).toMatch(/not a valid UUID/);
    expect(watch!.polls).toBe(1);
  });

  it('404: an unknown session (e.g. from before a restart) shows as expired after one call', async () => {
    const sid = randomUUID();
    const token = await tokenFor(sandbox.control.clients.analyst);
    expect((await fetch(`${sandbox.baseUrl}/esg/v1/processing/${sid}`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(404);

    const settings = new MemorySettings();
    settings.write(WATCHES_SETTINGS_KEY, persisted(sid, sandbox.control.esgCompanies('known', 1)[0]!.company_id));
    const w = featureOn(sandbox, clock, { settings });
    await w.feature.start!();
    await until(() => w.lastState(sid) === 'expired', 5000, 'expired state');
    // No error loop: no poll scheduled, so nothing more is asked.
    expect(w.timers.pending()).toBe(0);
    const [watch] = await w.feature.handlers.listWatches(undefined, ctx());
    expect(watch).toMatchObject({ state: 'expired', polls: 1, resultCount: 2 });
    expect(watch!.error!.message).toContain('the service no longer has this session; request again');
    expect(watch!.error!.message).not.toMatch(/expired|long ago/);
    // Ended, not polled again, and listed (after a restart too) until the analyst removes it.
    expect(settings.data.get(WATCHES_SETTINGS_KEY)).toEqual([expect.objectContaining({ sessionId: sid, ended: expect.objectContaining({ state: 'expired' }) })]);
    await w.feature.dispose!();
  });

  it('403: the search-only client is told the account lacks ESG access', async () => {
    const company = sandbox.control.esgCompanies('known', 5)[4]!.company_id;
    const w = featureOn(sandbox, clock, { client: sandbox.control.clients.searchOnly });
    await expect(w.feature.handlers.request({ companyId: company, module: 'news', pageSize: 10 }, ctx())).rejects.toMatchObject({
      code: 'forbidden',
      message: expect.stringMatching(/lacks access to the ESG API/),
    });

    // A session opened by another client, watched with the search-only one.
    const analyst = featureOn(sandbox, clock);
    sandbox.control.invalidateEsg(company, 'news');
    const v = await analyst.feature.handlers.request({ companyId: company, module: 'news', pageSize: 10 }, ctx());
    await analyst.feature.dispose!();
    const settings = new MemorySettings();
    settings.write(WATCHES_SETTINGS_KEY, persisted(v.sessionId!, company));
    const denied = featureOn(sandbox, clock, { settings, client: sandbox.control.clients.searchOnly });
    await denied.feature.start!();
    await until(() => denied.lastState(v.sessionId!) === 'error', 5000, 'error state');
    expect(denied.progress(v.sessionId!).at(-1)!.error).toMatchObject({ code: 'forbidden', message: expect.stringMatching(/lacks access to the ESG API/) });
  });

  it('401 mid-session (tokens revoked) is absorbed by the client: the watch goes on to complete', async () => {
    const company = sandbox.control.esgCompanies('known', 8)[7]!.company_id;
    sandbox.control.invalidateEsg(company, 'news');
    const w = featureOn(sandbox, clock);
    const v = await w.feature.handlers.request({ companyId: company, module: 'news', pageSize: 10 }, ctx());
    const sid = v.sessionId!;
    await until(() => w.progress(sid).some((p) => p.polls >= 1), 5000, 'first poll');
    expect(sandbox.control.revokeAllTokens()).toBeGreaterThan(0);
    await until(() => w.completed(sid) !== undefined, 10_000, 'completion');
    expect(w.progress(sid).every((p) => p.error === undefined)).toBe(true);
    expect(w.completed(sid)!.view).toMatchObject({ status: 'complete' });
  });

  it('a restart mid-session resumes the watch from the settings file and completes it', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'firmscope-esg-restart-'));
    try {
      const company = sandbox.control.esgCompanies('known', 6)[5]!.company_id;
      sandbox.control.invalidateEsg(company, 'news');
      const a = featureOn(sandbox, clock, { settings: openSettings({ dataDir }) });
      const v = await a.feature.handlers.request({ companyId: company, module: 'news', pageSize: 10 }, ctx());
      const sid = v.sessionId!;
      await until(() => a.progress(sid).some((p) => p.polls >= 2), 5000, 'two polls');
      await a.feature.dispose!();
      const before = sandbox.control.stats().statusCalls[sid]!.length;
      const onDisk = JSON.parse(readFileSync(join(dataDir, 'firmscope-settings.json'), 'utf8')) as Record<string, unknown>;
      expect(onDisk[WATCHES_SETTINGS_KEY]).toEqual([expect.objectContaining({ sessionId: sid, companyId: company, module: 'news' })]);

      // The stopped app is silent: no poll left scheduled.
      expect(a.timers.pending()).toBe(0);
      expect(sandbox.control.stats().statusCalls[sid]!.length).toBe(before);

      const settings = openSettings({ dataDir }); // a new process reads the file again
      const b = featureOn(sandbox, clock, { settings });
      await b.feature.start!();
      expect((await b.feature.handlers.listWatches(undefined, ctx()))[0]).toMatchObject({ sessionId: sid, state: 'processing' });
      await until(() => b.completed(sid) !== undefined, 10_000, 'completion after restart');
      expect(b.completed(sid)!.view).toMatchObject({ status: 'complete', sessionId: null });
      expect(b.rec.notifications).toHaveLength(1);
      expect(settings.read(WATCHES_SETTINGS_KEY, z.array(z.unknown()), ['missing'])).toEqual([
        expect.objectContaining({ sessionId: sid, ended: expect.objectContaining({ state: 'complete' }) }),
      ]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('50 sessions at once: all finish, no poll after a terminal status, calls within the bound', async () => {
    const SESSION = 60_000;
    sandbox.control.setEsgPace({ sessionMs: SESSION });
    const companies = sandbox.control.esgCompanies('known', 60).slice(10).map((c) => c.company_id);
    for (const c of companies) sandbox.control.invalidateEsg(c, 'news');
    const w = featureOn(sandbox, clock);
    sandbox.control.resetStats();
    const views = await Promise.all(companies.map((companyId) => w.feature.handlers.request({ companyId, module: 'news', pageSize: 10 }, ctx())));
    const sids = views.map((v) => v.sessionId!);
    expect(new Set(sids).size).toBe(50);
    await until(() => sids.every((s) => w.completed(s) !== undefined), 20_000, '50 completions');
    expect(w.timers.pending()).toBe(0); // no stray poll can come: none is scheduled

    const stats = sandbox.control.stats();
    // When each session really started and ends (the request was logged a moment before it opened one).
    const sessions = new Map(sandbox.control.esgSessions().map((s) => [s.sessionId, s]));
    const bound = maxPollsWithin(DEFAULT_BACKOFF, SESSION);
    let total = 0;
    companies.forEach((_companyId, i) => {
      const session = sessions.get(sids[i]!)!;
      expect(session.durationMs).toBe(SESSION);
      const calls = stats.statusCalls[sids[i]!]!;
      total += calls.length;
      // Exactly one call at or after the session's end: the one that saw `complete`.
      expect(calls.filter((t) => t >= session.startedAt + SESSION)).toHaveLength(1);
      expect(calls.length).toBeLessThanOrEqual(bound);
    });
    expect(total).toBeLessThanOrEqual(50 * bound);
    const watches = await w.feature.handlers.listWatches(undefined, ctx());
    expect(watches.filter((x) => x.state === 'complete')).toHaveLength(50);
    console.log(`50 sessions of ${SESSION / 1000} s: ${total} status calls (${(total / 50).toFixed(1)} per session, bound ${bound})`);
    sandbox.control.setEsgPace({ sessionMs: 20_000 });
  });
});
