// The bulk export cannot mislead a join (issue 26, item 4): `match.company_id`, `match.company.*` and
// `match.confidence` hold the company a row's decision accepts (auto-accepted, accepted, picked) and
// stay empty for rejected, pending and no-match rows; the service's best candidate of every row is
// in `candidate.*`, next to `match.decision`. Before, rejected and pending rows carried the best
// candidate in `match.company_id`, so a join brought rejected matches back.
import { describe, expect, it } from 'vitest';
import { bulkTable } from '../../../../src/main/features/match/bulk-export';
import type { BulkRowState } from '../../../../src/main/features/match/bulk-job';
import { chosenOf, decisionOf, type ReviewChoice } from '../../../../src/shared/match/review';

const best = (id: string, confidence: number) => ({ confidence, company: { company_id: id, name: `${id} name`, country: 'DE', employees: 40 } });
const choices = (id: string, confidence: number): ReviewChoice[] => [
  { companyId: id, confidence, name: `${id} name`, country: 'DE' },
  { companyId: `${id}-2`, confidence: Math.round((confidence - 0.2) * 100) / 100, name: `${id} second`, country: 'AT' },
];
const row = (line: number, over: Partial<BulkRowState>): BulkRowState => ({ line, input: {}, values: [`R${line}`], state: 'matched', ...over });
const ROWS: BulkRowState[] = [
  row(2, { best: best('auto', 0.9), choices: choices('auto', 0.9), candidates: 2 }),
  row(3, { best: best('acc', 0.6), choices: choices('acc', 0.6), candidates: 2, manual: { kind: 'accepted' } }),
  row(4, { best: best('pick', 0.6), choices: choices('pick', 0.6), candidates: 2, manual: { kind: 'picked', companyId: 'pick-2' } }),
  row(5, { best: best('rej', 0.95), choices: choices('rej', 0.95), candidates: 2, manual: { kind: 'rejected' } }),
  row(6, { best: best('wait', 0.5), choices: choices('wait', 0.5), candidates: 2 }),
  row(7, { state: 'no_match', candidates: 0 }),
  row(8, { best: best('auto', 0.9), choices: choices('auto', 0.9), candidates: 2, duplicateOf: 2 }),
];
const review = {
  decision: (r: BulkRowState) => decisionOf(r.state === 'matched' ? r.best : undefined, r.manual, 0.8),
  chosen: (r: BulkRowState) => chosenOf(decisionOf(r.state === 'matched' ? r.best : undefined, r.manual, 0.8), r.choices ?? [], r.manual),
};

describe('bulk export columns', () => {
  const table = bulkTable(['ref'], ROWS, review);
  const col = (name: string) => ROWS.map((r) => table.row(r)[table.columns.indexOf(name)]);

  it('names the columns: match.* for the outcome, candidate.* for the best candidate next to the decision', () => {
    expect(table.columns).toEqual([
      'ref',
      'match.line',
      'match.status',
      'match.confidence',
      'match.company_id',
      'match.company.name',
      'match.company.country',
      'match.company.employees',
      'match.candidates',
      'match.duplicate_of',
      'match.message',
      'match.decision',
      'candidate.company_id',
      'candidate.name',
      'candidate.confidence',
    ]);
  });

  it('carries a company in match.* only for accepted rows; rejected and pending rows keep theirs in candidate.* only', () => {
    expect(col('match.decision')).toEqual(['auto-accepted', 'accepted', 'picked', 'rejected', 'pending', null, 'auto-accepted']);
    expect(col('match.company_id')).toEqual(['auto', 'acc', 'pick-2', null, null, null, 'auto']);
    expect(col('match.confidence')).toEqual([0.9, 0.6, 0.4, null, null, null, 0.9]);
    // A picked company brings the fields the review knows of it, never the best candidate's.
    expect(col('match.company.name')).toEqual(['auto name', 'acc name', 'pick second', null, null, null, 'auto name']);
    expect(col('match.company.country')).toEqual(['DE', 'DE', 'AT', null, null, null, 'DE']);
    expect(col('match.company.employees')).toEqual([40, 40, null, null, null, null, 40]);
    expect(col('candidate.company_id')).toEqual(['auto', 'acc', 'pick', 'rej', 'wait', null, 'auto']);
    expect(col('candidate.name')).toEqual(['auto name', 'acc name', 'pick name', 'rej name', 'wait name', null, 'auto name']);
    expect(col('candidate.confidence')).toEqual([0.9, 0.6, 0.6, 0.95, 0.5, null, 0.9]);
  });

  it('names the earlier line a repeated row repeats', () => {
    expect(col('match.duplicate_of')).toEqual([null, null, null, null, null, null, 2]);
  });
});
