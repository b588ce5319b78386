// The sandbox's per-client quota: a token bucket per client_id on the sandbox clock, answered 429
// with Retry-After, settable at start, in process and through the HTTP control routes.
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SANDBOX_CLIENTS } from '../../src/sandbox/clients';
import { ManualClock } from '../../src/sandbox/clock';
import type { SandboxHandle } from '../../src/sandbox/server';
import { apiPost, byCountry, getToken, searchPath, start } from './helpers';

const clock = new ManualClock();
let sb: SandboxHandle;
let analyst: string;
let searchOnly: string;
beforeAll(async () => {
  sb = await start({ clock, enableControl: true, rateLimit: { requestsPerSecond: 5 } });
  analyst = await getToken(sb);
  searchOnly = await getToken(sb, SANDBOX_CLIENTS.searchOnly);
});
afterAll(() => sb.close());
beforeEach(() => {
  sb.control.setRateLimit({ requestsPerSecond: 5 });
  sb.control.resetStats();
});

const search = (token = analyst) => apiPost(sb, token, searchPath(), byCountry('DE'));
async function statuses(n: number, token = analyst): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push((await search(token)).status);
  return out;
}

describe('sandbox rate limit', () => {
  it('lets a burst of one second through, then answers 429 with Retry-After and the error body', async () => {
    expect(await statuses(5)).toEqual([200, 200, 200, 200, 200]);
    const limited = await search();
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('1');
    expect(limited.body).toMatchObject({ error: 'rate_limited' });
    expect(limited.body.message).toMatch(/5 requests per second/);
    expect(sb.control.stats().rateLimited).toBe(1);
    expect(sb.control.stats().apiResponses['429']).toBe(1);
  });

  it('refills at the configured rate on the sandbox clock', async () => {
    await statuses(5);
    expect((await search()).status).toBe(429);
    clock.advance(200); // one token at 5 per second
    expect(await statuses(2)).toEqual([200, 429]);
    clock.advance(1000);
    expect(await statuses(6)).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('keeps one bucket per client', async () => {
    await statuses(5);
    expect((await search()).status).toBe(429);
    expect((await search(searchOnly)).status).toBe(200);
  });

  it('says how long until a token is back when the rate is below one per second', async () => {
    sb.control.setRateLimit({ requestsPerSecond: 0.25 });
    expect((await search()).status).toBe(200);
    const limited = await search();
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('4');
  });

  it('counts only authenticated API requests (401 and the token endpoint are not charged)', async () => {
    sb.control.setRateLimit({ requestsPerSecond: 1 });
    for (let i = 0; i < 3; i++) expect((await search('not-a-token')).status).toBe(401);
    await getToken(sb);
    expect(await statuses(2)).toEqual([200, 429]);
  });

  it('is set and turned off through the HTTP control routes', async () => {
    const ctl = (method: string, body?: unknown) =>
      fetch(`${sb.baseUrl}/__control/rate-limit`, { method, headers: body ? { 'content-type': 'application/json' } : {}, body: body ? JSON.stringify(body) : undefined });
    const set = await ctl('PUT', { requestsPerSecond: 2, burst: 3 });
    expect(set.status).toBe(200);
    expect(await set.json()).toEqual({ requestsPerSecond: 2, burst: 3 });
    expect(await statuses(4)).toEqual([200, 200, 200, 429]);
    expect((await ctl('PUT', { requestsPerSecond: -1 })).status).toBe(400);
    expect(await (await ctl('PUT', { requestsPerSecond: null })).json()).toEqual({ requestsPerSecond: null, burst: 0 });
    expect((await statuses(20)).every((s) => s === 200)).toBe(true);
    expect(await (await ctl('GET')).json()).toEqual({ requestsPerSecond: null, burst: 0 });
  });
});

describe('sandbox CLI --rate-limit', () => {
  it('serves with the limit and refuses a bad value', async () => {
    const bad = spawn(process.execPath, ['--import', 'tsx', 'src/sandbox/cli.ts', '--rate-limit', 'fast'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    bad.stderr.on('data', (d) => (err += d));
    expect(await new Promise((r) => bad.on('exit', r))).toBe(2);
    expect(err).toMatch(/--rate-limit needs a number/);

    const child = spawn(process.execPath, ['--import', 'tsx', 'src/sandbox/cli.ts', '--companies', '200', '--rate-limit', '3'], { stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      const line = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (d) => {
          out += d;
          if (out.includes('\n')) resolve(out.split('\n')[0]!);
        });
        child.on('exit', (code) => reject(new Error(`sandbox exited ${code}`)));
      });
      const urls = JSON.parse(line) as { auth_url: string; base_url: string };
      const handle = { authUrl: urls.auth_url, baseUrl: urls.base_url } as SandboxHandle;
      const token = await getToken(handle);
      const got: number[] = [];
      for (let i = 0; i < 4; i++) got.push((await apiPost(handle, token, searchPath(), byCountry('DE'))).status);
      expect(got).toEqual([200, 200, 200, 429]);
    } finally {
      child.kill('SIGTERM');
    }
  }, 30_000);
});
