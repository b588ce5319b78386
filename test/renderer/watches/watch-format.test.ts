// The words of watches: schedules, targets, costs, checks, budget and change values (formatted
// numbers, "+7.2 points", titles rather than JSON).
import { describe, expect, it } from 'vitest';
import { budgetInWords, changeSubject, changeValues, checkInWords, checkNowCost, costInWords, nextCheckInWords, scheduleInWords, targetInWords, valueText } from '../../../src/renderer/watches/watch-format';
import { costSentence } from '../../../src/renderer/watches/WatchCostLine';
import type { WatchChange } from '../../../src/shared/watches/watches';

describe('watch words', () => {
  it('says schedules and targets in words, a deleted target too', () => {
    expect(scheduleInWords({ kind: 'manual' })).toBe('Only when you click Check now');
    expect(scheduleInWords({ kind: 'hourly' }, true)).toBe('Every hour, and when the app starts');
    expect(scheduleInWords({ kind: 'daily', at: '08:00' })).toBe('Daily at 08:00');
    expect(scheduleInWords({ kind: 'weekly', day: 1, at: '07:30' })).toBe('Weekly on Monday at 07:30');
    expect(targetInWords({ target: { kind: 'search', savedSearchId: 'a' }, targetName: 'DE manufacturing' })).toBe('Saved search ‘DE manufacturing’');
    expect(targetInWords({ target: { kind: 'list', listId: 1, modules: ['scores', 'news'] }, targetName: 'Portfolio A' })).toBe('List ‘Portfolio A’ (news, scores)');
    expect(targetInWords({ target: { kind: 'search', savedSearchId: 'a' }, targetName: null })).toBe('Saved search (deleted: this watch cannot check)');
  });

  it('names costs with grouped numbers, per check and per day', () => {
    expect(costInWords({ requestsPerCheck: 5, requestsPerDay: 120, basis: '' })).toBe('about 5 requests per check, 120 per day');
    expect(costInWords({ requestsPerCheck: 1, requestsPerDay: null, basis: '' })).toBe('about 1 request per check');
    expect(costInWords({ requestsPerCheck: null, requestsPerDay: null, basis: 'Not known yet: the first check counts the pages of the search.' })).toBe(
      'not known yet: the first check counts the pages of the search',
    );
    expect(checkNowCost({ requestsPerCheck: 2751, requestsPerDay: null, basis: '' })).toBe('Check now: about 2,751 requests');
    expect(costSentence({ requestsPerCheck: 14, requestsPerDay: 336, basis: '' }, { dailyBudget: 2000, usedToday: 0, resetsAt: 0 }, 'hourly', false)).toBe(
      'About 14 requests per check; 336 per day at this schedule; daily budget 2,000.',
    );
    expect(budgetInWords({ dailyBudget: 2000, usedToday: 340, resetsAt: 0 })).toBe('Checks used 340 of the 2,000-request daily budget today; only scheduled checks wait when it is spent');
  });

  it('says what the last check did and when the next one is', () => {
    const base = { id: 1, watchId: 1, trigger: 'manual' as const, startedAt: 0, finishedAt: 0, requests: 1200, changes: 0, baseline: true };
    expect(checkInWords(null)).toBe('Not checked yet');
    expect(checkInWords({ ...base, status: 'done' })).toMatch(/: baseline recorded \(1,200 requests\); later checks report changes against it$/);
    expect(checkInWords({ ...base, status: 'done', baseline: false, changes: 1 })).toMatch(/: 1 change \(1,200 requests\)$/);
    expect(checkInWords({ ...base, status: 'failed', error: { code: 'server_error', message: 'The service failed (HTTP 503).', retryable: true } })).toMatch(/failed: The service failed \(HTTP 503\)\.$/);
    expect(checkInWords({ ...base, status: 'waiting', note: "Waiting for tomorrow's budget: 1,940 of 2,000 used" })).toBe("Waiting for tomorrow's budget: 1,940 of 2,000 used");
    expect(nextCheckInWords({ paused: true, nextDueAt: 5, schedule: { kind: 'hourly' } })).toBe('Paused: no scheduled checks until you resume');
    expect(nextCheckInWords({ paused: false, nextDueAt: null, schedule: { kind: 'manual' } })).toBeNull();
  });

  it('shows values formatted: numbers grouped, score moves in points, titles not JSON', () => {
    const c = (kind: WatchChange['kind'], oldValue: unknown, newValue: unknown, detail: string | null = null, field: string | null = null) => ({ kind, field, oldValue, newValue, detail });
    expect(changeValues(c('score', 61.5, 68.7))).toBe('61.5 → 68.7 (+7.2 points)');
    expect(changeValues(c('score', 70, 62.25))).toBe('70 → 62.25 (-7.8 points)');
    expect(changeValues(c('field', 1250000, null))).toBe('1,250,000 → —');
    expect(changeValues(c('rating', 'A', 'BB', 'downgrade', 'rating'))).toBe('A → BB (downgrade)');
    expect(changeValues(c('news', null, { title: 'Plant opens', url: 'x' }))).toBe('Plant opens');
    expect(changeValues(c('news', null, 'Plant opens', 'Plant opens'))).toBe('Plant opens');
    expect(changeValues(c('commitment', null, 'Net zero by 2040', 'Net zero by 2040'))).toBe('Net zero by 2040');
    expect(changeValues(c('commitment', 'planned', 'achieved', 'Net zero by 2040', 'status'))).toBe('Net zero by 2040 (status: planned → achieved)');
    expect(changeValues(c('entered', null, { name: 'Apex' }))).toBe('');
    expect(changeSubject({ kind: 'field', field: 'address.city' })).toBe('address city');
    expect(changeSubject({ kind: 'score', field: 'overall' })).toBe('Overall score');
    expect(changeSubject({ kind: 'rating', field: 'rating' })).toBe('');
    expect(valueText({ a: 'x'.repeat(200) }).length).toBe(120);
    expect(valueText(true)).toBe('yes');
  });
});
