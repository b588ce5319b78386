// A digest in each channel's format, from the same model (digest-model.ts): an e-mail (subject,
// plain text, HTML), a Slack incoming-webhook payload, a Microsoft Teams Adaptive Card. Each channel
// has its own limits: a mail lists more changes per watch than a chat message.
import { buildDigestModel, type DigestInput, type DigestLimits } from './digest-model';
import { renderSlackModel, renderTeamsModel, type SlackPayload, type TeamsPayload } from './render-chat';
import { renderMailModel, type MailDigest } from './render-mail';

export type { Cadence, DigestInput, DigestItem, DigestLimits, DigestLinks, DigestWatch } from './digest-model';
export type { MailDigest } from './render-mail';
export type { SlackPayload, TeamsPayload } from './render-chat';

/** About 200 rows of HTML: well below Gmail's 102 KB clip. */
export const MAIL_LIMITS: DigestLimits = { perWatch: 50, total: 200, watches: 20 };
/** Slack: 50 blocks a message (4 a watch); Teams: 28 KB a card. */
export const CHAT_LIMITS: DigestLimits = { perWatch: 8, total: 60, watches: 10 };

export function renderMail(input: DigestInput, limits: DigestLimits = MAIL_LIMITS): MailDigest {
  return renderMailModel(buildDigestModel(input, limits));
}

export function renderSlack(input: DigestInput, limits: DigestLimits = CHAT_LIMITS): SlackPayload {
  return renderSlackModel(buildDigestModel(input, limits));
}

export function renderTeams(input: DigestInput, limits: DigestLimits = CHAT_LIMITS): TeamsPayload {
  return renderTeamsModel(buildDigestModel(input, limits));
}
