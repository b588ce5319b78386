// Digests by e-mail through a real SMTP server (smtp-server on 127.0.0.1): STARTTLS with a
// certificate of a test CA, AUTH PLAIN/LOGIN required and refused before TLS. nodemailer sends with
// requireTLS; the receiver reads the subject, both parts, the deep links, the unsubscribe link and
// header. A wrong password fails with a clear reason and is retried later with backoff; neither
// password is ever in the database, an error or the log.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMailChannel, type SmtpSettings } from '../../../../src/main/features/digests/deliver';
import { renderMail } from '../../../../src/main/features/digests/render';
import { createDigestWorker, type DigestLogEvent } from '../../../../src/main/features/digests/worker';
import { generateTestCa, type TestCa } from '../../../helpers/net-helpers';
import { postgresMissing } from '../../../helpers/postgres';
import { digestOf, SEARCH_WATCH, thousandChanges } from './helpers/digest-fixture';
import { startDigestDb, type DigestDb } from './helpers/digest-db';
import { parseRawMail } from './helpers/raw-mail';
import { SMTP_PASSWORD, SMTP_USER, startSmtp } from './helpers/smtp-receiver';

const USER = SMTP_USER;
const PASSWORD = SMTP_PASSWORD;
const WRONG = 'Canary-Wrong-Pass-8a2f6c04';
const UNSUBSCRIBE = 'https://team.example.test/v1/digests/unsubscribe';

describe.skipIf(postgresMissing() !== null)('digests by e-mail over SMTP with STARTTLS', () => {
  let t: DigestDb;
  let ca: TestCa;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  const logged: DigestLogEvent[] = [];
  const settings = (o: Partial<SmtpSettings> = {}): SmtpSettings => ({ host: '127.0.0.1', port: smtp.port, user: USER, password: PASSWORD, from: 'Firmscope <digests@example.test>', ca: readFileSync(ca.caFile, 'utf8'), timeoutMs: 20_000, ...o });
  const worker = (s: SmtpSettings | null, nodeId = 'node-a') => {
    const mail = s && createMailChannel(s);
    return createDigestWorker({ outbox: t.outbox({ random: () => 0 }), subscriptions: t.subscriptions(), keys: t.keys, mail, unsubscribeBase: UNSUBSCRIBE, nodeId, log: (e) => logged.push(e) });
  };

  beforeAll(async () => {
    ca = generateTestCa();
    [t, smtp] = await Promise.all([startDigestDb(), startSmtp(ca)]);
  }, 120_000);
  afterAll(async () => {
    await smtp?.close();
    await t?.stop();
    ca?.cleanup();
  });
  beforeEach(async () => {
    await t.clear();
    // The fixture's watch, as a real team watch (digests reference team_watches).
    await t.newWatchId(SEARCH_WATCH.id);
    smtp.received.length = 0;
    smtp.authTries.length = 0;
  });

  async function subscribed(period = 'day:2026-11-28') {
    const ada = await t.member();
    const sub = await t.subscriptions().subscribe({ memberId: ada.id, watchId: SEARCH_WATCH.id, cadence: 'daily', channel: 'email', target: 'ada@example.test' });
    const { digestId } = await t.outbox().enqueue({ watchId: SEARCH_WATCH.id, cadence: 'daily', periodKey: period, items: thousandChanges() });
    return { ada, sub, digestId };
  }

  it('sends a digest over STARTTLS, signed in: subject, both parts, deep links, unsubscribe link and header', async () => {
    const { ada, sub } = await subscribed();
    expect(await worker(settings()).runOnce()).toMatchObject({ sent: 1, failed: 0, uncertain: 0 });
    expect(smtp.received).toHaveLength(1);
    const got = smtp.received[0]!;
    expect(got).toMatchObject({ secure: true, user: USER, to: ['ada@example.test'] });
    expect(smtp.authTries).toEqual(['tls']);
    const mail = parseRawMail(got.raw);
    const expected = renderMail({ ...digestOf(thousandChanges()), member: { name: 'Ada Analyst' } });
    expect(mail.headers.get('subject')).toBe(expected.subject);
    const [view] = await t.outbox().deliveriesOf(ada.id);
    expect(view).toMatchObject({ state: 'sent', attempts: 1, lastError: null });
    expect(mail.headers.get('message-id')).toBe(`<digest.${view!.id}@example.test>`);
    const unsubscribeUrl = t.subscriptions().unsubscribeUrl(UNSUBSCRIBE, sub.id);
    expect(mail.headers.get('list-unsubscribe')).toBe(`<${unsubscribeUrl}> (Unsubscribe)`);
    expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(mail.headers.get('auto-submitted')).toBe('auto-generated');
    expect(mail.parts.map((p) => p.type)).toEqual(['text/plain', 'text/html']);
    const [text, html] = mail.parts.map((p) => p.body.replace(/\r\n/g, '\n'));
    expect(text).toContain('500 companies entered ‘DE manufacturing > 500’');
    expect(text).toContain(`Open in Firmscope: firmscope://watches/${SEARCH_WATCH.id}/changes?check=101`);
    expect(text).toContain(`Unsubscribe: ${unsubscribeUrl}`);
    expect(html).toContain(`<a href="firmscope://watches/${SEARCH_WATCH.id}/changes?check=101&amp;company=c00000">Company 0 GmbH</a>`);
    expect(html).toContain(`<a href="${unsubscribeUrl}">Unsubscribe</a>`);
    // The link works, once.
    expect(await t.subscriptions().unsubscribe(new URL(unsubscribeUrl).searchParams.get('token')!)).toMatchObject({ id: sub.id });
  });

  it('a wrong password: failed with the reason, retried later with backoff, sent once the password is right; no password anywhere', async () => {
    const { ada } = await subscribed();
    expect(await worker(settings({ password: WRONG })).runOnce()).toMatchObject({ sent: 0, failed: 1 });
    expect(smtp.received).toHaveLength(0);
    const [failed] = await t.outbox().deliveriesOf(ada.id);
    expect(failed).toMatchObject({ state: 'failed', attempts: 1 });
    expect(failed!.lastError).toMatch(/^The SMTP server 127\.0\.0\.1:\d+ refused the sign-in \(535 Invalid username or password\): check the SMTP user and password/);
    const wait = (Date.parse(failed!.nextAttemptAt!) - Date.now()) / 1000;
    expect(wait).toBeGreaterThan(50);
    expect(wait).toBeLessThan(70);
    // Not due yet: nothing is tried.
    expect(await worker(settings()).runOnce()).toMatchObject({ sent: 0, failed: 0 });
    await t.due();
    expect(await worker(settings({ password: WRONG })).runOnce()).toMatchObject({ failed: 1 });
    const [again] = await t.outbox().deliveriesOf(ada.id);
    expect((Date.parse(again!.nextAttemptAt!) - Date.now()) / 1000).toBeGreaterThan(110);
    // The admin fixes the password: the next attempt goes through, once.
    await t.due();
    expect(await worker(settings()).runOnce()).toMatchObject({ sent: 1 });
    expect(smtp.received).toHaveLength(1);
    expect((await t.outbox().deliveriesOf(ada.id))[0]).toMatchObject({ state: 'sent', attempts: 3, lastError: null });
    const everything = `${await t.dump()}\n${JSON.stringify(logged)}\n${JSON.stringify(await t.outbox().deliveriesOf(ada.id))}\n${failed!.lastError}`;
    for (const secret of [PASSWORD, WRONG, Buffer.from(`\u0000${USER}\u0000${WRONG}`).toString('base64'), Buffer.from(WRONG).toString('base64')]) expect(everything).not.toContain(secret);
  });

  it('never sends in the clear: an untrusted certificate or no STARTTLS fails before signing in, and is retried', async () => {
    const { ada } = await subscribed();
    expect(await worker(settings({ ca: undefined })).runOnce()).toMatchObject({ failed: 1 });
    let [view] = await t.outbox().deliveriesOf(ada.id);
    expect(view).toMatchObject({ state: 'failed', lastError: expect.stringMatching(/^No secure connection to the SMTP server 127\.0\.0\.1:\d+: its certificate is not trusted \(UNABLE_TO_VERIFY_LEAF_SIGNATURE\)/) });
    expect(view!.nextAttemptAt).not.toBeNull();
    const plain = await startSmtp(ca, { disabledCommands: ['STARTTLS'], allowInsecureAuth: true });
    try {
      await t.due();
      expect(await worker(settings({ port: plain.port })).runOnce()).toMatchObject({ failed: 1 });
      [view] = await t.outbox().deliveriesOf(ada.id);
      expect(view!.lastError).toMatch(/No secure connection to the SMTP server 127\.0\.0\.1:\d+: it must offer STARTTLS/);
      expect(plain.authTries).toEqual([]);
      expect(plain.received).toEqual([]);
    } finally {
      await plain.close();
    }
    expect(smtp.received).toEqual([]);
  });

  it('e-mail not set up: the delivery is refused with a reason the member can act on', async () => {
    const { ada } = await subscribed();
    expect(await worker(null).runOnce()).toMatchObject({ failed: 1 });
    expect((await t.outbox().deliveriesOf(ada.id))[0]).toMatchObject({ state: 'failed', nextAttemptAt: null, lastError: 'E-mail is not set up on this team server: ask your team admin.' });
  });
});
