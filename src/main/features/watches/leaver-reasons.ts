// Why a company left a watched search (issue 38): each leaver is looked up directly (one Search by
// company_id, sent through the check's metered client, so it counts in the check's requests) and the
// change says "No longer in the service's data." or "No longer matches: Employees 480 (condition:
// Employees greater than 500)." with the saved search's conditions it now fails. At most
// LEAVER_LOOKUPS_MAX per check; the others say they were not looked up, and the check's note says so.
import { AppError } from '../../../shared/errors';
import { findAttribute, isRelation, RELATION_INFO } from '../../../shared/service/catalogue';
import type { SearchBody } from '../../../shared/service/schemas';
import { conditionTest, type Condition } from '../../../shared/search/condition-eval';
import { sentenceCount, sentenceNumber } from '../../../shared/sentence-numbers';
import type { ApiClient } from '../../platform/api/types';
import { companyById } from '../../platform/api/company-by-id';
import type { FoundChange } from './change-store';

/** Leavers looked up per check: a search that loses thousands does not cost thousands of requests. */
export const LEAVER_LOOKUPS_MAX = 50;

export const REMOVED_REASON = 'No longer in the service’s data.';

const label = (attribute: string) => findAttribute(attribute)?.label ?? attribute;

function valueWords(v: unknown): string {
  if (v === null || v === undefined || v === '') return 'none';
  if (typeof v === 'number') return sentenceNumber(v);
  if (Array.isArray(v)) return v.map(valueWords).join(', ');
  return typeof v === 'string' ? `“${v}”` : JSON.stringify(v);
}

function conditionWords(c: Condition): string {
  const value = c.relation === 'between' && Array.isArray(c.value) ? `${valueWords(c.value[0])} and ${valueWords(c.value[1])}` : valueWords(c.value);
  return `${label(c.attribute)} ${RELATION_INFO[c.relation].label} ${value}`;
}

/** The conditions of `body` the record fails, in words; empty when it meets the search. */
export function failedConditions(body: SearchBody, record: Record<string, unknown>): string[] {
  const op = 'and' in body.filters ? 'and' : 'or';
  const conditions: Condition[] = ('and' in body.filters ? body.filters.and : body.filters.or).flatMap((f) => (isRelation(f.relation) ? [{ attribute: f.attribute, relation: f.relation, value: f.value }] : []));
  const failing = conditions.filter((c) => !conditionTest(c)(record));
  // An "or" search is left only when every condition fails; an "and" one when any does.
  if (op === 'or' ? failing.length < conditions.length : failing.length === 0) return [];
  return failing.map((c) => `${label(c.attribute)} ${valueWords(record[c.attribute])} (condition: ${conditionWords(c)})`);
}

/** The reason of one leaver, from its record as the service has it now (null: gone). */
export function leaverReason(body: SearchBody, record: Record<string, unknown> | null): string {
  if (!record) return REMOVED_REASON;
  const failing = failedConditions(body, record);
  if (failing.length === 0) return 'Still matches the search now; it was not in this check’s results.';
  return `No longer matches: ${failing.join('; ')}.`;
}

/** The changes with a reason on each `left` one; a note when some were not looked up. */
export async function explainLeavers(changes: FoundChange[], body: SearchBody, api: ApiClient, signal: AbortSignal): Promise<{ changes: FoundChange[]; note?: string }> {
  let looked = 0;
  let skipped = 0;
  const out: FoundChange[] = [];
  for (const c of changes) {
    if (c.kind !== 'left') {
      out.push(c);
      continue;
    }
    if (looked >= LEAVER_LOOKUPS_MAX) {
      skipped++;
      out.push({ ...c, detail: `Not looked up: at most ${sentenceCount(LEAVER_LOOKUPS_MAX)} companies that left are looked up per check.` });
      continue;
    }
    looked++;
    try {
      out.push({ ...c, detail: leaverReason(body, await companyById(api, c.companyId, { signal })) });
    } catch (e) {
      if (signal.aborted) throw e;
      out.push({ ...c, detail: `Could not be looked up: ${e instanceof AppError ? e.message : 'the service did not answer'}` });
    }
  }
  const note = skipped > 0 ? `${sentenceCount(skipped)} of the companies that left were not looked up (at most ${sentenceCount(LEAVER_LOOKUPS_MAX)} per check).` : undefined;
  return { changes: out, ...(note ? { note } : {}) };
}
