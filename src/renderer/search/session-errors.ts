// Where the search session's last error shows: a failed start or reopen next to the filters (and, for a
// 400 naming a field, on the condition it names), a failed page turn above the results.
import { canonicalJson } from '../../shared/search/body';
import { fieldTarget, type BuilderState } from '../state/filter-model';
import { builderBody } from '../state/query-model';
import type { SearchSessionState } from '../state/search-state';
import { errorField, errorServiceMessage, toDisplayError } from '../ui/errors';
import type { FieldError } from './FilterBuilder';

export interface SessionErrors {
  startError: unknown;
  pageError: unknown;
  fieldError: FieldError | null;
}

export function sessionErrors(sessionError: SearchSessionState['error'], builder: BuilderState): SessionErrors {
  const startError = sessionError && sessionError.action.kind !== 'page' ? sessionError.error : null;
  const pageError = sessionError?.action.kind === 'page' ? sessionError.error : null;
  return { startError, pageError, fieldError: rowError(startError, sessionError?.action, builder) };
}

/** A 400 whose `field` names a condition of the search as built now (edits since make it stale). */
export function rowError(error: unknown, action: { kind: string; body?: unknown } | undefined, builder: BuilderState): FieldError | null {
  if (!error || action?.kind !== 'start' || toDisplayError(error).code !== 'bad_request') return null;
  if (canonicalJson(action.body) !== canonicalJson(builderBody(builder))) return null;
  const target = fieldTarget(errorField(error), builder);
  if (!target) return null;
  return { ...target, message: errorServiceMessage(error) ?? toDisplayError(error).message };
}
