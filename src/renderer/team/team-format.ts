// The Team screens' words: an inbox entry's counts, a digest subscription and a delivery, in the
// analyst's locale (numbers, dates), never with ids.
import type { DigestDelivery, DigestSubscription } from '../../shared/team/digests';
import { formatCount, formatDay, formatWhen } from '../ui/format';

const KIND_WORDS: Record<string, [string, string]> = {
  entered: ['company entered', 'companies entered'],
  left: ['company left', 'companies left'],
  field: ['field change', 'field changes'],
  score: ['score move', 'score moves'],
  rating: ['rating change', 'rating changes'],
  news: ['new news item', 'new news items'],
  commitment: ['new or changed commitment', 'new or changed commitments'],
};
const KIND_ORDER = Object.keys(KIND_WORDS);

const plural = (n: number, [one, many]: [string, string]) => `${formatCount(n)} ${n === 1 ? one : many}`;

/** Kinds of which a company can have several changes in one check: their companies are said too. */
const PER_COMPANY = new Set(['field', 'score', 'commitment']);

/** "12 companies entered, 3 companies left, 40 field changes in 12 companies". */
export function inboxCountsInWords(counts: Record<string, number>, companies?: Record<string, number>): string {
  const kinds = Object.keys(counts).sort((a, b) => (KIND_ORDER.indexOf(a) + 1 || 99) - (KIND_ORDER.indexOf(b) + 1 || 99));
  const parts = kinds
    .filter((k) => (counts[k] ?? 0) > 0)
    .map((k) => {
      const text = plural(counts[k]!, KIND_WORDS[k] ?? [`${k} change`, `${k} changes`]);
      const of = companies?.[k];
      return PER_COMPANY.has(k) && of !== undefined && of < counts[k]! ? `${text} in ${plural(of, ['company', 'companies'])}` : text;
    });
  return parts.length ? parts.join(', ') : 'No changes';
}

export const CADENCE_WORDS: Record<DigestSubscription['cadence'], string> = {
  immediate: 'Immediately after each check with changes',
  daily: 'Daily (one digest of the day)',
  weekly: 'Weekly (one digest of the week)',
};
export const CHANNEL_WORDS: Record<DigestSubscription['channel'], string> = { email: 'E-mail', slack: 'Slack', teams: 'Microsoft Teams' };

const CADENCE_SHORT: Record<DigestSubscription['cadence'], string> = { immediate: 'Immediately', daily: 'Daily', weekly: 'Weekly' };
const CHANNEL_SHORT: Record<DigestSubscription['channel'], string> = { email: 'by e-mail', slack: 'in Slack', teams: 'in Teams' };

/** "Daily by e-mail to ada@example.com", "Weekly in Slack (hooks.slack.com/…x9Qz)". */
export function subscriptionInWords(s: Pick<DigestSubscription, 'cadence' | 'channel' | 'targetHint'>): string {
  const where = s.channel === 'email' ? ` to ${s.targetHint}` : ` (${s.targetHint})`;
  return `${CADENCE_SHORT[s.cadence]} ${CHANNEL_SHORT[s.channel]}${where}`;
}

/** "Daily by e-mail, weekly in Slack" (a watch's column); "None" when not followed. */
export function subscriptionsShort(subs: readonly Pick<DigestSubscription, 'cadence' | 'channel'>[]): string {
  if (subs.length === 0) return 'None';
  const text = subs.map((s) => `${CADENCE_SHORT[s.cadence].toLowerCase()} ${CHANNEL_SHORT[s.channel]}`).join(', ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "The check of 28 Nov 2026, 21:40", "28 Nov 2026", "Week 48 of 2026": which digest a delivery is. */
export function periodInWords(periodKey: string, finishedAt?: string | null): string {
  const day = /^day:(\d{4})-(\d{2})-(\d{2})$/.exec(periodKey);
  if (day) return `The day ${formatDay(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]), 12))}`;
  const week = /^week:(\d{4})-W(\d{2})$/.exec(periodKey);
  if (week) return `Week ${formatCount(Number(week[2]))} of ${week[1]}`;
  if (periodKey.startsWith('check:')) return finishedAt ? `One check (${formatWhen(Date.parse(finishedAt))})` : 'One check';
  return periodKey;
}

/** What became of a delivery, with when and why. */
export function deliveryStateInWords(d: DigestDelivery): string {
  const attempts = d.attempts === 1 ? '1 attempt' : `${formatCount(d.attempts)} attempts`;
  switch (d.state) {
    case 'sent':
      return d.sentAt ? `Sent ${formatWhen(Date.parse(d.sentAt))}` : 'Sent';
    case 'queued':
    case 'claimed':
    case 'sending':
      return 'Being sent…';
    case 'failed':
      return d.nextAttemptAt
        ? `Not sent yet (${attempts}): ${d.lastError ?? 'no reason given'}. Next try ${formatWhen(Date.parse(d.nextAttemptAt))}`
        : `Given up after ${attempts}: ${d.lastError ?? 'no reason given'}`;
    case 'uncertain':
      return `Perhaps not sent: the server stopped while sending (${d.lastError ?? 'no reason given'}). Send it again if it did not arrive`;
    case 'cancelled':
      return 'Not sent: you stopped these digests';
  }
}
