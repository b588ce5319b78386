// One bulk row from CSV item to answer: admission (mapping, validation, the request body) and the
// match call that fills in its candidates, with the row-level error messages. bulk-job.ts schedules
// the rows, keeps the counts and decides when the whole job must stop.
import type { BridgeError } from '../../../shared/errors';
import { applyMapping, type ColumnMapping } from '../../../shared/match/fields';
import { buildMatchBody, describeProblems } from '../../../shared/match/request-builder';
import { MAX_REVIEW_CHOICES, toChoice } from '../../../shared/match/review';
import type { ApiClient } from '../../platform/api/types';
import type { BulkRowState } from './bulk-job-types';
import { compactCandidate, rankCandidates } from './candidates';
import type { CsvItem } from './csv-source';

/** A new row, with the body to send when it is `pending`. */
export type AdmittedRow = { row: BulkRowState; body?: unknown };

/** Turns a CSV item into a row state: bad records and rows without enough facts are `invalid` at once. */
export function admitCsvItem(item: CsvItem, headers: string[], mapping: ColumnMapping, template: string | null): AdmittedRow {
  if (item.kind === 'bad') {
    return { row: { line: item.line, input: {}, values: item.values, state: 'invalid', error: { code: 'invalid_input', message: item.message, retryable: false, details: { line: item.line } } } };
  }
  const input = applyMapping(item.record, mapping);
  const values = headers.map((h) => item.record[h] ?? '');
  const built = buildMatchBody(input, template);
  if (!built.ok) {
    const message = `Line ${item.line}: ${describeProblems(built.problems)}`;
    return { row: { line: item.line, input, values, state: 'invalid', error: { code: 'invalid_input', message, retryable: false, details: { line: item.line, field: built.problems[0]?.field } } } };
  }
  return { row: { line: item.line, input, values, state: 'pending' }, body: built.body };
}

/** The body of a row sent again (a retry), built with the same template as the first run; null if it no longer builds. */
export function rebuildBody(row: BulkRowState, template: string | null): { body: unknown } | null {
  const built = buildMatchBody(row.input, template);
  return built.ok ? { body: built.body } : null;
}

/**
 * Asks the service for the row's candidates and keeps the best few on the row (a new answer clears
 * an earlier decision and error). Returns the row's next state; throws what the call threw.
 */
export async function fetchCandidates(api: ApiClient, row: BulkRowState, body: unknown, signal: AbortSignal): Promise<'matched' | 'no_match'> {
  const res = await api.match(body, { signal });
  const ranked = rankCandidates(res.result);
  row.best = ranked[0] ? compactCandidate(ranked[0]) : undefined;
  row.candidates = res.result.length;
  row.choices = ranked.length > 0 ? ranked.slice(0, MAX_REVIEW_CHOICES).map(toChoice) : undefined;
  row.manual = undefined; // new candidates: an earlier decision no longer applies
  row.error = undefined;
  return ranked.length > 0 ? 'matched' : 'no_match';
}

/** The error of a row whose match call failed, naming its line. */
export function rowError(line: number, err: BridgeError): BridgeError {
  return { ...err, message: `Line ${line}: ${err.message}`, details: { ...err.details, line } };
}

/** The error of a row left unsent because the connection itself is broken. */
export function notSentError(line: number, fatal: BridgeError): BridgeError {
  return { ...fatal, message: `Line ${line}: not sent. ${fatal.message}`, details: { line } };
}
