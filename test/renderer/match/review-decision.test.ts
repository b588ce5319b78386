// How the review puts a row back (undo) and how decisions and candidates read on screen.
import { describe, expect, it } from 'vitest';
import type { BulkRowView } from '../../../src/shared/bridge/groups/match';
import { actionText, choiceLabel, decisionClass, decisionOf } from '../../../src/renderer/match/review-decision';

const row = (decision: BulkRowView['decision'], chosenId: string | null = null): BulkRowView => ({ line: 2, input: {}, state: 'matched', decision, chosenId });

describe('decisionOf', () => {
  it('gives back the analyst’s own decision, else the threshold’s', () => {
    expect(decisionOf(row('accepted'))).toEqual({ action: 'accept' });
    expect(decisionOf(row('rejected'))).toEqual({ action: 'reject' });
    expect(decisionOf(row('picked', 'c2'))).toEqual({ action: 'pick', companyId: 'c2' });
    expect(decisionOf(row('auto', 'c1'))).toEqual({ action: 'reset' });
    expect(decisionOf(row('pending'))).toEqual({ action: 'reset' });
  });
});

describe('choiceLabel and decisionClass', () => {
  it('names a candidate by name (else id) and country', () => {
    expect(choiceLabel({ companyId: 'c1', name: 'Alpha', country: 'DE', confidence: 0.9 })).toBe('Alpha, DE');
    expect(choiceLabel({ companyId: 'c1', confidence: 0.9 })).toBe('c1');
  });

  it('colours rejected, pending and the rest', () => {
    expect([decisionClass('rejected'), decisionClass('pending'), decisionClass('accepted'), decisionClass(null)]).toEqual(['pill--error', 'pill--warn', 'pill--ok', '']);
  });
});

describe('actionText', () => {
  it('says what a decision did by name: the candidate picked and its number, not "another candidate"', () => {
    const r = { line: 4, choices: [{ companyId: 'c1', name: 'Alpha', country: 'DE', confidence: 0.9 }, { companyId: 'c2', name: 'Beta', confidence: 0.7 }] };
    expect(actionText('pick', r, 'c1')).toBe('Picked Alpha, DE (candidate 1) for line 4');
    expect(actionText('pick', r, 'c2')).toBe('Picked Beta (candidate 2) for line 4');
    expect(actionText('pick', { line: 4 }, 'c9')).toBe('Picked a candidate for line 4');
    expect(actionText('accept', r)).toBe('Accepted line 4');
    expect(actionText('reset', r)).toBe('Back to automatic: line 4');
  });
});
