// The sandbox can forget processing sessions, as a service that restarts would: over the control
// route (all, or a share chosen by session id), or on a timer (startSandbox option / CLI flag). A
// forgotten session's status answers 404 and the next module request starts a new session.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SandboxHandle } from '../../src/sandbox/server';
import { apiGet, apiPost, getToken, start } from './helpers';

const open: SandboxHandle[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});
async function sandbox(opts: Parameters<typeof start>[0] = {}) {
  const sb = await start({ companies: 400, enableControl: true, esg: { sessionMs: 60_000, sessionJitter: 0 }, ...opts });
  open.push(sb);
  return { sb, token: await getToken(sb) };
}
const moduleGet = (sb: SandboxHandle, token: string, id: string) => apiGet(sb, token, `/esg/v1/companies/${id}/scores`);
const statusOf = (sb: SandboxHandle, token: string, session: string) => apiGet(sb, token, `/esg/v1/processing/${session}`);

describe('forgetting ESG sessions', () => {
  it('POST __control/esg/forget: the status answers 404, the next module request starts a new session', async () => {
    const { sb, token } = await sandbox();
    const company = sb.control.esgCompanies('known', 1)[0]!.company_id;
    const first = (await moduleGet(sb, token, company)).body;
    expect(first.status).toBe('processing');
    expect((await statusOf(sb, token, first.active_processing_session)).status).toBe(200);
    const forgot = await apiPost(sb, null, '/__control/esg/forget', {});
    expect(forgot.body).toEqual({ forgotten: 1 });
    expect((await statusOf(sb, token, first.active_processing_session)).status).toBe(404);
    const again = (await moduleGet(sb, token, company)).body;
    expect(again.status).toBe('processing');
    expect(again.active_processing_session).not.toBe(first.active_processing_session);
    expect((await statusOf(sb, token, again.active_processing_session)).status).toBe(200);
  });

  it('a share forgets that share of the processing sessions, the same ones for the same sessions', async () => {
    const { sb, token } = await sandbox();
    const companies = sb.control.esgCompanies('known', 40).map((c) => c.company_id);
    const sessions = await Promise.all(companies.map(async (c) => (await moduleGet(sb, token, c)).body.active_processing_session as string));
    const n = sb.control.forgetEsgSessions(0.5);
    expect(n).toBeGreaterThan(8);
    expect(n).toBeLessThan(32);
    const gone = (await Promise.all(sessions.map((s) => statusOf(sb, token, s)))).filter((r) => r.status === 404);
    expect(gone).toHaveLength(n);
    expect(await apiPost(sb, null, '/__control/esg/forget', { share: 2 })).toMatchObject({ status: 400 });
  });

  it('forgetEsgSessionsEveryMs forgets on a timer (the CLI flag --forget-sessions-every)', async () => {
    // The sandbox's own interval on fake time: it forgets when (and only when) 150 ms have passed.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const { sb, token } = await sandbox({ forgetEsgSessionsEveryMs: 150 });
      const company = sb.control.esgCompanies('known', 1)[0]!.company_id;
      const first = (await moduleGet(sb, token, company)).body;
      vi.advanceTimersByTime(149);
      expect((await statusOf(sb, token, first.active_processing_session)).status).toBe(200);
      vi.advanceTimersByTime(1);
      expect((await statusOf(sb, token, first.active_processing_session)).status).toBe(404);
    } finally {
      vi.useRealTimers();
    }
  });
});
