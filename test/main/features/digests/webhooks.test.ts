// Digests to Slack and Teams incoming webhooks, played by a local node:http server: the payload each
// expects, a 500 then a 200 (one delivery, after a retry), 429 with Retry-After, a refusal, two
// nodes racing one outbox (each digest posted exactly once), and a node that dies mid-send (the
// delivery is in doubt, shown, and not posted again). No webhook URL in the database, an error or the log.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { postWebhook } from '../../../../src/main/features/digests/deliver';
import { IN_DOUBT, type OutboxOptions } from '../../../../src/main/features/digests/outbox';
import { renderSlack } from '../../../../src/main/features/digests/render';
import { createDigestWorker, type DigestLogEvent } from '../../../../src/main/features/digests/worker';
import { postgresMissing } from '../../../helpers/postgres';
import { digestOf, SEARCH_WATCH, thousandChanges } from './helpers/digest-fixture';
import { LOOPBACK_HOOKS, startDigestDb, type DigestDb } from './helpers/digest-db';

const TOKEN = 'CanaryWebhookToken0c5d2e7f';
type Answer = { status: number; body?: string; headers?: Record<string, string>; delayMs?: number; hang?: boolean };

async function startHook() {
  const requests: Array<{ path: string; contentType: string | undefined; body: any }> = [];
  let answer: (path: string, n: number) => Answer = () => ({ status: 200, body: 'ok' });
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      requests.push({ path: req.url!, contentType: req.headers['content-type'], body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
      const a = answer(req.url!, requests.filter((r) => r.path === req.url).length);
      if (a.hang) return;
      setTimeout(() => res.writeHead(a.status, a.headers).end(a.body ?? ''), a.delayMs ?? 0);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    requests,
    url: (who = 'T0CANARY/B0CANARY') => `http://127.0.0.1:${port}/services/${who}/${TOKEN}`,
    answer: (f: (path: string, n: number) => Answer) => (answer = f),
    close: () => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }),
  };
}

describe.skipIf(postgresMissing() !== null)('digests to Slack and Teams webhooks', () => {
  let t: DigestDb;
  let hook: Awaited<ReturnType<typeof startHook>>;
  const logged: DigestLogEvent[] = [];
  const worker = (o: Partial<OutboxOptions> = {}, nodeId = 'node-a', pool = t.pool) =>
    createDigestWorker({
      outbox: t.outbox({ random: () => 0, ...o }, pool),
      subscriptions: t.subscriptions(pool),
      keys: t.keys,
      mail: null,
      webhooks: { hosts: LOOPBACK_HOOKS, timeoutMs: 2_000 },
      unsubscribeBase: 'https://team.example.test/v1/digests/unsubscribe',
      nodeId,
      batch: 3,
      log: (e) => logged.push(e),
    });

  beforeAll(async () => {
    [t, hook] = await Promise.all([startDigestDb(), startHook()]);
  }, 120_000);
  afterAll(async () => {
    await hook?.close();
    await t?.stop();
  });
  beforeEach(async () => {
    await t.clear();
    // The fixture's watch, as a real team watch (digests reference team_watches).
    await t.newWatchId(SEARCH_WATCH.id);
    hook.requests.length = 0;
    hook.answer(() => ({ status: 200, body: 'ok' }));
  });

  async function subscribed(channel: 'slack' | 'teams', who?: string, period = 'day:2026-11-28') {
    const member = await t.member(who ? `Member ${who}` : 'Ada Analyst');
    await t.subscriptions().subscribe({ memberId: member.id, watchId: SEARCH_WATCH.id, cadence: 'daily', channel, target: hook.url(who) });
    await t.outbox().enqueue({ watchId: SEARCH_WATCH.id, cadence: 'daily', periodKey: period, items: thousandChanges() });
    return member;
  }

  it('Slack: one POST of JSON blocks, the fallback text, the deep links', async () => {
    const ada = await subscribed('slack');
    expect(await worker().runOnce()).toMatchObject({ sent: 1 });
    expect(hook.requests).toHaveLength(1);
    const { body, contentType, path } = hook.requests[0]!;
    expect(path).toBe(`/services/T0CANARY/B0CANARY/${TOKEN}`);
    expect(contentType).toBe('application/json');
    expect(body).toMatchObject({ text: expect.stringContaining('500 companies entered'), unfurl_links: false, blocks: expect.any(Array) });
    expect(body.blocks[0]).toEqual({ type: 'header', text: { type: 'plain_text', text: 'Firmscope daily digest', emoji: false } });
    expect(JSON.stringify(body)).toContain(`<firmscope://watches/${SEARCH_WATCH.id}/changes?check=101|500 companies entered`);
    expect(JSON.stringify(body)).toContain('/v1/digests/unsubscribe?token=');
    expect((await t.outbox().deliveriesOf(ada.id))[0]).toMatchObject({ state: 'sent', channel: 'slack', targetHint: expect.stringMatching(/^127\.0\.0\.1:\d+\/…2e7f$/) });
  });

  it('Teams: one message with an Adaptive Card attachment', async () => {
    await subscribed('teams');
    hook.answer(() => ({ status: 202 }));
    expect(await worker().runOnce()).toMatchObject({ sent: 1 });
    const { body } = hook.requests[0]!;
    expect(body).toMatchObject({ type: 'message', attachments: [{ contentType: 'application/vnd.microsoft.card.adaptive', contentUrl: null, content: { type: 'AdaptiveCard', version: '1.4' } }] });
    expect(JSON.stringify(body)).toContain('500 companies entered ‘DE manufacturing > 500’');
  });

  it('Teams: a retired connector\'s 200 that says the delivery failed is tried again', async () => {
    const ada = await subscribed('teams');
    hook.answer(() => ({ status: 200, body: 'Webhook message delivery failed with error: Microsoft Teams endpoint returned HTTP error 429 with ContextId tcid=0' }));
    expect(await worker().runOnce()).toMatchObject({ sent: 0, failed: 1 });
    expect((await t.outbox().deliveriesOf(ada.id))[0]).toMatchObject({ state: 'failed', lastError: expect.stringMatching(/^Teams did not deliver the digest \(200 Webhook message delivery failed/) });
  });

  it('a 500 then a 200: one delivery, after a retry with backoff', async () => {
    const ada = await subscribed('slack');
    hook.answer((_p, n) => (n === 1 ? { status: 500, body: 'internal_error' } : { status: 200, body: 'ok' }));
    expect(await worker().runOnce()).toMatchObject({ sent: 0, failed: 1 });
    const [failed] = await t.outbox().deliveriesOf(ada.id);
    expect(failed).toMatchObject({ state: 'failed', attempts: 1, lastError: 'Slack could not take the digest now (500 internal_error); trying again later.' });
    expect(Date.parse(failed!.nextAttemptAt!) - Date.now()).toBeGreaterThan(50_000);
    expect(await worker().runOnce()).toMatchObject({ sent: 0, failed: 0 });
    await t.due();
    expect(await worker().runOnce()).toMatchObject({ sent: 1 });
    expect(hook.requests).toHaveLength(2);
    expect((await t.outbox().deliveriesOf(ada.id))[0]).toMatchObject({ state: 'sent', attempts: 2, lastError: null });
  });

  it('429 waits as long as Retry-After says; a 4xx is refused for good with the reason, the URL blanked', async () => {
    const ada = await subscribed('slack');
    hook.answer(() => ({ status: 429, body: 'rate_limited', headers: { 'retry-after': '900' } }));
    await worker().runOnce();
    const [limited] = await t.outbox().deliveriesOf(ada.id);
    expect((Date.parse(limited!.nextAttemptAt!) - Date.now()) / 1000).toBeGreaterThan(880);
    hook.answer((path) => ({ status: 404, body: `no_service: ${path} is gone` }));
    await t.due();
    expect(await worker().runOnce()).toMatchObject({ failed: 1 });
    const [refused] = await t.outbox().deliveriesOf(ada.id);
    expect(refused).toMatchObject({ state: 'failed', nextAttemptAt: null });
    expect(refused!.lastError).toMatch(/^Slack refused the digest \(404 no_service: \[redacted\] is gone\): the webhook may have been removed; set a new one\.$/);
    await t.due();
    expect(await worker().runOnce()).toMatchObject({ sent: 0, failed: 0 });
  });

  it('two nodes racing one outbox post each digest exactly once', async () => {
    for (let i = 0; i < 16; i++) await subscribed(i % 2 ? 'slack' : 'teams', `m${i}`);
    hook.answer(() => ({ status: 200, body: 'ok', delayMs: 20 }));
    const nodes = [worker({}, 'node-a', t.node()), worker({}, 'node-b', t.node())];
    let sent = 0;
    for (let round = 0; round < 20 && sent < 16; round++) sent += (await Promise.all(nodes.map((n) => n.runOnce()))).reduce((s, r) => s + r.sent, 0);
    expect(sent).toBe(16);
    const perPath = new Map<string, number>();
    for (const r of hook.requests) perPath.set(r.path, (perPath.get(r.path) ?? 0) + 1);
    expect(perPath.size).toBe(16);
    expect([...perPath.values()].every((n) => n === 1)).toBe(true);
    const owners = await t.pool.query<{ lease_owner: string; n: number }>('select lease_owner, count(*)::int as n from digest_deliveries group by 1');
    expect(owners.rows.map((r) => r.lease_owner).sort()).toEqual(['node-a', 'node-b']);
  });

  it('a node killed mid-send: the lease runs out, the other node\'s sweep marks it in doubt and posts nothing', async () => {
    const ada = await subscribed('slack');
    // Node A claims, starts sending (the hook gets the message), and dies before recording anything.
    const a = t.outbox({ sendLeaseMs: 300 }, t.node());
    const [d] = await a.claim('node-a', 1);
    expect(await a.markSending(d!.id, d!.claimToken)).toBe(true);
    await postWebhook('slack', hook.url(), renderSlack(digestOf(thousandChanges())), { hosts: LOOPBACK_HOOKS });
    await t.expireLeases();
    expect(await worker({ sendLeaseMs: 300 }, 'node-b').runOnce()).toMatchObject({ sent: 0, uncertain: 0 });
    expect(hook.requests).toHaveLength(1);
    const [view] = await t.outbox().deliveriesOf(ada.id);
    expect(view).toMatchObject({ state: 'uncertain', lastError: IN_DOUBT, nextAttemptAt: null });
    for (let i = 0; i < 3; i++) await worker({}, 'node-b').runOnce();
    expect(hook.requests).toHaveLength(1);
    // The member says it did not arrive: sent again, at their word.
    expect(await t.outbox().resend(ada.id, view!.id)).toBe(true);
    expect(await worker({}, 'node-b').runOnce()).toMatchObject({ sent: 1 });
    expect(hook.requests).toHaveLength(2);
  });

  it('a node killed after claiming, before sending: the other node sends it, once', async () => {
    await subscribed('teams');
    const a = t.outbox({ claimLeaseMs: 1000 }, t.node());
    expect(await a.claim('node-a', 1)).toHaveLength(1);
    expect(await worker({}, 'node-b').runOnce()).toMatchObject({ sent: 0 });
    await t.expireLeases();
    expect(await worker({}, 'node-b').runOnce()).toMatchObject({ sent: 1, requeued: 1 });
    expect(hook.requests).toHaveLength(1);
  });

  it('no answer after the request left: in doubt, not retried; no connection at all: retried', async () => {
    const ada = await subscribed('slack');
    hook.answer(() => ({ status: 200, hang: true }));
    expect(await worker().runOnce()).toMatchObject({ uncertain: 1 });
    const [view] = await t.outbox().deliveriesOf(ada.id);
    expect(view).toMatchObject({ state: 'uncertain', lastError: expect.stringMatching(/^127\.0\.0\.1:\d+ did not answer in time after the digest was sent: it may or may not have been posted\.$/) });
    const closed = await startHook();
    const url = closed.url();
    await closed.close();
    expect(await postWebhook('slack', url, { text: 'x', blocks: [], unfurl_links: false, unfurl_media: false }, { hosts: LOOPBACK_HOOKS })).toEqual({ kind: 'retry', reason: expect.stringMatching(/^Could not reach 127\.0\.0\.1:\d+ \(ECONNREFUSED\)\.$/) });
    hook.answer(() => ({ status: 302, headers: { location: 'http://10.0.0.1/internal' } }));
    expect(await postWebhook('teams', hook.url(), { text: 'x', blocks: [], unfurl_links: false, unfurl_media: false }, { hosts: LOOPBACK_HOOKS })).toMatchObject({ kind: 'rejected', reason: expect.stringMatching(/redirect/) });
    expect(await postWebhook('slack', 'https://hooks.example.com/services/x', { text: 'x', blocks: [], unfurl_links: false, unfurl_media: false })).toMatchObject({ kind: 'rejected' });
  });

  it('the webhook token is in no table, error, log line or answer', async () => {
    const ada = await subscribed('slack');
    hook.answer((path) => ({ status: 400, body: `invalid_token ${path} ${TOKEN}` }));
    await worker().runOnce();
    const everything = `${await t.dump()}\n${JSON.stringify(logged)}\n${JSON.stringify(await t.outbox().deliveriesOf(ada.id))}\n${JSON.stringify(await t.subscriptions().list(ada.id))}`;
    expect(everything).not.toContain(TOKEN);
    expect(everything).not.toContain('B0CANARY');
    expect(everything).toContain('[redacted]');
  });
});
