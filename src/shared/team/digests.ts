// Digest subscriptions and deliveries as the team server takes and answers them (POST/GET
// /v1/subscriptions, GET /v1/deliveries), written once for the server and the desktop's Team screens.
// A webhook URL is a secret: it goes to the server once and comes back only as a hint.
import { z } from 'zod';

export const CADENCE_VALUES = ['immediate', 'daily', 'weekly'] as const;
export const CHANNEL_VALUES = ['email', 'slack', 'teams'] as const;

export const DigestSubscribeSchema = z.strictObject({
  watchId: z.uuid('Not a team watch id'),
  cadence: z.enum(CADENCE_VALUES, 'Choose immediately, daily or weekly'),
  channel: z.enum(CHANNEL_VALUES, 'Choose e-mail, Slack or Teams'),
  /** An e-mail address or an incoming-webhook URL; e-mail without one: the member's own address. */
  target: z.string().trim().max(2048, 'An address or webhook URL is at most 2,048 characters').optional(),
});
export type DigestSubscribe = z.infer<typeof DigestSubscribeSchema>;

export const DigestSubscriptionSchema = z.object({
  id: z.uuid(),
  watchId: z.uuid(),
  cadence: z.enum(CADENCE_VALUES),
  channel: z.enum(CHANNEL_VALUES),
  /** "ada@example.com", "hooks.slack.com/…/x9Qz": never a webhook URL in full. */
  targetHint: z.string(),
  createdAt: z.iso.datetime(),
});
export type DigestSubscription = z.infer<typeof DigestSubscriptionSchema>;

export const DELIVERY_STATES = ['queued', 'claimed', 'sending', 'sent', 'failed', 'uncertain', 'cancelled'] as const;

export const DigestDeliverySchema = z.object({
  id: z.uuid(),
  watchId: z.uuid(),
  channel: z.enum(CHANNEL_VALUES),
  targetHint: z.string(),
  cadence: z.enum(CADENCE_VALUES),
  /** "check:<id>", "day:2026-11-28", "week:2026-W48". */
  periodKey: z.string(),
  state: z.enum(DELIVERY_STATES),
  attempts: z.number().int(),
  /** When the next attempt is due (failed, queued); null when none will be made by itself. */
  nextAttemptAt: z.iso.datetime().nullable(),
  lastError: z.string().nullable(),
  sentAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});
export type DigestDelivery = z.infer<typeof DigestDeliverySchema>;

/** A delivery the member may send once more (the server's rule in outbox.resend). */
export const canResend = (d: Pick<DigestDelivery, 'state' | 'nextAttemptAt'>): boolean => d.state === 'uncertain' || (d.state === 'failed' && d.nextAttemptAt === null);
