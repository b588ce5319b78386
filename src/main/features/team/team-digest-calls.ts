// A member's digests as the desktop asks the team server for them: subscriptions (follow a watch by
// e-mail, Slack or Teams, immediately, daily or weekly; stop), and deliveries (what was sent, what
// failed and why; send one again). A webhook URL goes to the server once, in the subscribe call, and
// is kept nowhere here: the server answers with a hint of it only.
import { z } from 'zod';
import { DigestDeliverySchema, DigestSubscriptionSchema, type DigestDelivery, type DigestSubscribe, type DigestSubscription } from '../../../shared/team/digests';
import type { TeamConnection } from './team-connection';

const SubscriptionsAnswer = z.object({ subscriptions: z.array(DigestSubscriptionSchema) });
const SubscriptionAnswer = z.object({ subscription: DigestSubscriptionSchema });
const DeliveriesAnswer = z.object({ deliveries: z.array(DigestDeliverySchema) });
const Queued = z.object({ queued: z.literal(true) });

export function createTeamDigestCalls(connection: Pick<TeamConnection, 'asMember'>) {
  return {
    async subscriptions(): Promise<DigestSubscription[]> {
      return (await connection.asMember('GET', '/v1/subscriptions', SubscriptionsAnswer)).subscriptions;
    },
    async subscribe(input: DigestSubscribe): Promise<DigestSubscription> {
      return (await connection.asMember('POST', '/v1/subscriptions', SubscriptionAnswer, input)).subscription;
    },
    async unsubscribe(subscriptionId: string): Promise<void> {
      await connection.asMember('DELETE', `/v1/subscriptions/${encodeURIComponent(subscriptionId)}`, z.unknown());
    },
    async deliveries(): Promise<DigestDelivery[]> {
      return (await connection.asMember('GET', '/v1/deliveries', DeliveriesAnswer)).deliveries;
    },
    async resend(deliveryId: string): Promise<void> {
      await connection.asMember('POST', `/v1/deliveries/${encodeURIComponent(deliveryId)}/resend`, Queued);
    },
  };
}
