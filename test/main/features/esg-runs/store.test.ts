// The runs store on a real workspace database: cells per company x module, every refresh kept,
// change since previous, new items since the previous refresh, and the list-view summary table.
import { afterEach, expect, it } from 'vitest';
import { EsgRunStore } from '../../../../src/main/features/esg-runs/store';
import { createWorkspace, type Workspace } from '../../../../src/main/platform/workspace/workspace';
import { tempDataDir } from './helpers/run-world';

let ws: Workspace | null = null;
afterEach(() => ws?.close());
const store = () => {
  ws = createWorkspace({ dataDir: tempDataDir(), notify: () => {} });
  return new EsgRunStore(ws.forProfile('p1'));
};
const score = (overall: number, rating: string, id: string) => ({ score_id: id, overall, environmental: overall + 1, social: overall - 1, governance: overall, rating });

it('creates one queued cell per company and module (a company twice is one row), in board order', () => {
  const s = store();
  const run = s.createRun({ profileId: 'p1', label: 'Mid caps', listId: 7, modules: ['scores', 'news'], companies: [{ companyId: 'b', companyName: 'Beta' }, { companyId: 'a', companyName: 'Alpha' }, { companyId: 'b', companyName: 'Beta' }], now: 1000 });
  expect(run).toMatchObject({ label: 'Mid caps', listId: 7, status: 'running', total: 4, companies: 2, counts: { queued: 4, complete: 0 } });
  expect(s.tasks(run.id).map((t) => `${t.companyName}/${t.module}/${t.progressUnit}`)).toEqual(['Beta/news/articles held', 'Beta/scores/score ready (0 or 1)', 'Alpha/news/articles held', 'Alpha/scores/score ready (0 or 1)']);
  expect(s.openRuns('p1').map((r) => r.id)).toEqual([run.id]);
  s.setRunStatus(run.id, 'finished', 2000);
  expect(s.openRuns('p1')).toEqual([]);
  expect(s.listRuns('p1')[0]).toMatchObject({ status: 'finished', finishedAt: 2000 });
});

it('keeps every refresh: history newest first, change since previous, new items since the previous refresh', () => {
  const s = store();
  s.saveResult({ companyId: 'a', companyName: 'Alpha', module: 'scores', fetchedAt: 100, runId: null, items: [score(60, 'BBB', 's1')] });
  s.saveResult({ companyId: 'a', companyName: 'Alpha', module: 'news', fetchedAt: 110, runId: null, items: [{ article_id: 'n1' }, { article_id: 'n2' }] });
  expect(s.summaries(['a', 'zzz'])).toEqual([
    { companyId: 'a', overall: 60, environmental: 61, social: 59, governance: 60, rating: 'BBB', newsCount: 2, commitmentsCount: null, lastRefreshed: 110, overallChange: null, previousRating: null },
  ]);
  s.saveResult({ companyId: 'a', companyName: 'Alpha', module: 'scores', fetchedAt: 200, runId: null, items: [score(67, 'A', 's2')] });
  s.saveResult({ companyId: 'a', companyName: 'Alpha', module: 'news', fetchedAt: 210, runId: null, items: [{ article_id: 'n3' }, { article_id: 'n1' }, { article_id: 'n2' }] });
  expect(s.history('a', 'scores').map((r) => r.items[0]!.overall)).toEqual([67, 60]);
  const latest = s.latest('a');
  expect(latest.companyName).toBe('Alpha');
  expect(latest.modules.news.newSincePrevious).toEqual(['n3']);
  expect(latest.modules.scores.previous!.fetchedAt).toBe(100);
  expect(latest.modules.commitments).toEqual({ latest: null, previous: null, newSincePrevious: [] });
  expect(s.summaries(['a'])[0]).toMatchObject({ overall: 67, rating: 'A', overallChange: 7, previousRating: 'BBB', newsCount: 3, lastRefreshed: 210 });
  // The summary table is there for SQL joins from list queries.
  expect(ws!.forProfile('p1').sql.get<{ overall_change: number }>('SELECT overall_change FROM esg_company_summary WHERE company_id = ?', ['a'])).toEqual({ overall_change: 7 });
});

it('finds companies with stored results by name or id, newest first, under the name last stored', () => {
  const s = store();
  s.saveResult({ companyId: 'id-a', companyName: 'Alpha Old', module: 'scores', fetchedAt: 100, runId: null, items: [score(60, 'BBB', 's1')] });
  s.saveResult({ companyId: 'id-a', companyName: 'Alpha GmbH', module: 'news', fetchedAt: 300, runId: null, items: [] });
  s.saveResult({ companyId: 'id-b', companyName: '100% Beta_Works', module: 'commitments', fetchedAt: 200, runId: null, items: [{ commitment_id: 'c' }] });
  s.saveResult({ companyId: 'id-c', companyName: null, module: 'scores', fetchedAt: 50, runId: null, items: [score(40, 'B', 's2')] });
  expect(s.storedCompanies('', 50).map((c) => [c.companyId, c.name])).toEqual([
    ['id-a', 'Alpha GmbH'],
    ['id-b', '100% Beta_Works'],
    ['id-c', null],
  ]);
  expect(s.storedCompanies('', 50)[0]).toMatchObject({ overall: 60, rating: 'BBB', lastRefreshed: 300 });
  expect(s.storedCompanies('alpha', 50).map((c) => c.companyId)).toEqual(['id-a']);
  // LIKE's wildcards in the text are literal characters.
  expect(s.storedCompanies('0%', 50).map((c) => c.companyId)).toEqual(['id-b']);
  expect(s.storedCompanies('Bet_', 50)).toEqual([]);
  expect(s.storedCompanies('_', 50).map((c) => c.companyId)).toEqual(['id-b']);
  expect(s.storedCompanies('id-c', 50).map((c) => c.companyId)).toEqual(['id-c']);
  expect(s.storedCompanies('', 2)).toHaveLength(2);
});
