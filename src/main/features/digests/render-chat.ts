// A digest as a chat message, for incoming webhooks:
// - Slack: Block Kit `{ text, blocks }` (text is the notification's fallback). Every text is mrkdwn
//   with `verbatim: true` (no auto-links or mentions from a company name) and &, <, > escaped; a
//   message holds at most 50 blocks and a section 3,000 characters, so changes are cut to fit.
// - Microsoft Teams: one Adaptive Card (version 1.4) in a message attachment, `{ type: 'message',
//   attachments: [{ contentType: 'application/vnd.microsoft.card.adaptive', content }] }`: the format
//   of the Workflows (Power Automate) "Post to a channel when a webhook request is received" webhook
//   that replaces the retired Office 365 connectors, which read it too. Service text goes only into
//   RichTextBlock TextRuns, which Teams shows as written (no markdown), never into a markdown
//   TextBlock. A card must stay under 28 KB: changes are halved until it fits.
import { CADENCE_WORDS, notShown, type DigestModel, type ShownChange, type WatchSection } from './digest-model';
import { escapeMrkdwn as e, formatCount, mrkdwnLink } from './render-values';

const SLACK_SECTION_CHARS = 3000;
/** Below Teams' 28 KB for a whole request, with room for the envelope. */
export const TEAMS_MAX_BYTES = 24_000;

const moreText = (n: number) => `and ${formatCount(n)} more in the app`;
const values = (c: ShownChange) => `${c.old ?? '—'} → ${c.new ?? '—'}${c.note ? ` (${c.note})` : ''}`;

type Mrkdwn = { type: 'mrkdwn'; text: string; verbatim: true };
const md = (text: string): Mrkdwn => ({ type: 'mrkdwn', text, verbatim: true });
export type SlackBlock =
  | { type: 'header'; text: { type: 'plain_text'; text: string; emoji: false } }
  | { type: 'section'; text: Mrkdwn }
  | { type: 'context'; elements: Mrkdwn[] }
  | { type: 'divider' };
export interface SlackPayload {
  text: string;
  blocks: SlackBlock[];
  unfurl_links: false;
  unfurl_media: false;
}

function slackSection(s: WatchSection): SlackBlock[] {
  const head = `*${mrkdwnLink(s.link, s.title)}*\n${e(s.body)}${s.checkedAt ? ` Checked ${e(s.checkedAt)}.` : ''}`;
  const lines: string[] = [];
  let chars = 0;
  for (const c of s.changes) {
    const line = `• ${mrkdwnLink(c.link, c.company)}: ${e(c.what)}: ${e(values(c))}`;
    if (chars + line.length + 1 > SLACK_SECTION_CHARS) break;
    lines.push(line);
    chars += line.length + 1;
  }
  const more = notShown(s, lines.length);
  return [
    { type: 'section', text: md(head) },
    ...(lines.length ? [{ type: 'section' as const, text: md(lines.join('\n')) }] : []),
    ...(more > 0 ? [{ type: 'context' as const, elements: [md(mrkdwnLink(s.link, moreText(more)))] }] : []),
    { type: 'divider' },
  ];
}

export function renderSlackModel(m: DigestModel): SlackPayload {
  const blocks: SlackBlock[] = [
    { type: 'header', text: { type: 'plain_text', text: CADENCE_WORDS[m.cadence], emoji: false } },
    { type: 'section', text: md(e(m.intro)) },
    ...m.sections.flatMap(slackSection),
  ];
  if (m.moreWatches.watches > 0) blocks.push({ type: 'context', elements: [md(`${formatCount(m.moreWatches.changes)} more changes in ${formatCount(m.moreWatches.watches)} more watches: open the app.`)] });
  blocks.push({ type: 'context', elements: [md(`${e(m.footer)} ${mrkdwnLink(m.unsubscribeUrl, 'Unsubscribe')} · ${mrkdwnLink(m.manageLink, 'Manage your digests')}`)] });
  return { text: e(m.subject), blocks, unfurl_links: false, unfurl_media: false };
}

type TextRun = { type: 'TextRun'; text: string; weight?: 'Bolder'; isSubtle?: true; selectAction?: { type: 'Action.OpenUrl'; url: string } };
const run = (text: string, o: Omit<TextRun, 'type' | 'text'> = {}): TextRun => ({ type: 'TextRun', text, ...o });
const open = (url: string) => ({ type: 'Action.OpenUrl' as const, url });
const rich = (...inlines: TextRun[]) => ({ type: 'RichTextBlock' as const, inlines });

function teamsSection(s: WatchSection, shown: number) {
  const changes = s.changes.slice(0, shown);
  const more = notShown(s, changes.length);
  return {
    type: 'Container',
    separator: true,
    items: [
      rich(run(s.title, { weight: 'Bolder', selectAction: open(s.link) })),
      rich(run(`${s.body}${s.checkedAt ? ` Checked ${s.checkedAt}.` : ''}`, { isSubtle: true })),
      ...changes.map((c) => rich(run(c.company, { weight: 'Bolder', selectAction: open(c.link) }), run(`: ${c.what}: ${values(c)}`))),
      ...(more > 0 ? [rich(run(moreText(more), { selectAction: open(s.link) }))] : []),
    ],
  };
}

function teamsCard(m: DigestModel, perWatch: number) {
  const body: unknown[] = [
    // The one TextBlock: fixed words only (a TextBlock reads markdown).
    { type: 'TextBlock', text: CADENCE_WORDS[m.cadence], weight: 'Bolder', size: 'Medium', wrap: true },
    rich(run(m.intro)),
    ...m.sections.map((s) => teamsSection(s, perWatch)),
  ];
  if (m.moreWatches.watches > 0) body.push(rich(run(`${formatCount(m.moreWatches.changes)} more changes in ${formatCount(m.moreWatches.watches)} more watches: open the app.`)));
  body.push(rich(run(m.footer, { isSubtle: true })));
  const content = {
    $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
    type: 'AdaptiveCard',
    version: '1.4',
    msteams: { width: 'Full' },
    body,
    actions: [
      ...(m.sections[0] ? [{ type: 'Action.OpenUrl', title: 'Open in Firmscope', url: m.sections[0].link }] : []),
      { type: 'Action.OpenUrl', title: 'Unsubscribe', url: m.unsubscribeUrl },
    ],
  };
  return { type: 'message', attachments: [{ contentType: 'application/vnd.microsoft.card.adaptive', contentUrl: null, content }] };
}
export type TeamsPayload = ReturnType<typeof teamsCard>;

export function renderTeamsModel(m: DigestModel): TeamsPayload {
  let perWatch = Math.max(0, ...m.sections.map((s) => s.changes.length));
  for (;;) {
    const card = teamsCard(m, perWatch);
    if (perWatch === 0 || Buffer.byteLength(JSON.stringify(card)) <= TEAMS_MAX_BYTES) return card;
    perWatch = Math.floor(perWatch / 2);
  }
}
