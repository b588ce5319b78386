// The review's decisions as plain data: what the analyst can do to a row, how to put a row back as
// it was (undo), and how a decision and a candidate read on screen. Pure, so it is tested alone.
import type { BulkRowView } from '../../shared/bridge/groups/match';
import type { Decision, ReviewChoice } from '../../shared/match/review';

export type Decide = { action: 'accept' | 'reject' | 'pick' | 'reset'; companyId?: string };
export const ACTION_TEXT = { accept: 'Accepted', reject: 'Rejected', pick: 'Picked a candidate for', reset: 'Back to automatic:' } as const;

/** What a decision did, said by name: "Picked Acme GmbH, DE (candidate 1) for line 4". */
export function actionText(action: Decide['action'], row: Pick<BulkRowView, 'line' | 'choices'>, companyId?: string): string {
  if (action !== 'pick') return `${ACTION_TEXT[action]} line ${row.line}`;
  const i = row.choices?.findIndex((c) => c.companyId === companyId) ?? -1;
  const c = i >= 0 ? row.choices![i]! : null;
  return c ? `Picked ${choiceLabel(c)} (candidate ${i + 1}) for line ${row.line}` : `${ACTION_TEXT.pick} line ${row.line}`;
}
export const UNDONE_TEXT = { accept: 'accepted', reject: 'rejected', pick: 'picked', reset: 'as the threshold decides' } as const;

/** How to give a row the decision it has now (the analyst's own, or the threshold's). */
export function decisionOf(row: BulkRowView): Decide {
  if (row.decision === 'accepted') return { action: 'accept' };
  if (row.decision === 'rejected') return { action: 'reject' };
  if (row.decision === 'picked' && row.chosenId) return { action: 'pick', companyId: row.chosenId };
  return { action: 'reset' };
}

export function choiceLabel(c: ReviewChoice): string {
  return [c.name ?? c.companyId, c.country].filter(Boolean).join(', ');
}

export function decisionClass(d: Decision | null): string {
  if (d === 'rejected') return 'pill--error';
  if (d === 'pending') return 'pill--warn';
  return d ? 'pill--ok' : '';
}
