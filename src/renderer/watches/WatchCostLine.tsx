// The cost of a watch before it is created, as main estimates it for the current choices: requests
// per check, per day at the schedule, and the profile's daily budget for scheduled checks.
import type { WatchBudget, WatchCost } from '../../shared/watches/watches';
import { toDisplayError } from '../ui/errors';
import { n } from './watch-format';
import type { ScheduleKind } from './watch-form';
import { useBudget, useEstimate, type EstimateInput } from '../data/watches';

/** "about 14 requests per check; 336 per day at this schedule; daily budget 2,000" (and what happens beyond). */
export function costSentence(cost: WatchCost, budget: WatchBudget | undefined, schedule: ScheduleKind, checkAtStart: boolean): string {
  if (cost.requestsPerCheck === null) return cost.basis;
  const parts = [`about ${n(cost.requestsPerCheck)} ${cost.requestsPerCheck === 1 ? 'request' : 'requests'} per check`];
  if (schedule === 'manual' || cost.requestsPerDay === null) parts.push('checked only when you click Check now');
  else parts.push(`${n(cost.requestsPerDay)} per day at this schedule`);
  if (checkAtStart) parts.push('one more check at every app start');
  if (budget) parts.push(`daily budget ${n(budget.dailyBudget)}`);
  let text = `${parts.join('; ')}.`;
  if (budget && cost.requestsPerDay !== null && schedule !== 'manual' && cost.requestsPerDay > budget.dailyBudget) {
    text += " That is more than the daily budget: scheduled checks wait for the next day's budget when it runs out.";
  }
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export interface WatchCostLineProps {
  id: string;
  /** null while the choices are incomplete; `missing` then says what to do. */
  input: EstimateInput | null;
  missing: string;
  schedule: ScheduleKind;
  checkAtStart: boolean;
}

export function WatchCostLine({ id, input, missing, schedule, checkAtStart }: WatchCostLineProps) {
  const estimate = useEstimate(input);
  const budget = useBudget();
  let text: string;
  if (input === null) text = missing;
  else if (estimate.error) text = `The cost could not be estimated: ${toDisplayError(estimate.error).message}`;
  else if (!estimate.data) text = 'Estimating the cost…';
  else text = costSentence(estimate.data, budget.data, schedule, checkAtStart);
  return (
    <p id={id} className="watch-dialog__cost" role="status" data-testid="watch-cost">
      {text}
    </p>
  );
}
