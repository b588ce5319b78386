// Digest subscriptions and the delivery outbox on a real PostgreSQL: targets sealed and shown as
// hints, a period's digest enqueued once however many nodes enqueue it, each delivery claimed by one
// node, leases that run out (a claim is queued again, a send is in doubt and never resent by itself),
// backoff after a failure, unsubscribe links, and no webhook URL in any table. (The database is
// startTempPostgres's, through helpers/digest-db.ts: an integration test, vitest.unit.config.ts.)
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { IN_DOUBT } from '../../../../src/main/features/digests/outbox';
import { periodKey } from '../../../../src/main/features/digests/period';
import { postgresMissing } from '../../../helpers/postgres';
import { digestOf, thousandChanges } from './helpers/digest-fixture';
import { startDigestDb, type DigestDb } from './helpers/digest-db';
import { tamperedToken } from '../../../helpers/tampered';

const CANARY_HOOK = 'http://127.0.0.1:9/services/T0CANARY/B0CANARY/CanaryWebhookToken7f3e9a1c';
const items = () => digestOf(thousandChanges()).items;

describe.skipIf(postgresMissing() !== null)('digest outbox on PostgreSQL', () => {
  let t: DigestDb;
  beforeAll(async () => {
    t = await startDigestDb();
  }, 120_000);
  afterAll(async () => {
    await t?.stop();
  });
  beforeEach(async () => {
    await t.clear();
  });

  it('subscribes with a sealed target, shows only a hint, refuses unsafe webhook URLs', async () => {
    const subs = t.subscriptions();
    const ada = await t.member();
    const watchId = await t.newWatchId();
    const hook = await subs.subscribe({ memberId: ada.id, watchId, cadence: 'daily', channel: 'slack', target: CANARY_HOOK });
    expect(hook.targetHint).toBe('127.0.0.1:9/…9a1c');
    const mail = await subs.subscribe({ memberId: ada.id, watchId, cadence: 'weekly', channel: 'email', target: 'ada@example.test' });
    // Subscribing again on a channel changes that subscription.
    const again = await subs.subscribe({ memberId: ada.id, watchId, cadence: 'immediate', channel: 'email', target: 'ada.analyst@example.test' });
    expect(again.id).toBe(mail.id);
    expect((await subs.list(ada.id)).map((s) => [s.channel, s.cadence, s.targetHint])).toEqual([
      ['slack', 'daily', '127.0.0.1:9/…9a1c'],
      ['email', 'immediate', 'ada.analyst@example.test'],
    ]);
    expect(JSON.stringify(await subs.list(ada.id))).not.toContain('CanaryWebhookToken');
    const refused = (channel: 'email' | 'slack' | 'teams', target: string) => subs.subscribe({ memberId: ada.id, watchId, cadence: 'daily', channel, target });
    await expect(refused('slack', 'http://hooks.slack.com/services/x')).rejects.toMatchObject({ code: 'invalid_input', message: expect.stringMatching(/https:\/\//) });
    await expect(refused('teams', 'https://10.0.0.5/webhookb2/x')).rejects.toMatchObject({ message: expect.stringMatching(/only to 127\.0\.0\.1/) });
    await expect(refused('slack', 'https://user:pw@127.0.0.1/x')).rejects.toMatchObject({ message: expect.stringMatching(/no user name or password/) });
    await expect(refused('email', 'not an address')).rejects.toMatchObject({ code: 'invalid_input' });
    const row = await t.pool.query<{ target_sealed: string }>('select target_sealed from digest_subscriptions where id = $1', [hook.id]);
    expect(t.keys.open(row.rows[0]!.target_sealed, hook.id)).toBe(CANARY_HOOK);
    // Bound to its row: the same sealed text does not open as another subscription's.
    expect(() => t.keys.open(row.rows[0]!.target_sealed, mail.id)).toThrow(/cannot be opened/);
  });

  it('enqueues a period once, however many nodes enqueue it at once, for active subscriptions only', async () => {
    const [ada, bo, cy] = [await t.member('Ada A'), await t.member('Bo B'), await t.member('Cy C')];
    const watchId = await t.newWatchId();
    const subs = t.subscriptions();
    for (const m of [ada, bo, cy]) await subs.subscribe({ memberId: m.id, watchId, cadence: 'daily', channel: 'email', target: `${m.id}@example.test` });
    await subs.subscribe({ memberId: ada.id, watchId, cadence: 'weekly', channel: 'slack', target: CANARY_HOOK });
    await t.members.revoke(cy.id);
    const period = periodKey('daily', new Date('2026-11-28T12:00:00Z'), 'UTC');
    const nodes = [t.outbox({}, t.node()), t.outbox({}, t.node()), t.outbox({}, t.node())];
    const results = await Promise.all(nodes.map((o) => o.enqueue({ watchId, cadence: 'daily', periodKey: period, items: items() })));
    expect(results.reduce((n, r) => n + r.queued, 0)).toBe(2);
    expect(new Set(results.map((r) => r.digestId)).size).toBe(1);
    expect((await nodes[0]!.enqueue({ watchId, cadence: 'daily', periodKey: period, items: items() })).queued).toBe(0);
    expect((await t.pool.query('select 1 from digests')).rowCount).toBe(1);
    expect((await nodes[0]!.enqueue({ watchId, cadence: 'daily', periodKey: period, items: [{ ...items()[0]!, changes: [] }] })).queued).toBe(0);
    // Kept bounded: the first changes of a check whole, the rest only counted.
    const stored = await t.pool.query<{ n: number }>('select pg_column_size(content) as n from digests');
    expect(stored.rows[0]!.n).toBeLessThan(200_000);
  });

  it('gives each due delivery to one node of two claiming at once', async () => {
    const watchId = await t.newWatchId();
    const subs = t.subscriptions();
    for (let i = 0; i < 12; i++) {
      const m = await t.member(`Member ${i}`);
      await subs.subscribe({ memberId: m.id, watchId, cadence: 'immediate', channel: 'email', target: `m${i}@example.test` });
    }
    await t.outbox().enqueue({ watchId, cadence: 'immediate', periodKey: 'check:1', items: items() });
    const [a, b] = [t.outbox({}, t.node()), t.outbox({}, t.node())];
    const claimed = (await Promise.all([a.claim('a', 5), b.claim('b', 5), a.claim('a', 5), b.claim('b', 5)])).flat();
    expect(claimed).toHaveLength(12);
    expect(new Set(claimed.map((c) => c.id)).size).toBe(12);
    expect(await a.claim('a', 5)).toEqual([]);
    expect(claimed[0]).toMatchObject({ channel: 'email', cadence: 'immediate', memberName: expect.stringMatching(/^Member/) });
    expect(claimed[0]!.content.items).toHaveLength(2);
  });

  it('a claim whose lease ran out before sending is queued again; the late node then sends nothing', async () => {
    const ada = await t.member();
    const watchId = await t.newWatchId();
    await t.subscriptions().subscribe({ memberId: ada.id, watchId, cadence: 'daily', channel: 'email', target: 'ada@example.test' });
    const a = t.outbox({ claimLeaseMs: 1000 }, t.node());
    const b = t.outbox({ claimLeaseMs: 1000 }, t.node());
    await a.enqueue({ watchId, cadence: 'daily', periodKey: 'day:2026-11-28', items: items() });
    const [mine] = await a.claim('node-a', 5);
    expect(await b.claim('node-b', 5)).toEqual([]);
    await t.expireLeases();
    expect(await b.sweep()).toMatchObject({ requeued: 1, uncertain: 0 });
    const [theirs] = await b.claim('node-b', 5);
    expect(theirs!.id).toBe(mine!.id);
    // Node A wakes up: its claim is gone, so it may not start sending.
    expect(await a.markSending(mine!.id, mine!.claimToken)).toBe(false);
    expect(await b.markSending(theirs!.id, theirs!.claimToken)).toBe(true);
    expect(await b.finish(theirs!.id, theirs!.claimToken, { kind: 'sent' })).toBe('sent');
    expect(await a.finish(mine!.id, mine!.claimToken, { kind: 'sent' })).toBeNull();
    expect((await a.deliveriesOf(ada.id))[0]).toMatchObject({ state: 'sent', attempts: 1, lastError: null });
  });

  it('a send whose lease ran out is in doubt: shown, never resent by itself, resent at the member\'s word', async () => {
    const ada = await t.member();
    const watchId = await t.newWatchId();
    await t.subscriptions().subscribe({ memberId: ada.id, watchId, cadence: 'daily', channel: 'email', target: 'ada@example.test' });
    const a = t.outbox({ sendLeaseMs: 200 }, t.node());
    const b = t.outbox({ sendLeaseMs: 200 }, t.node());
    await a.enqueue({ watchId, cadence: 'daily', periodKey: 'day:2026-11-28', items: items() });
    const [d] = await a.claim('node-a', 5);
    expect(await a.markSending(d!.id, d!.claimToken)).toBe(true);
    await t.expireLeases();
    expect(await b.sweep()).toMatchObject({ requeued: 0, uncertain: 1 });
    expect(await b.claim('node-b', 5)).toEqual([]);
    const [view] = await b.deliveriesOf(ada.id);
    expect(view).toMatchObject({ state: 'uncertain', lastError: IN_DOUBT, nextAttemptAt: null });
    // The node that sent it may still settle the doubt.
    expect(await a.finish(d!.id, d!.claimToken, { kind: 'sent' })).toBe('sent');
    expect(await b.resend(ada.id, d!.id)).toBe(false);
    // Another one in doubt: the member resends it; someone else cannot.
    await a.enqueue({ watchId, cadence: 'daily', periodKey: 'day:2026-11-29', items: items() });
    const [e] = await a.claim('node-a', 5);
    await a.markSending(e!.id, e!.claimToken);
    await t.expireLeases();
    await b.sweep();
    const bo = await t.member('Bo B');
    expect(await b.resend(bo.id, e!.id)).toBe(false);
    expect(await b.resend(ada.id, e!.id)).toBe(true);
    expect((await b.claim('node-b', 5)).map((x) => x.id)).toEqual([e!.id]);
  });

  it('retries a failed attempt with exponential backoff, then gives up and says why', async () => {
    const ada = await t.member();
    const watchId = await t.newWatchId();
    await t.subscriptions().subscribe({ memberId: ada.id, watchId, cadence: 'daily', channel: 'email', target: 'ada@example.test' });
    const o = t.outbox({ retry: { baseMs: 60_000, capMs: 300_000, maxAttempts: 4 }, random: () => 0 });
    await o.enqueue({ watchId, cadence: 'daily', periodKey: 'day:2026-11-28', items: items() });
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 4; attempt++) {
      const [d] = await o.claim('n', 5);
      expect(d).toBeDefined();
      await o.markSending(d!.id, d!.claimToken);
      expect(await o.finish(d!.id, d!.claimToken, { kind: 'retry', reason: 'The SMTP server could not take it (451)' })).toBe('failed');
      const r = await t.pool.query<{ s: number | null }>('select extract(epoch from next_attempt_at - now())::float as s from digest_deliveries');
      if (r.rows[0]!.s !== null) waits.push(Math.round(r.rows[0]!.s));
      expect(await o.claim('n', 5)).toEqual([]);
      await t.due();
    }
    expect(waits).toEqual([60, 120, 240]);
    const [view] = await o.deliveriesOf(ada.id);
    expect(view).toMatchObject({ state: 'failed', attempts: 4, nextAttemptAt: null, lastError: 'Gave up after 4 attempts. The SMTP server could not take it (451)' });
    // A Retry-After longer than the backoff wins.
    expect(await o.resend(ada.id, view!.id)).toBe(true);
    const [d] = await o.claim('n', 5);
    await o.markSending(d!.id, d!.claimToken);
    await o.finish(d!.id, d!.claimToken, { kind: 'retry', reason: 'Slack: 429', retryAfterMs: 600_000 });
    const r = await t.pool.query<{ s: number }>('select extract(epoch from next_attempt_at - now())::float as s from digest_deliveries');
    expect(Math.round(r.rows[0]!.s)).toBe(600);
  });

  it('an unsubscribe link ends the subscription and cancels what was queued; the token is stored only hashed', async () => {
    const ada = await t.member();
    const watchId = await t.newWatchId();
    const subs = t.subscriptions();
    const s = await subs.subscribe({ memberId: ada.id, watchId, cadence: 'daily', channel: 'slack', target: CANARY_HOOK });
    const url = subs.unsubscribeUrl('https://team.example.test/v1/digests/unsubscribe', s.id);
    const token = new URL(url).searchParams.get('token')!;
    expect(token).toMatch(/^[\w-]{43}$/);
    await t.outbox().enqueue({ watchId, cadence: 'daily', periodKey: 'day:2026-11-28', items: items() });
    expect(await subs.unsubscribe(tamperedToken(token))).toBeNull();
    expect(await subs.unsubscribe(token)).toMatchObject({ id: s.id, channel: 'slack' });
    expect(await subs.unsubscribe(token)).toBeNull();
    expect(await subs.list(ada.id)).toEqual([]);
    expect((await t.outbox().deliveriesOf(ada.id))[0]).toMatchObject({ state: 'cancelled' });
    expect(await t.outbox().claim('n', 5)).toEqual([]);
    const dump = await t.dump();
    expect(dump).not.toContain(token);
    expect(dump).not.toContain('CanaryWebhookToken');
    expect(dump).not.toContain('T0CANARY');
  });
});
