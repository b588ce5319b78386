// The desktop's team inbox and digest calls against the real team server (Fastify on a real
// PostgreSQL, checking a sandbox on a manual clock, mailing a real SMTP receiver): the inbox's read
// marks per member, following a watch by e-mail and Slack (the webhook URL never comes back), a
// digest sent and listed, and refusals said in the server's words.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { addressRuns } from '../../../../src/main/features/watches/address-moves';
import { createMemoryVault } from '../../../../src/main/platform/secrets/memory-vault';
import { createTeamConnection, type TeamConnection } from '../../../../src/main/features/team/team-connection';
import { createTeamDigestCalls } from '../../../../src/main/features/team/team-digest-calls';
import { createTeamInboxCalls } from '../../../../src/main/features/team/team-inbox-calls';
import { createTeamWatchCalls } from '../../../../src/main/features/team/team-watch-calls';
import { parseRawMail } from '../digests/helpers/raw-mail';
import type { TeamCore } from '../../../../src/main/shells/compose/create-team-core';
import { startDigestNode, type DigestNode } from '../../../helpers/digest-node';
import { postgresMissing } from '../../../helpers/postgres';
import { SMTP_PASSWORD } from '../digests/helpers/smtp-receiver';
import { memorySettings } from '../search/fake-deps';

const DE = { filters: { and: [{ attribute: 'country', relation: 'equals', value: 'DE' }] } };
const HOOK = 'https://hooks.slack.com/services/T0CANARY/B0CANARY/CanaryWebhookToken42';

describe.skipIf(postgresMissing() !== null)('the team inbox and digests from the desktop', () => {
  let node: DigestNode;
  let serverUrl: string;
  let core: TeamCore;
  beforeAll(async () => {
    node = await startDigestNode();
    ({ core, base: serverUrl } = node);
  }, 120_000);
  afterAll(async () => {
    await node?.close();
  });

  async function join(name: string, email: string): Promise<TeamConnection> {
    const team = createTeamConnection({ settings: memorySettings(), vault: createMemoryVault(), typedCaFile: true, now: () => Date.now(), onChange: () => {}, fetchFor: async () => fetch });
    await team.connect({ serverUrl, inviteCode: (await core.members.invite({ name, email })).inviteCode });
    return team;
  }

  it('inbox: the check with changes, unread for each member until that member reads it', async () => {
    const ada = await join('Ada Analyst', 'ada@example.test');
    const bo = await join('Bo Buyer', 'bo@example.test');
    const item = await ada.asMember('POST', '/v1/items', z.object({ item: z.object({ id: z.string() }) }), { kind: 'search', name: 'DE companies', body: DE, pageSize: 200 });
    const watch = await ada.asMember('POST', '/v1/watches', z.object({ watch: z.object({ id: z.string() }) }), { name: 'DE companies', itemId: item.item.id, schedule: { kind: 'hourly' } });
    const digests = createTeamDigestCalls(ada);
    const sub = await digests.subscribe({ watchId: watch.watch.id, cadence: 'immediate', channel: 'email' });
    expect(sub).toMatchObject({ cadence: 'immediate', channel: 'email', targetHint: 'ada@example.test' });
    const checkNow = async () => {
      const { checkId } = await ada.asMember('POST', `/v1/watches/${watch.watch.id}/check`, z.object({ checkId: z.number() }));
      await node.when(() => node.finished.get(checkId) === 'done');
      return checkId;
    };
    await checkNow();
    node.sandbox.control.stepEpochs(1);
    const second = await checkNow();

    const adaInbox = createTeamInboxCalls(ada);
    const boInbox = createTeamInboxCalls(bo);
    const page = await adaInbox.page({});
    expect(page).toMatchObject({ unread: 1, nextBefore: null, entries: [{ checkId: second, watch: { id: watch.watch.id, name: 'DE companies' }, item: { kind: 'search' }, read: false }] });
    expect(Object.values(page.entries[0]!.counts).reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    expect(await adaInbox.markRead({ checkIds: [second] })).toEqual({ changed: 1, unread: 0 });
    expect((await boInbox.page({})).unread).toBe(1);
    expect(await adaInbox.markUnread({ checkIds: [second] })).toEqual({ changed: 1, unread: 1 });
    expect(await adaInbox.markRead({ all: true, before: page.entries[0]!.finishedAt })).toMatchObject({ unread: 0 });

    // The immediate digest of that check: mailed once, listed as sent; a sent one is not sent again.
    await node.when(() => node.delivered.length === 1);
    const delivered = node.delivered;
    expect(node.smtp.received.map((m) => m.to)).toEqual([['ada@example.test']]);
    // The mail and what the desktop shows afterwards are the same changes: each listed change's link
    // names its company, in the order the app lists them; the rest is counted as "more in the app".
    const text = parseRawMail(node.smtp.received[0]!.raw).parts.find((p) => p.type.startsWith('text/plain'))!.body;
    const mailed = [...text.matchAll(/^ {2}firmscope:\/\/watches\/[^?\s]+\/changes\?check=(\d+)&company=([\w-]+)$/gm)];
    const shown = await createTeamWatchCalls(ada, () => Promise.reject(new Error('not shared here'))).changes(watch.watch.id, second);
    const more = Number(/and ([\d,]+) more in the app/.exec(text)?.[1]?.replace(/,/g, '') ?? 0);
    // A company's address move is one mailed change (watches/address-moves.ts), as in the workbook.
    const runs = [...addressRuns(shown, () => true)];
    expect(runs.length).toBeLessThan(shown.length);
    expect(mailed.length).toBeGreaterThan(0);
    expect(runs.slice(0, mailed.length).reduce((n, r) => n + r.length, 0) + more).toBe(shown.length);
    expect(mailed.map((m) => m[1])).toEqual(mailed.map(() => String(second)));
    expect(mailed.map((m) => m[2])).toEqual(runs.slice(0, mailed.length).map((r) => r[0]!.companyId));
    expect(Object.values(page.entries[0]!.counts).reduce((a, b) => a + b, 0)).toBe(shown.length);
    expect(text).not.toContain(SMTP_PASSWORD);
    const deliveries = await digests.deliveries();
    expect(deliveries).toMatchObject([{ id: delivered[0], watchId: watch.watch.id, channel: 'email', targetHint: 'ada@example.test', state: 'sent', periodKey: `check:${second}`, lastError: null }]);
    expect(await createTeamDigestCalls(bo).deliveries()).toEqual([]);
    await expect(digests.resend(delivered[0]!)).rejects.toMatchObject({ code: 'invalid_input', message: expect.stringMatching(/only failed or uncertain/) as unknown });
  });

  it('digests: a Slack webhook goes to the server once and comes back only as a hint; bad input is refused in its words', async () => {
    const cy = await join('Cy Clear', 'cy@example.test');
    const item = await cy.asMember('POST', '/v1/items', z.object({ item: z.object({ id: z.string() }) }), { kind: 'search', name: 'DE', body: DE, pageSize: 200 });
    const watch = await cy.asMember('POST', '/v1/watches', z.object({ watch: z.object({ id: z.string() }) }), { name: 'DE', itemId: item.item.id, schedule: { kind: 'daily', at: '08:00' } });
    const digests = createTeamDigestCalls(cy);
    const slack = await digests.subscribe({ watchId: watch.watch.id, cadence: 'weekly', channel: 'slack', target: HOOK });
    expect(slack).toMatchObject({ channel: 'slack', cadence: 'weekly', targetHint: 'hooks.slack.com/…en42' });
    await expect(digests.subscribe({ watchId: watch.watch.id, cadence: 'daily', channel: 'email', target: 'not-an-address' })).rejects.toMatchObject({ code: 'invalid_input', message: 'Enter an e-mail address like ada@example.com.' });
    await expect(digests.subscribe({ watchId: watch.watch.id, cadence: 'daily', channel: 'teams', target: 'https://evil.example.com/hook' })).rejects.toMatchObject({ code: 'invalid_input', message: expect.stringMatching(/posts Teams digests only to/) as unknown });
    const listed = await digests.subscriptions();
    expect(listed).toEqual([slack]);
    expect(JSON.stringify(listed)).not.toContain('CanaryWebhookToken');
    await digests.unsubscribe(slack.id);
    expect(await digests.subscriptions()).toEqual([]);
    await expect(digests.unsubscribe(slack.id)).rejects.toMatchObject({ code: 'invalid_input', message: 'No such subscription of yours.' });
    expect(cy.status().state).toBe('connected');
  });
});
