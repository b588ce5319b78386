// Digest subscriptions as the team server takes them (POST /v1/subscriptions), written once for the
// server and the desktop's Team screens.
import { z } from 'zod';

export const DigestSubscribeSchema = z.strictObject({
  watchId: z.uuid('Not a team watch id'),
  cadence: z.enum(['immediate', 'daily', 'weekly'], 'Choose immediately, daily or weekly'),
  channel: z.enum(['email', 'slack', 'teams'], 'Choose e-mail, Slack or Teams'),
  /** An e-mail address or an incoming-webhook URL; e-mail without one: the member's own address. */
  target: z.string().trim().max(2048).optional(),
});
export type DigestSubscribe = z.infer<typeof DigestSubscribeSchema>;
