// One node's digest sender: sweep the leases that ran out, claim a few due deliveries, and for each
// open its target, render it for its channel, mark it sending (only then may a byte leave), send,
// and record the outcome. Run by each node every few seconds; the outbox keeps them from ever
// sending one delivery twice (outbox.ts). What it logs names deliveries, never targets or texts.
import { DEEP_LINK_BASE } from '../../../shared/team/deep-link';
import { postWebhook, type MailChannel, type WebhookOptions } from './deliver';
import type { DigestInput } from './digest-model';
import type { ClaimedDelivery, DeliveryState, Outbox, SendOutcome } from './outbox';
import { renderMail, renderSlack, renderTeams } from './render';
import type { DigestKeys } from './sealed';
import type { Subscriptions } from './subscriptions';

export interface DigestLogEvent {
  event: 'digest.delivery' | 'digest.sweep';
  deliveryId?: string;
  channel?: string;
  state?: DeliveryState | 'lost_claim';
  reason?: string;
  requeued?: number;
  uncertain?: number;
}

export interface DigestWorkerOptions {
  outbox: Outbox;
  subscriptions: Subscriptions;
  keys: DigestKeys;
  /** null: no SMTP server set up (e-mail deliveries fail, shown to the member). */
  mail: MailChannel | null;
  webhooks?: WebhookOptions;
  /** The team server's public unsubscribe address (https), `?token=` is appended. */
  unsubscribeBase: string;
  appBase?: string;
  /**
   * The team server's https page that opens a deep link (digest-model.ts DigestLinks.openVia),
   * used in chat messages only (chat clients make only http(s) links clickable; mail keeps the
   * firmscope:// link itself); default none.
   */
  openVia?: string;
  /** Who holds a claim, for the operator: host and process. */
  nodeId: string;
  /** Deliveries claimed at once (each holds a lease while the ones before it are sent). */
  batch?: number;
  log?: (e: DigestLogEvent) => void;
}

export interface RunResult {
  sent: number;
  failed: number;
  uncertain: number;
  requeued: number;
}

export function createDigestWorker(o: DigestWorkerOptions) {
  const log = o.log ?? (() => undefined);
  const appBase = o.appBase ?? DEEP_LINK_BASE;

  async function send(d: ClaimedDelivery, target: string, input: DigestInput): Promise<SendOutcome> {
    if (d.channel === 'email') return o.mail!.send({ deliveryId: d.id, to: target, mail: renderMail(input), unsubscribeUrl: input.links.unsubscribeUrl });
    return postWebhook(d.channel, target, d.channel === 'slack' ? renderSlack(input) : renderTeams(input), o.webhooks);
  }

  /** Whatever is thrown before the send settles nothing: refused for good, shown, resendable. */
  async function prepare(d: ClaimedDelivery): Promise<{ target: string; input: DigestInput } | { reason: string }> {
    if (d.channel === 'email' && !o.mail) return { reason: 'E-mail is not set up on this team server: ask your team admin.' };
    let target: string;
    try {
      target = o.keys.open(d.targetSealed, d.subscriptionId);
    } catch (e) {
      return { reason: (e as Error).message };
    }
    const unsubscribeUrl = o.subscriptions.unsubscribeUrl(o.unsubscribeBase, d.subscriptionId);
    return { target, input: { member: { name: d.memberName }, cadence: d.cadence, items: d.content.items, links: { appBase, unsubscribeUrl, ...(o.openVia && d.channel !== 'email' ? { openVia: o.openVia } : {}) } } };
  }

  async function deliverOne(d: ClaimedDelivery): Promise<DeliveryState | null> {
    const ready = await prepare(d);
    if ('reason' in ready) return o.outbox.finish(d.id, d.claimToken, { kind: 'rejected', reason: ready.reason });
    if (!(await o.outbox.markSending(d.id, d.claimToken))) {
      log({ event: 'digest.delivery', deliveryId: d.id, channel: d.channel, state: 'lost_claim' });
      return null;
    }
    let outcome: SendOutcome;
    try {
      outcome = await send(d, ready.target, ready.input);
    } catch {
      // Channels answer with outcomes; a throw after sending began says nothing of what arrived.
      outcome = { kind: 'uncertain', reason: 'The digest could not be sent to the end: it may or may not have arrived.' };
    }
    const state = await o.outbox.finish(d.id, d.claimToken, outcome);
    log({ event: 'digest.delivery', deliveryId: d.id, channel: d.channel, state: state ?? 'lost_claim', ...(outcome.kind === 'sent' ? {} : { reason: outcome.reason }) });
    return state;
  }

  return {
    async runOnce(): Promise<RunResult> {
      const swept = await o.outbox.sweep();
      if (swept.requeued || swept.uncertain) log({ event: 'digest.sweep', requeued: swept.requeued, uncertain: swept.uncertain });
      const result: RunResult = { sent: 0, failed: 0, uncertain: 0, requeued: swept.requeued };
      for (const d of await o.outbox.claim(o.nodeId, o.batch ?? 5)) {
        const state = await deliverOne(d);
        if (state === 'sent') result.sent++;
        else if (state === 'failed') result.failed++;
        else if (state === 'uncertain') result.uncertain++;
      }
      return result;
    },
  };
}

export type DigestWorker = ReturnType<typeof createDigestWorker>;
