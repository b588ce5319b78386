// Where a digest may go. A webhook URL is a secret (whoever has it posts into the channel) and the
// server posts to it: https only, no credentials in it, and only to the hosts Slack and Teams
// webhooks live on (plain http and 127.0.0.1 only when the settings list a loopback host, for tests),
// so a member cannot aim the server at an internal address. What a member is shown is a hint.
import { z } from 'zod';
import { isLoopbackHost } from '../../../shared/profile';

export type Channel = 'email' | 'slack' | 'teams';
export const CHANNELS: readonly Channel[] = ['email', 'slack', 'teams'];

/** Hosts (or `*.suffix`) each webhook channel may post to. */
export type WebhookHosts = Record<'slack' | 'teams', readonly string[]>;
export const DEFAULT_WEBHOOK_HOSTS: WebhookHosts = {
  slack: ['hooks.slack.com'],
  // Office 365 connectors (retiring), Workflows on Logic Apps, Workflows on Power Platform.
  teams: ['*.webhook.office.com', '*.logic.azure.com', '*.environment.api.powerplatform.com'],
};

const MAX_URL = 2048;
const Email = z.email().max(320);

const hostAllowed = (host: string, allowed: readonly string[]) =>
  allowed.some((a) => (a.startsWith('*.') ? host.endsWith(a.slice(1)) && host.length > a.length - 1 : host === a.toLowerCase()));

/** Why `url` may not be this channel's webhook, in words; null when it may. */
export function webhookUrlProblem(channel: 'slack' | 'teams', url: string, hosts: WebhookHosts = DEFAULT_WEBHOOK_HOSTS): string | null {
  const name = channel === 'slack' ? 'Slack' : 'Teams';
  if (url.length > MAX_URL || !URL.canParse(url)) return `Paste the whole ${name} webhook URL (it starts with https://).`;
  const u = new URL(url);
  if (u.username || u.password) return 'A webhook URL carries no user name or password.';
  const loopback = isLoopbackHost(u.hostname);
  if (u.protocol !== 'https:' && !(u.protocol === 'http:' && loopback)) return `A ${name} webhook URL starts with https://.`;
  if (!hostAllowed(u.hostname.toLowerCase(), hosts[channel])) return `This server posts ${name} digests only to ${hosts[channel].join(', ')}: ask your team admin.`;
  return null;
}

/** Why `target` cannot receive this channel's digests; null when it can. */
export function targetProblem(channel: Channel, target: string, hosts?: WebhookHosts): string | null {
  if (channel === 'email') return Email.safeParse(target).success ? null : 'Enter an e-mail address like ada@example.com.';
  return webhookUrlProblem(channel, target, hosts);
}

/** What a member sees of a target: their e-mail address; of a webhook only its host and last characters. */
export function targetHint(channel: Channel, target: string): string {
  if (channel === 'email') return target;
  const u = new URL(target);
  return `${u.host}/…${u.pathname.replace(/\/+$/, '').slice(-4)}`;
}

/** The parts of a webhook URL that are secret, to blank from any text: the URL, its path and query. */
export function webhookSecrets(url: string): string[] {
  if (!URL.canParse(url)) return [url];
  const u = new URL(url);
  return [url, `${u.pathname}${u.search}`, u.pathname, ...u.pathname.split('/').filter((p) => p.length >= 8), ...[...u.searchParams.values()].filter((v) => v.length >= 8)];
}
