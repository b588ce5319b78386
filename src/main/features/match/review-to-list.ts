// The review step's last move: the accepted and picked companies of a bulk match saved into a new or
// an existing list. Part of the match feature (feature.ts, bulkAddToList).
import { AppError } from '../../../shared/errors';
import type { ListMemberInput } from '../../../shared/lists/lists';
import { parseWeight, weightColumnIndex } from '../../../shared/lists/weights';
import type { ListsAccess } from '../lists/list-store';
import type { BulkJob } from './bulk-job';

export type ListTarget = { newName: string } | { listId: number };

type ReviewedJob = Pick<BulkJob, 'rows' | 'decisionOf' | 'chosenOf'> & Partial<Pick<BulkJob, 'headers'>>;

/**
 * The chosen company of every row, with how many rows were rejected or still wait for a decision.
 * A weight column of the file (weight, Gewicht, weight_pct, ...) gives each company its weight; a
 * bad value (negative, not a number) leaves that company without one and is named by its line.
 */
export function reviewedCompanies(j: ReviewedJob): { companies: ListMemberInput[]; rejected: number; pending: number; weightProblems: string[] } {
  const companies: ListMemberInput[] = [];
  const weightProblems: string[] = [];
  const weightAt = weightColumnIndex(j.headers ?? []);
  let rejected = 0;
  let pending = 0;
  for (const r of j.rows) {
    const d = j.decisionOf(r);
    if (d === 'rejected') rejected++;
    if (d === 'pending') pending++;
    const chosen = j.chosenOf(r);
    if (!chosen) continue;
    // The best candidate keeps its main fields (a record); a picked one its name and country.
    const best = r.best?.company.company_id === chosen.companyId ? r.best.company : undefined;
    const member: ListMemberInput = best ? { companyId: chosen.companyId, record: best } : { companyId: chosen.companyId, ...(chosen.name ? { name: chosen.name } : {}), ...(chosen.country ? { country: chosen.country } : {}) };
    if (weightAt >= 0) {
      const w = parseWeight(r.values[weightAt] ?? '');
      if (w.ok && w.value !== null) member.weight = w.value;
      if (!w.ok) weightProblems.push(`Line ${r.line}: ${w.message}; the company joined without a weight.`);
    }
    companies.push(member);
  }
  return { companies, rejected, pending, weightProblems };
}

/** Adds the reviewed companies to the target list (a new one by name, or an existing one). */
export function addReviewedToList(j: ReviewedJob, store: ListsAccess, target: ListTarget) {
  const { companies, rejected, pending, weightProblems } = reviewedCompanies(j);
  if (companies.length === 0) throw new AppError('invalid_input', 'No row is accepted yet: accept or pick a candidate first.');
  if ('newName' in target) {
    const { list, added, alreadyIn } = store.createList({ name: target.newName, companies });
    return { list: store.get(list.id)!, added, alreadyIn, rejected, pending, weightProblems };
  }
  const { added, alreadyIn } = store.addToList(target.listId, companies);
  return { list: store.get(target.listId)!, added, alreadyIn, rejected, pending, weightProblems };
}
