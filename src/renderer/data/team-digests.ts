// react-query hooks of the member's digests on the team server: subscriptions (follow a team watch
// by e-mail, Slack or Teams; stop) and deliveries (sent, waiting, failed and why; send again).
// Deliveries are asked again every 5 s while one waits to be sent, else every minute.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DigestSubscribe } from '../../shared/team/digests';
import { teamCalls } from './team';

export const teamDigestKeys = {
  subscriptions: ['team', 'digests', 'subscriptions'] as const,
  deliveries: ['team', 'digests', 'deliveries'] as const,
};

const WAITING = new Set(['queued', 'claimed', 'sending']);

export function useDigestSubscriptions(enabled = true) {
  return useQuery({ queryKey: teamDigestKeys.subscriptions, queryFn: () => teamCalls.subscriptions(), enabled, retry: false });
}

export function useDigestDeliveries(enabled = true) {
  return useQuery({
    queryKey: teamDigestKeys.deliveries,
    queryFn: () => teamCalls.deliveries(),
    enabled,
    retry: false,
    refetchInterval: (q) => (q.state.data?.some((d) => WAITING.has(d.state) || (d.state === 'failed' && d.nextAttemptAt)) ? 5_000 : 60_000),
  });
}

/**
 * Follow a watch's digests. The variables hold no target: a webhook URL is a secret and react-query
 * keeps variables in its cache, so the target is read from `takeTarget` at call time.
 */
export function useSubscribeDigest(takeTarget: () => string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: Omit<DigestSubscribe, 'target'>) => {
      const target = takeTarget().trim();
      return teamCalls.subscribe({ ...v, ...(target ? { target } : {}) });
    },
    onSuccess: () => void qc.invalidateQueries({ queryKey: teamDigestKeys.subscriptions }),
  });
}

export function useUnsubscribeDigest() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { subscriptionId: string }) => teamCalls.unsubscribe(v),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['team', 'digests'] }),
  });
}

export function useResendDigest() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { deliveryId: string }) => teamCalls.resend(v),
    onSuccess: () => void qc.invalidateQueries({ queryKey: teamDigestKeys.deliveries }),
  });
}
