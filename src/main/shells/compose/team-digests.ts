// Digests on a server node: the outbox and subscriptions over the team's database, immediate
// digests fed from finished checks, daily and weekly ones from the periods (in the team's time
// zone) that ended, and this node's delivery worker every few seconds (one run at
// a time; stopped at close). Without SMTP settings e-mail deliveries fail with a sentence the member
// sees; webhooks still go.
import type pg from 'pg';
import { feedImmediateDigests } from '../../features/digests/check-feed';
import { createMailChannel, type SmtpSettings } from '../../features/digests/deliver';
import { createOutbox, type Outbox } from '../../features/digests/outbox';
import { feedPeriodDigests } from '../../features/digests/period-feed';
import { digestKeys } from '../../features/digests/sealed';
import { createSubscriptions, type Subscriptions } from '../../features/digests/subscriptions';
import { createDigestWorker, type DigestLogEvent } from '../../features/digests/worker';

export interface TeamDigestSettings {
  /** At least 32 random bytes: seals targets, signs unsubscribe links. */
  key: Buffer;
  /** The server's public https address: unsubscribe links point there. */
  publicUrl: string;
  smtp: SmtpSettings | null;
  pollSeconds: number;
  log?(e: DigestLogEvent): void;
}

export interface TeamDigests {
  outbox: Outbox;
  subscriptions: Subscriptions;
  /** Queues the immediate digests of checks that ended (safe to call on any node, any time). */
  feed(): Promise<number>;
  /** Queues the daily and weekly digests of days and weeks that ended by `at` (default the database's now; safe on any node, any time; at each tick). */
  feedPeriods(at?: Date): Promise<number>;
  stop(): Promise<void>;
}

/** `timeZone` is the team's (`watches.timeZone`): where daily and weekly digests' days begin. */
export function startTeamDigests(pool: pg.Pool, nodeId: string, s: TeamDigestSettings, timeZone: string): TeamDigests {
  const keys = digestKeys(s.key);
  const outbox = createOutbox({ pool });
  const subscriptions = createSubscriptions({ pool, keys });
  const worker = createDigestWorker({
    outbox,
    subscriptions,
    keys,
    mail: s.smtp ? createMailChannel(s.smtp) : null,
    unsubscribeBase: `${s.publicUrl.replace(/\/+$/, '')}/unsubscribe`,
    // Chat messages link to the server's page that offers the firmscope:// link (open-routes.ts).
    openVia: `${s.publicUrl.replace(/\/+$/, '')}/open`,
    nodeId,
    log: s.log,
  });
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const timer = setInterval(() => {
    // One run at a time: a slow SMTP server never stacks runs.
    running = running.then(() => (stopped ? undefined : worker.runOnce().catch(() => undefined)));
  }, s.pollSeconds * 1000);
  timer.unref();
  return {
    outbox,
    subscriptions,
    feed: () => feedImmediateDigests(pool, outbox),
    feedPeriods: (at) => feedPeriodDigests(pool, outbox, { timeZone, ...(at ? { now: at } : {}) }),
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
