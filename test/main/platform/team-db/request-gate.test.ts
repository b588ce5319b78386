// The team's request gate on a real PostgreSQL, three "nodes" (a pool and a gate object each)
// sending through it to a real local HTTP server that counts arrivals per second and answers 429
// above its limit. Everything asserted is what the server saw, never how long the test took.
import { once } from 'node:events';
import { createServer, type OutgoingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpSend, type HttpRequest, type HttpResponse } from '../../../../src/main/platform/api/http';
import { RATE_MARGIN } from '../../../../src/main/platform/api/rate-limiter';
import type { Transport } from '../../../../src/main/platform/api/transport';
import { migrate } from '../../../../src/main/platform/team-db/migrate';
import { TEAM_MIGRATIONS } from '../../../../src/main/platform/team-db/migrations';
import { createRequestGate, gatedTransport, type RequestGateOptions } from '../../../../src/main/platform/team-db/request-gate';
import { postgresMissing, startTempPostgres, type TempPostgres } from '../../../helpers/postgres';

interface Arrival {
  at: number;
  node: string;
  status: number;
}

/** Answers 200, or 429 once this second (its own clock) has seen more than `limit`; `answer` overrides. */
interface CountingServer {
  url: string;
  arrivals: Arrival[];
  limit: number;
  answer?: (index: number) => { status: number; headers?: OutgoingHttpHeaders } | undefined;
  close(): Promise<void>;
}

async function countingServer(limit: number): Promise<CountingServer> {
  const counts = new Map<number, number>();
  const server = createServer((req, res) => {
    req.resume();
    const at = Date.now();
    const second = Math.floor(at / 1000);
    counts.set(second, (counts.get(second) ?? 0) + 1);
    const custom = s.answer?.(s.arrivals.length);
    const status = custom?.status ?? ((counts.get(second) ?? 0) > s.limit ? 429 : 200);
    s.arrivals.push({ at, node: String(req.headers['x-node']), status });
    res.writeHead(status, { 'content-type': 'application/json', ...custom?.headers }).end('{}');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const s: CountingServer = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/check`,
    arrivals: [],
    limit,
    async close() {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
  return s;
}

describe.skipIf(postgresMissing() !== null)('the team request gate on PostgreSQL', () => {
  let db: TempPostgres;
  const pools: pg.Pool[] = [];
  const servers: CountingServer[] = [];
  beforeAll(async () => {
    db = await startTempPostgres();
    const p = new pg.Pool({ connectionString: db.url, max: 1 });
    pools.push(p);
    await migrate(p, TEAM_MIGRATIONS);
  }, 120_000);
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()));
    await Promise.all(pools.map((p) => p.end()));
    await db?.stop();
  });

  const server = async (limit: number) => {
    const s = await countingServer(limit);
    servers.push(s);
    return s;
  };
  /** A node: its own pool and gate; its transport names it to the server and may have a clock of its own. */
  const node = async (name: string, o: Omit<RequestGateOptions, 'pool'>, now: () => number = Date.now, maxRateLimitedSends?: number) => {
    const pool = new pg.Pool({ connectionString: db.url, max: 2 });
    pools.push(pool);
    const gate = await createRequestGate({ ...o, pool });
    const bare: Transport = { now, send: (req) => httpSend({ ...req, headers: { ...req.headers, 'x-node': name } }) };
    return { name, gate, transport: gatedTransport(bare, gate, { maxRateLimitedSends }) };
  };
  const nodes = (o: Omit<RequestGateOptions, 'pool'>) => Promise.all(['a', 'b', 'c'].map((n) => node(n, o)));
  const request = (url: string): HttpRequest => ({ method: 'GET', url, headers: {}, timeoutMs: 10_000 });
  const send = (n: { transport: Transport }, s: CountingServer): Promise<HttpResponse> => n.transport.send(request(s.url), 1);

  it('three nodes hammering together stay within the rate (+ burst): few 429s, each node served', async () => {
    const rate = 20;
    const burst = 4;
    const s = await server(rate + burst);
    const all = await nodes({ key: 'cred-hammer', rate, burst, dailyBudget: null });
    // Enough that 2 % is a couple of requests: a loaded machine may deliver one late into the next second.
    const total = 120;
    let issued = 0;
    const worker = async (n: (typeof all)[number]) => {
      while (issued < total) {
        issued++;
        expect((await send(n, s)).status).toBe(200);
      }
    };
    await Promise.all(all.flatMap((n) => [worker(n), worker(n), worker(n), worker(n)]));

    const ok = s.arrivals.filter((a) => a.status === 200);
    expect(ok).toHaveLength(total);
    // Each 429 is a second in which the server saw more than rate + burst.
    const limited = s.arrivals.length - ok.length;
    expect(limited).toBeLessThanOrEqual(Math.floor(s.arrivals.length * 0.02));
    // Over the whole run: the rate times its span, plus the one burst at the start. The gate paces
    // sends, the server sees arrivals: a loaded machine delays some sends (the first, say) more than
    // others, so the span is given a quarter second of slack.
    const spanS = (s.arrivals.at(-1)!.at - s.arrivals[0]!.at) / 1000;
    expect(s.arrivals.length).toBeLessThanOrEqual(Math.ceil(rate * RATE_MARGIN * (spanS + 0.25)) + burst);
    // Not needlessly slow either, and no node starved.
    expect(s.arrivals.length).toBeGreaterThanOrEqual(rate * RATE_MARGIN * spanS * 0.5);
    for (const n of ['a', 'b', 'c']) expect(ok.filter((a) => a.node === n).length).toBeGreaterThanOrEqual(total * 0.15);
    const stats = await all[0]!.gate.stats();
    expect(stats).toMatchObject({ usedToday: s.arrivals.length, dailyBudget: null, limited });
    if (limited === 0) expect(stats).toMatchObject({ learnedRps: null, heldUntil: null });
  });

  it('lets exactly the daily budget through across nodes; the rest get a sentence saying when it resets', async () => {
    const s = await server(1000);
    const all = await nodes({ key: 'cred-budget', rate: 200, burst: 50, dailyBudget: 10 });
    const results = await Promise.allSettled(all.flatMap((n) => Array.from({ length: 6 }, () => send(n, s))));
    expect(s.arrivals).toHaveLength(10);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
    expect(refused).toHaveLength(8);
    for (const e of refused) {
      expect(e).toMatchObject({
        code: 'rate_limited',
        retryable: false,
        details: { reason: 'daily_budget', dailyBudget: 10 },
        message: expect.stringMatching(/^The team's daily budget of 10 requests to the service is used up; it resets at midnight UTC \(\d{4}-\d\d-\d\d 00:00 UTC\), in ((\d+ h )?\d+ min|a minute)\.$/),
      });
    }
    for (const n of all) expect(await n.gate.stats()).toMatchObject({ usedToday: 10, dailyBudget: 10 });
    // Midnight passed (the row's day set back, as the database's clock cannot be moved): a new budget.
    await pools[0]!.query("update request_gates set day = day - 1 where key = 'cred-budget'");
    expect((await send(all[1]!, s)).status).toBe(200);
    expect(await all[2]!.gate.stats()).toMatchObject({ usedToday: 1 });
  });

  it("counts the budget's day in the gate's time zone", async () => {
    const zone = 'Pacific/Kiritimati'; // UTC+14: its midnight is never UTC's
    const s = await server(1000);
    const n = await node('a', { key: 'cred-zone', rate: 10, burst: 1, dailyBudget: 0, timezone: zone });
    const e = await send(n, s).catch((x: unknown) => x);
    expect(e).toMatchObject({ message: expect.stringContaining(`resets at midnight ${zone}`) });
    const resetsAt = (await n.gate.stats()).resetsAt;
    const local = new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(resetsAt);
    expect(local).toBe('00:00');
    expect(resetsAt.getTime() - Date.now()).toBeGreaterThan(0);
    expect(resetsAt.getTime() - Date.now()).toBeLessThanOrEqual(86_400_000);
    expect(s.arrivals).toHaveLength(0);
    await expect(createRequestGate({ pool: pools[0]!, key: 'cred-bad-zone', rate: 1, burst: 1, dailyBudget: null, timezone: 'Mars/Olympus' })).rejects.toThrow(/time zone/);
  });

  it("a 429 seen by one node holds the others until its Retry-After has passed; at a trickle it teaches no pace", async () => {
    const s = await server(1000);
    s.answer = (i) => (i === 0 ? { status: 429, headers: { 'retry-after': '1' } } : undefined);
    const o = { key: 'cred-hold', rate: 50, burst: 5, dailyBudget: null };
    const a = await node('a', o, Date.now, 1);
    const [b, c] = await Promise.all([node('b', o), node('c', o)]);
    expect((await send(a, s)).status).toBe(429);
    const t429 = s.arrivals[0]!.at;
    expect(await b.gate.stats()).toMatchObject({ learnedRps: null, limited: 1, heldUntil: expect.any(Date) });
    const after = await Promise.all([send(b, s), send(c, s), send(b, s), send(c, s)]);
    expect(after.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const others = s.arrivals.slice(1);
    expect(others).toHaveLength(4);
    for (const x of others) expect(x.at).toBeGreaterThanOrEqual(t429 + 1000);
  });

  it('sends a 429 again after the hold, up to maxRateLimitedSends, then hands the 429 on', async () => {
    const s = await server(1000);
    s.answer = (i) => (i < 2 ? { status: 429, headers: { 'retry-after': '0' } } : undefined);
    const o = { key: 'cred-resend', rate: 50, burst: 5, dailyBudget: null };
    expect((await send(await node('a', o), s)).status).toBe(200);
    expect(s.arrivals.map((x) => x.status)).toEqual([429, 429, 200]);
    s.answer = () => ({ status: 429, headers: { 'retry-after': '0' } });
    expect((await send(await node('b', o, Date.now, 2), s)).status).toBe(429);
    expect(s.arrivals).toHaveLength(5);
  });

  it("reads an HTTP-date Retry-After against the answer's Date, so a node's skewed clock holds as long as asked", async () => {
    const s = await server(1000);
    s.answer = (i) => {
      if (i > 0) return undefined;
      const dateOf429 = Math.floor(Date.now() / 1000) * 1000;
      return { status: 429, headers: { date: new Date(dateOf429).toUTCString(), 'retry-after': new Date(dateOf429 + 2000).toUTCString() } };
    };
    const o = { key: 'cred-skew', rate: 50, burst: 5, dailyBudget: null };
    const hour = 3_600_000;
    const fast = await node('fast', o, () => Date.now() + hour, 1);
    const slow = await node('slow', o, () => Date.now() - hour);
    expect((await send(fast, s)).status).toBe(429);
    const held = await slow.gate.stats();
    // Exactly the 2 s between the two headers, from when the 429 was reported (not 0, not an hour).
    expect(held.heldForMs).toBeGreaterThan(1000);
    expect(held.heldForMs).toBeLessThanOrEqual(2000);
    expect((await send(slow, s)).status).toBe(200);
    expect(s.arrivals[1]!.at).toBeGreaterThanOrEqual(s.arrivals[0]!.at + 2000);
  });

  it('a caller that cancels leaves the wait (queued or sleeping) without a token; the next is served', async () => {
    const s = await server(1000);
    const n = await node('a', { key: 'cred-abort', rate: 2, burst: 1, dailyBudget: null });
    await n.gate.acquire(); // the only token: the next waits about half a second
    const sleeping = new AbortController();
    const queued = new AbortController();
    const first = n.gate.acquire(sleeping.signal);
    const second = n.gate.acquire(queued.signal);
    const third = n.gate.acquire();
    queued.abort();
    await expect(second).rejects.toMatchObject({ code: 'cancelled' });
    sleeping.abort();
    await expect(first).rejects.toMatchObject({ code: 'cancelled' });
    await third;
    expect((await n.gate.stats()).usedToday).toBe(2);
    await expect(n.transport.send({ ...request(s.url), signal: AbortSignal.abort() }, 1)).rejects.toMatchObject({ name: 'TransportError', kind: 'cancelled' });
    expect(s.arrivals).toHaveLength(0);
  });

  it('learns one pace from repeated 429s for all nodes, and it climbs back once the 429s stop', async () => {
    const rate = 20;
    const ceiling = rate * RATE_MARGIN;
    const s = await server(8);
    const o = { key: 'cred-pace', rate, burst: 2, dailyBudget: null, pace: { windowMs: 1000, settleMs: 500, recoverMs: 4000, probeEveryMs: 1000 } };
    const all = await nodes(o);
    const [a, b] = all as [(typeof all)[number], (typeof all)[number]];
    // Node a alone drives the service into 429s (no Retry-After: 1 s holds) until it has seen a few.
    const until = async (n: typeof a, done: () => boolean) => {
      while (!done()) await send(n, s);
    };
    const limitedSeen = () => s.arrivals.filter((x) => x.status === 429).length >= 3;
    await Promise.all([until(a, limitedSeen), until(a, limitedSeen), until(a, limitedSeen)]);
    const learned = (await b.gate.stats()).learnedRps;
    expect(learned).not.toBeNull();
    expect(learned!).toBeLessThan(ceiling);
    expect((await all[2]!.gate.stats()).learnedRps).toBeGreaterThanOrEqual(learned!);
    // b never saw a 429, yet paces by it: no burst, one request per 1/pace.
    s.limit = 1000;
    const from = s.arrivals.length;
    await Promise.all(Array.from({ length: 6 }, () => send(b, s)));
    const bAt = s.arrivals.slice(from).map((x) => x.at);
    // Without 429s the pace only climbs, so the pace read after them is the fastest b may have gone:
    // 6 requests span 5 intervals of it (the fixed rate would have let 2 go at once, then 1/ceiling).
    // One interval is left as slack: a pause of this process's event loop can bunch two sends.
    const fastest = (await b.gate.stats()).learnedRps ?? ceiling;
    expect(bAt.at(-1)! - bAt[0]!).toBeGreaterThanOrEqual((4 * 1000) / fastest);
    // The 429s have stopped: every node climbs back to the fixed rate within recoverMs.
    const recovered = async () => (await Promise.all(all.map((n) => n.gate.stats()))).every((x) => x.learnedRps === null);
    let back = false;
    const climb = async (n: typeof a) => {
      while (!back) {
        await send(n, s);
        back ||= await recovered();
      }
    };
    await Promise.all(all.map(climb));
    expect(await recovered()).toBe(true);
  });
});
