// The list view's ESG columns come from what ESG runs stored: results saved through EsgRunStore show
// in ListStore.membersPage (overall/E/S/G, rating, counts, refresh time, change since previous).
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { WorkspaceDb } from '../../../../src/main/platform/workspace/db';
import { ListStore } from '../../../../src/main/features/lists/list-store';
import { EsgRunStore } from '../../../../src/main/features/esg-runs/store';
import { company, openAt, tempWorkspaceDir } from '../../platform/workspace/helpers';

let db: WorkspaceDb;
let cleanup: () => void;
beforeEach(() => {
  const t = tempWorkspaceDir();
  cleanup = t.cleanup;
  db = openAt(t.file);
});
afterEach(() => {
  db.close();
  cleanup();
});

it('shows stored ESG results in the list view, with the change since the previous refresh', () => {
  const lists = new ListStore(db, 'p', () => 1);
  const esg = new EsgRunStore(db);
  const a = company(1);
  const b = company(2);
  const { list } = lists.createList({ name: 'Portfolio', companies: [{ companyId: a.company_id, record: a }, { companyId: b.company_id, record: b }] });
  const save = (module: 'scores' | 'news', fetchedAt: number, items: Record<string, unknown>[]) =>
    esg.saveResult({ companyId: a.company_id, companyName: 'Company 1', module, fetchedAt, runId: null, items });
  save('scores', 1_000, [{ score_id: 's1', overall: 60, environmental: 55, social: 62, governance: 63, rating: 'BB' }]);
  save('scores', 2_000, [{ score_id: 's2', overall: 64.5, environmental: 58, social: 66, governance: 69, rating: 'BBB' }]);
  save('news', 2_500, [{ article_id: 'n1' }, { article_id: 'n2' }, { article_id: 'n3' }]);

  const rows = lists.membersPage(list.id, {}, 0, 10).rows;
  const withEsg = rows.find((r) => r.companyId === a.company_id);
  expect(withEsg?.esg).toEqual({
    overallScore: 64.5,
    overallRating: 'BBB',
    environmentalScore: 58,
    socialScore: 66,
    governanceScore: 69,
    newsCount: 3,
    refreshedAt: 2_500,
    overallChange: 4.5,
  });
  expect(rows.find((r) => r.companyId === b.company_id)?.esg).toEqual({});
});
