// Digests on a running server node: a member follows a team watch "immediately" by e-mail over
// HTTP; two checks with the sandbox's data moved in between; exactly one mail arrives at a real SMTP
// server (STARTTLS, signed in) with the check's headline, as many changes as the check stored, and
// an unsubscribe link. Opening that link (GET) changes nothing; its button (POST) ends the
// subscription, and the next check with changes sends no mail. The SMTP password is in no answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresMissing } from '../../../helpers/postgres';
import { startDigestNode, type DigestNode } from '../../../helpers/digest-node';
import { parseRawMail } from '../../features/digests/helpers/raw-mail';
import { SMTP_PASSWORD } from '../../features/digests/helpers/smtp-receiver';

const DE = { filters: { and: [{ attribute: 'country', relation: 'equals', value: 'DE' }] } };

describe.skipIf(postgresMissing() !== null)('digests from a running server node', () => {
  let node: DigestNode;
  beforeAll(async () => {
    node = await startDigestNode();
  }, 120_000);
  afterAll(async () => {
    await node?.close();
  });

  it('one mail per check with changes while subscribed; the link asks before it unsubscribes', async () => {
    const { inviteCode } = await node.core.members.invite({ name: 'Ada Analyst', email: 'ada@example.test' });
    const { token } = await node.core.members.redeem(inviteCode, '127.0.0.7');
    const call = async (method: string, path: string, body?: unknown) => {
      const r = await fetch(`${node.base}${path}`, { method, headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
      const text = await r.text();
      return { status: r.status, body: (text ? JSON.parse(text) : null) as Record<string, any>, text };
    };
    const item = await call('POST', '/v1/items', { kind: 'search', name: 'DE companies', body: DE, pageSize: 200 });
    const watch = (await call('POST', '/v1/watches', { name: 'DE companies', itemId: item.body.item.id, schedule: { kind: 'hourly' } })).body.watch;
    const sub = await call('POST', '/v1/subscriptions', { watchId: watch.id, cadence: 'immediate', channel: 'email' });
    expect(sub.status).toBe(201);
    expect(sub.body.subscription).toMatchObject({ watchId: watch.id, cadence: 'immediate', channel: 'email', targetHint: expect.stringContaining('ada@') as unknown });
    const checkNow = async () => {
      const id = (await call('POST', `/v1/watches/${watch.id}/check`)).body.checkId as number;
      await node.when(() => node.finished.get(id) === 'done');
      return id;
    };

    // The baseline finds nothing: no mail. Then the data moves and the next check mails once.
    await checkNow();
    node.sandbox.control.stepEpochs(1);
    const second = await checkNow();
    await node.when(() => node.smtp.received.length === 1);
    const stored = (await call('GET', `/v1/watches/${watch.id}/changes?check=${second}`)).body.changes.length as number;
    expect(stored).toBeGreaterThan(0);
    const mail = parseRawMail(node.smtp.received[0]!.raw);
    expect(node.smtp.received[0]!.secure).toBe(true);
    expect(node.smtp.received[0]!.to).toEqual(['ada@example.test']);
    expect(mail.headers.get('subject')).toMatch(/‘DE companies’/);
    const text = mail.parts.find((p) => p.type.startsWith('text/plain'))!.body;
    expect(text).toContain(`firmscope://watches/${watch.id}/changes?check=${second}`);
    const unsubscribe = /https:\/\/team\.example\.test\/unsubscribe\?token=([A-Za-z0-9_-]{43})/.exec(text);
    expect(unsubscribe).not.toBeNull();
    const deliveries = (await call('GET', '/v1/deliveries')).body.deliveries as Array<{ state: string }>;
    expect(deliveries.map((d) => d.state)).toEqual(['sent']);

    // A mail scanner opening the link changes nothing; the page's button does.
    const look = await fetch(`${node.base}/unsubscribe?token=${unsubscribe![1]}`);
    expect(look.status).toBe(200);
    expect(await look.text()).toMatch(/Stop these digests\?.*<form method="post"/s);
    expect((await call('GET', '/v1/subscriptions')).body.subscriptions).toHaveLength(1);
    const done = await fetch(`${node.base}/unsubscribe?token=${unsubscribe![1]}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(done.status).toBe(200);
    expect(await done.text()).toMatch(/Unsubscribed/);
    expect((await call('GET', '/v1/subscriptions')).body.subscriptions).toEqual([]);

    // The next check with changes: its digest finds nobody to send to.
    node.sandbox.control.stepEpochs(1);
    const third = await checkNow();
    expect((await call('GET', `/v1/watches/${watch.id}/changes?check=${third}`)).body.changes.length).toBeGreaterThan(0);
    await node.core.digests!.feed();
    expect(node.smtp.received).toHaveLength(1);
    expect(JSON.stringify([sub.body, deliveries, node.events])).not.toContain(SMTP_PASSWORD);
  });
});
