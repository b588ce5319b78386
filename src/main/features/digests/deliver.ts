// The channels a digest leaves by, each answering with a SendOutcome (outbox.ts) whose reason a
// member may read: no password, no webhook URL, nothing of the server's settings.
// - E-mail: nodemailer's SMTP transport, STARTTLS required (requireTLS: never plain text), signed
//   in with the server's SMTP user; a deterministic Message-ID per delivery, List-Unsubscribe
//   (RFC 2369) with one-click (RFC 8058), Auto-Submitted so auto-replies stay away.
// - Slack and Teams: a POST of JSON to the webhook URL, which is checked again before each send
//   (https, an allowed host); redirects are not followed. 429, 408 and 5xx are tried again later
//   (Retry-After respected), any other 4xx is refused for good with its reason.
// Which failures are "in doubt": only those that can strike after the message has left, when the
// answer is lost (a connection broken or timed out mid-session). Failing to connect, resolve or
// agree on TLS, a refused sign-in and any answer of the server are certain: nothing was delivered.
import nodemailer, { type NodemailerError } from 'nodemailer';
import { redactCredentials } from '../../platform/api/redact-credentials';
import type { SendOutcome } from './outbox';
import type { MailDigest, SlackPayload, TeamsPayload } from './render';
import { clean } from './render-values';
import { DEFAULT_WEBHOOK_HOSTS, webhookSecrets, webhookUrlProblem, type WebhookHosts } from './targets';

export interface SmtpSettings {
  host: string;
  /** 587 (submission) as a rule: the connection starts plain and must be upgraded with STARTTLS. */
  port: number;
  user: string;
  password: string;
  /** "Firmscope <digests@example.com>"; its domain names the Message-IDs. */
  from: string;
  /** A PEM CA trusted instead of the system's (a company relay's own CA). */
  ca?: string;
  /** The whole send, from connecting to the server's answer (default 60 s, below the outbox's send lease). */
  timeoutMs?: number;
}

// Errors that come before anything was sent: nothing can have arrived.
const BEFORE_SENDING = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL', 'UND_ERR_CONNECT_TIMEOUT']);
const TLS_CODE = /CERT|SELF_SIGNED|UNABLE_TO_|ERR_TLS|ERR_SSL|HOSTNAME|ALTNAME/;
const certain = (code: string | undefined) => !!code && (BEFORE_SENDING.has(code) || TLS_CODE.test(code));

/** The Message-ID of a delivery: the same at every attempt and resend. */
export function messageIdOf(deliveryId: string, from: string): string {
  const domain = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1] ?? 'firmscope.invalid';
  return `<digest.${deliveryId}@${domain}>`;
}

function smtpOutcome(e: NodemailerError, s: SmtpSettings, secrets: string[]): SendOutcome {
  const said = (text: string | undefined) => (text ? ` (${redactCredentials(clean(text, 160), secrets)})` : '');
  const where = `the SMTP server ${s.host}:${s.port}`;
  const Where = `The SMTP server ${s.host}:${s.port}`;
  const original = e.originalCode ?? (e.cause as { code?: string } | undefined)?.code;
  switch (e.code) {
    case 'EAUTH':
    case 'ENOAUTH':
      return { kind: 'retry', reason: `${Where} refused the sign-in${said(e.response)}: check the SMTP user and password in the team server's settings.` };
    case 'ETLS':
    case 'EREQUIRETLS':
      return { kind: 'retry', reason: `No secure connection to ${where}: it must offer STARTTLS with a certificate this server trusts${said(original)}.` };
    case 'EDNS':
      return { kind: 'retry', reason: `${Where} could not be found${said(original)}.` };
  }
  if (e.responseCode) {
    const reason = `${Where} refused the digest${said(e.response)}`;
    return e.permanent ? { kind: 'rejected', reason: `${reason}.` } : { kind: 'retry', reason: `${reason}; trying again later.` };
  }
  if (original && TLS_CODE.test(original)) return { kind: 'retry', reason: `No secure connection to ${where}: its certificate is not trusted (${original}); set the SMTP CA in the team server's settings if the relay has its own.` };
  const beforeSession = e.code === 'ETIMEDOUT' && e.timeoutType !== undefined && e.timeoutType !== 'SOCKET_TIMEOUT';
  if (beforeSession || certain(original)) return { kind: 'retry', reason: `Could not reach ${where}${said(original ?? e.code)}.` };
  if (e.code === 'ECONFIG' || e.code === 'EENVELOPE') return { kind: 'rejected', reason: `The digest could not be addressed${said(e.message)}.` };
  return { kind: 'uncertain', reason: `The connection to ${where} broke while sending${said(e.code)}: the digest may or may not have arrived.` };
}

export function createMailChannel(s: SmtpSettings) {
  const transport = nodemailer.createTransport({
    host: s.host,
    port: s.port,
    secure: false,
    requireTLS: true,
    auth: { user: s.user, pass: s.password },
    tls: { minVersion: 'TLSv1.2', ...(s.ca ? { ca: [s.ca] } : {}) },
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
    logger: false,
    debug: false,
    // A digest has no attachments: never read a file or a URL into a message.
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  const secrets = [s.password, Buffer.from(`\u0000${s.user}\u0000${s.password}`).toString('base64')];

  return {
    async send(d: { deliveryId: string; to: string; mail: MailDigest; unsubscribeUrl: string }): Promise<SendOutcome> {
      try {
        await transport.sendMail({
          from: s.from,
          to: d.to,
          subject: d.mail.subject,
          text: d.mail.text,
          html: d.mail.html,
          messageId: messageIdOf(d.deliveryId, s.from),
          list: { unsubscribe: { url: d.unsubscribeUrl, comment: 'Unsubscribe' } },
          headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click', 'Auto-Submitted': 'auto-generated', 'X-Auto-Response-Suppress': 'All' },
          signal: AbortSignal.timeout(s.timeoutMs ?? 60_000),
        });
        return { kind: 'sent' };
      } catch (e) {
        return smtpOutcome(e as NodemailerError, s, secrets);
      }
    },
    close: () => transport.close(),
  };
}
export type MailChannel = ReturnType<typeof createMailChannel>;

export interface WebhookOptions {
  hosts?: WebhookHosts;
  /** Whole request (default 20 s). */
  timeoutMs?: number;
}

/** Retry-After in ms (seconds or an HTTP date), or undefined. */
function retryAfterMs(value: string | null): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(value) - Date.now();
  return Number.isFinite(ms) && ms > 0 ? Math.min(ms, 6 * 3_600_000) : undefined;
}

function fetchFailure(e: unknown, host: string): SendOutcome {
  const code = ((e as { cause?: { code?: string } }).cause?.code ?? (e as { code?: string }).code) || undefined;
  if (code && TLS_CODE.test(code)) return { kind: 'retry', reason: `No secure connection to ${host}: its certificate is not trusted (${code}).` };
  if (certain(code)) return { kind: 'retry', reason: `Could not reach ${host} (${code}).` };
  const name = (e as { name?: string }).name;
  const what = name === 'TimeoutError' ? 'did not answer in time' : `broke the connection (${code ?? name ?? 'error'})`;
  return { kind: 'uncertain', reason: `${host} ${what} after the digest was sent: it may or may not have been posted.` };
}

/** Posts one message to a Slack or Teams incoming webhook. */
export async function postWebhook(channel: 'slack' | 'teams', url: string, payload: SlackPayload | TeamsPayload, o: WebhookOptions = {}): Promise<SendOutcome> {
  const name = channel === 'slack' ? 'Slack' : 'Teams';
  const problem = webhookUrlProblem(channel, url, o.hosts ?? DEFAULT_WEBHOOK_HOSTS);
  if (problem) return { kind: 'rejected', reason: problem };
  const host = new URL(url).host;
  const secrets = webhookSecrets(url);
  let res: Response;
  try {
    res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(payload), redirect: 'manual', signal: AbortSignal.timeout(o.timeoutMs ?? 20_000) });
  } catch (e) {
    return fetchFailure(e, host);
  }
  const body = await res.text().catch(() => '');
  const said = body ? ` (${res.status} ${redactCredentials(clean(body, 160), secrets)})` : ` (${res.status})`;
  // Teams' retired connectors answer 200 to a message they then failed to deliver (throttled).
  if (res.ok && channel === 'teams' && /delivery failed/i.test(body)) return { kind: 'retry', reason: `${name} did not deliver the digest${said}; trying again later.` };
  if (res.ok) return { kind: 'sent' };
  if (res.status === 429 || res.status === 408 || res.status >= 500) {
    return { kind: 'retry', reason: `${name} could not take the digest now${said}; trying again later.`, retryAfterMs: retryAfterMs(res.headers.get('retry-after')) };
  }
  if (res.status >= 300 && res.status < 400) return { kind: 'rejected', reason: `${name} answered with a redirect${said}: check the webhook URL.` };
  return { kind: 'rejected', reason: `${name} refused the digest${said}: the webhook may have been removed; set a new one.` };
}
