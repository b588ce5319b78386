// A digest as an e-mail: a plain-text part and an HTML part saying the same. The HTML is small on
// purpose (one <style>, short rows): Gmail clips a message past 102 KB, so the default limits keep a
// digest of thousands of changes well below that, the rest one link away in the app.
import type { DigestModel, ShownChange, WatchSection } from './digest-model';
import { CADENCE_WORDS, notShown } from './digest-model';
import { escapeHtml as h, formatCount } from './render-values';

export interface MailDigest {
  subject: string;
  text: string;
  html: string;
}

const moreText = (n: number) => `and ${formatCount(n)} more in the app`;
const values = (c: ShownChange) => `${c.old ?? '—'} → ${c.new ?? '—'}${c.note ? ` (${c.note})` : ''}`;

function textSection(s: WatchSection): string[] {
  const lines = ['', s.title, [s.body, s.checkedAt && `Checked ${s.checkedAt}.`].filter(Boolean).join(' '), `Open in Firmscope: ${s.link}`, ''];
  for (const c of s.changes) lines.push(`- ${c.company}: ${c.what}: ${values(c)}`, `  ${c.link}`);
  const more = notShown(s, s.changes.length);
  if (more > 0) lines.push(`${moreText(more)}: ${s.link}`);
  return lines;
}

function renderText(m: DigestModel): string {
  const lines = [`Hello ${m.memberName},`, '', m.intro];
  for (const s of m.sections) lines.push(...textSection(s));
  if (m.moreWatches.watches > 0) lines.push('', `${formatCount(m.moreWatches.changes)} more changes in ${formatCount(m.moreWatches.watches)} more watches: open the app.`);
  lines.push('', '-- ', m.footer, `Unsubscribe: ${m.unsubscribeUrl}`, `Manage your digests in the app: ${m.manageLink}`, '');
  return lines.join('\n');
}

const STYLE =
  'body{font-family:Segoe UI,Helvetica,Arial,sans-serif;color:#1b1f24;font-size:14px}h2{font-size:16px;margin:24px 0 4px}p{margin:4px 0}' +
  '.s{color:#57606a}table{border-collapse:collapse;font-size:13px}td{padding:2px 10px 2px 0;vertical-align:top}.o{color:#57606a}.f{font-size:12px;color:#57606a;margin-top:24px}';

function htmlRow(c: ShownChange): string {
  const note = c.note ? ` <span class="s">(${h(c.note)})</span>` : '';
  return `<tr><td><a href="${h(c.link)}">${h(c.company)}</a></td><td>${h(c.what)}</td><td><span class="o">${h(c.old ?? '—')}</span> → ${h(c.new ?? '—')}${note}</td></tr>`;
}

function htmlSection(s: WatchSection): string {
  const more = notShown(s, s.changes.length);
  return [
    `<h2><a href="${h(s.link)}">${h(s.title)}</a></h2>`,
    `<p class="s">${h(s.body)}${s.checkedAt ? ` Checked ${h(s.checkedAt)}.` : ''}</p>`,
    s.changes.length ? `<table role="presentation">${s.changes.map(htmlRow).join('')}</table>` : '',
    more > 0 ? `<p><a href="${h(s.link)}">${h(moreText(more))}</a></p>` : '',
  ].join('\n');
}

function renderHtml(m: DigestModel): string {
  const more = m.moreWatches.watches > 0 ? `<p>${formatCount(m.moreWatches.changes)} more changes in ${formatCount(m.moreWatches.watches)} more watches: open the app.</p>` : '';
  return [
    '<!doctype html>',
    `<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${h(m.subject)}</title><style>${STYLE}</style></head><body>`,
    `<p>Hello ${h(m.memberName)},</p>`,
    `<p>${h(m.intro)}</p>`,
    ...m.sections.map(htmlSection),
    more,
    `<p class="f">${h(m.footer)} <a href="${h(m.unsubscribeUrl)}">Unsubscribe</a> · <a href="${h(m.manageLink)}">Manage your digests in the app</a></p>`,
    '</body></html>',
  ].join('\n');
}

export function renderMailModel(m: DigestModel): MailDigest {
  return { subject: m.subject || CADENCE_WORDS[m.cadence], text: renderText(m), html: renderHtml(m) };
}
