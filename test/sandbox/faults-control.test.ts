// Fault injection and the control surface (in-process and HTTP), over real HTTP.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SANDBOX_CLIENTS } from '../../src/sandbox/clients';
import { FaultInjector } from '../../src/sandbox/faults';
import type { SandboxHandle } from '../../src/sandbox/server';
import { DEFAULT_PATHS } from '../../src/shared/profile';
import { apiPost, byCountry, getToken, searchPath, start, tokenRequest } from './helpers';

let sb: SandboxHandle;
let token: string;
beforeAll(async () => {
  sb = await start({ enableControl: true });
  token = await getToken(sb);
});
afterAll(() => sb.close());
beforeEach(() => sb.control.clearFaults());

const searchDE = () => apiPost(sb, token, searchPath(), byCountry('DE'));

describe('fault injection', () => {
  it('is off by default', async () => {
    const results = await Promise.all(Array.from({ length: 30 }, searchDE));
    expect(results.every((r) => r.status === 200)).toBe(true);
  });

  it('adds latency: each request of the targets is held that long, the others are not', async () => {
    // The amount, as decided per request (fixed, or drawn from [min, max]).
    expect(new FaultInjector({ latencyMs: 150 }).decide('search')).toMatchObject({ kind: 'none', latencyMs: 150 });
    const drawn = new FaultInjector({ latencyMs: [100, 200] }).decide('search').latencyMs;
    expect(drawn).toBeGreaterThanOrEqual(100);
    expect(drawn).toBeLessThanOrEqual(200);
    // Held for real: a match held for a minute is still unanswered once a search (not a target) has
    // been answered in full.
    sb.control.setFaults({ latencyMs: 60_000, targets: ['match'] });
    const ctrl = new AbortController();
    let answered = false;
    const held = fetch(`${sb.baseUrl}${DEFAULT_PATHS.matchPath}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ name: 'Acme' }),
      signal: ctrl.signal,
    }).then(() => (answered = true), () => undefined);
    expect((await searchDE()).status).toBe(200);
    expect(answered).toBe(false);
    ctrl.abort();
    await held;
  });

  it('answers a share of requests with 5xx, deterministically per seed', async () => {
    const run = async () => {
      sb.control.setFaults({ errorRate: 0.5, seed: 7 });
      const out: number[] = [];
      for (let i = 0; i < 40; i++) out.push((await searchDE()).status);
      return out;
    };
    const a = await run();
    const b = await run();
    expect(a).toEqual(b);
    const fails = a.filter((s) => s === 503).length;
    expect(fails).toBeGreaterThan(8);
    expect(fails).toBeLessThan(32);
    expect(a.filter((s) => s !== 503 && s !== 200)).toEqual([]);
  });

  it('answers 429 with Retry-After', async () => {
    sb.control.injectFault({ kind: 'rate_limit', retryAfterSeconds: 3 }, 2, 'search');
    const r1 = await searchDE();
    expect(r1.status).toBe(429);
    expect(r1.headers.get('retry-after')).toBe('3');
    expect(r1.body.error).toBe('rate_limited');
    expect((await searchDE()).status).toBe(429);
    expect((await searchDE()).status).toBe(200);
  });

  it('drops connections without an answer', async () => {
    sb.control.injectFault({ kind: 'drop' });
    await expect(searchDE()).rejects.toThrow();
    expect((await searchDE()).status).toBe(200);
  });

  it('sends malformed JSON with status 200', async () => {
    sb.control.injectFault({ kind: 'malformed' });
    const res = await fetch(`${sb.baseUrl}${searchPath()}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(byCountry('DE')),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    const text = await res.text();
    expect(() => JSON.parse(text)).toThrow();
  });

  it('can target the token endpoint only', async () => {
    sb.control.injectFault({ kind: 'error', status: 500 }, 1, 'token');
    expect((await searchDE()).status).toBe(200);
    expect((await tokenRequest(sb, SANDBOX_CLIENTS.analyst)).status).toBe(500);
    expect((await tokenRequest(sb, SANDBOX_CLIENTS.analyst)).status).toBe(200);
  });

  it('counts injected faults in stats', async () => {
    sb.control.resetStats();
    sb.control.injectFault({ kind: 'error' }, 2);
    await searchDE();
    await searchDE();
    await searchDE();
    const s = sb.control.stats();
    expect(s.faultsInjected).toBe(2);
    expect(s.apiResponses).toEqual({ 200: 1, 503: 2 });
    expect(s.searches).toBe(1);
  });
});

describe('HTTP control routes', () => {
  const ctl = (method: string, path: string, body?: unknown) =>
    fetch(`${sb.baseUrl}/__control${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  it('sets and clears faults, revokes tokens, moves the clock and reports stats', async () => {
    expect((await ctl('PUT', '/faults', { errorRate: 1, targets: ['search'] })).status).toBe(200);
    expect((await searchDE()).status).toBe(503);
    expect((await ctl('DELETE', '/faults')).status).toBe(200);
    expect((await searchDE()).status).toBe(200);
    expect((await ctl('POST', '/faults/next', { fault: { kind: 'rate_limit', retryAfterSeconds: 2 } })).status).toBe(200);
    expect((await searchDE()).status).toBe(429);
    expect((await ctl('PUT', '/faults', { errorRate: 7 })).status).toBe(400);

    const before = sb.control.clock.now();
    const moved = await (await ctl('POST', '/clock/advance', { ms: 60_000 })).json();
    expect(moved.now).toBeGreaterThanOrEqual(before + 60_000);

    const known = await (await ctl('GET', '/esg/companies?kind=known&limit=2')).json();
    expect(known.result).toHaveLength(2);
    expect((await ctl('PUT', '/esg/pace', { sessionMs: 100 })).status).toBe(200);

    expect((await ctl('POST', '/tokens/revoke')).status).toBe(200);
    expect((await searchDE()).status).toBe(401);
    token = await getToken(sb);
    const stats = await (await ctl('GET', '/stats')).json();
    expect(stats.tokensIssued).toBeGreaterThanOrEqual(1);
  });

  it('are absent unless enableControl is set', async () => {
    const plain = await start();
    try {
      const res = await fetch(`${plain.baseUrl}/__control/stats`);
      expect(res.status).toBe(401);
      const t = await getToken(plain);
      const authed = await fetch(`${plain.baseUrl}/__control/faults`, { method: 'PUT', headers: { authorization: `Bearer ${t}`, 'content-type': 'application/json' }, body: '{"errorRate":1}' });
      expect(authed.status).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
