// The words of a check that found something: names and counts, never ids. The title leads with
// what matters most ("3 companies entered ‘DE manufacturing > 500’", "2 rating downgrades in
// ‘Portfolio A’"); the body counts every kind.
import type { FoundChange } from './change-store';
import { sentenceCount } from '../../../shared/sentence-numbers';

const n = (v: number) => sentenceCount(v);
const count = (k: number, one: string, many: string) => `${n(k)} ${k === 1 ? one : many}`;

export interface CheckWords {
  title: string;
  body: string;
}

export function checkFinishedText(watchName: string, targetKind: 'search' | 'list', changes: readonly FoundChange[], o: { scoreThreshold: number }): CheckWords | null {
  if (changes.length === 0) return null;
  const name = `‘${watchName}’`;
  const by = (kind: FoundChange['kind']) => changes.filter((c) => c.kind === kind);
  const companies = (list: readonly FoundChange[]) => new Set(list.map((c) => c.companyId)).size;
  const parts: Array<{ lead: string; part: string }> = [];
  if (targetKind === 'search') {
    const entered = by('entered').length;
    const left = by('left').length;
    const fields = by('field');
    if (entered) parts.push({ lead: `${count(entered, 'company', 'companies')} entered ${name}`, part: `${count(entered, 'company', 'companies')} entered` });
    if (left) parts.push({ lead: `${count(left, 'company', 'companies')} left ${name}`, part: `${n(left)} left` });
    if (fields.length) {
      const c = companies(fields);
      parts.push({ lead: `${count(c, 'company', 'companies')} changed in ${name}`, part: `${count(fields.length, 'field', 'fields')} changed in ${count(c, 'company', 'companies')}` });
    }
  } else {
    const ratings = by('rating');
    const down = ratings.filter((c) => c.detail === 'downgrade').length;
    const up = ratings.filter((c) => c.detail === 'upgrade').length;
    const other = ratings.length - down - up;
    const scores = by('score');
    const commitments = by('commitment');
    const news = by('news').length;
    if (down) parts.push({ lead: `${count(down, 'rating downgrade', 'rating downgrades')} in ${name}`, part: count(down, 'rating downgrade', 'rating downgrades') });
    if (up) parts.push({ lead: `${count(up, 'rating upgrade', 'rating upgrades')} in ${name}`, part: count(up, 'rating upgrade', 'rating upgrades') });
    if (other) parts.push({ lead: `${count(other, 'rating change', 'rating changes')} in ${name}`, part: count(other, 'rating change', 'rating changes') });
    if (scores.length) {
      const c = companies(scores);
      const moved = `${count(c, 'company', 'companies')} with a score move of ${n(o.scoreThreshold)} points or more`;
      parts.push({ lead: `${moved} in ${name}`, part: moved });
    }
    if (commitments.length) {
      const c = companies(commitments);
      parts.push({ lead: `New or changed commitments of ${count(c, 'company', 'companies')} in ${name}`, part: `${count(commitments.length, 'commitment', 'commitments')} new or changed` });
    }
    if (news) parts.push({ lead: `${count(news, 'new news item', 'new news items')} in ${name}`, part: count(news, 'new news item', 'new news items') });
  }
  // Only kinds this target reports are worded: changes of any other kind say nothing here.
  const first = parts[0];
  if (!first) return null;
  const body = `${parts.map((p) => p.part).join(', ')}.`;
  return { title: first.lead, body: body.charAt(0).toUpperCase() + body.slice(1) };
}
