// Team watches in Chromium: the app joins a team server (a real one on a real PostgreSQL, started by
// this spec, checking the same embedded sandbox the app searches, with the team's credential), shares
// a saved search and watches it there, checks it now (the baseline), the sandbox's data moves one
// epoch, checks again: the Team screen shows the last check, its cost and exactly the companies that
// entered and left the search (computed from the sandbox's own evolution code); axe on the way.
// The watch carries the rule "Employees: 10 % or more" (issue 38), said in words in the table: the
// check keeps exactly the field changes the rule allows, a company's several as one row, and each
// company that left says why.
// Then the same for a list: shared with its ESG modules chosen (the cost said first), refreshed on
// the server twice, its rating changes and news equal to the sandbox's change log.
import { startTempPostgres, type TempPostgres } from '../helpers/postgres';
import { expectNoAxeViolations } from './a11y';
import { expect, FIRST_SEARCH_MS } from './fixtures';
import { controlCall as control, sandboxUp, steeredTest } from './steered-host';
import type { DataChange } from '../../src/sandbox/evolution/changes';
import { listFromIds } from './esg-run-helpers';
import { buildDeepLink } from '../../src/shared/team/deep-link';
import { joinTeam, startTeamNode, type TeamNode } from './team-node';
import { DE_500_5000, expectSearch } from './watches-expected';

const test = steeredTest;
test.use({ viewport: { width: 1440, height: 900 } });

const SEARCH_NAME = 'DE 500-5000';
const LIST_NAME = 'Portfolio A';
const body = DE_500_5000;
const RATES = { added: 40, removed: 40, field: 100 };
const expected = expectSearch(body, RATES);
const pct = (a: unknown, b: unknown) => (typeof a === 'number' && typeof b === 'number' ? (a === 0 ? (b === 0 ? 0 : Infinity) : (Math.abs(b - a) / Math.abs(a)) * 100) : Infinity);
// Independent truth of the rule: employee moves of 10 % or more, every other field as it moved.
const kept = new Map([...expected.fieldMoves].map(([id, moves]) => [id, moves.filter((m) => m.field !== 'employee_count' || pct(m.old, m.new) >= 10 - 1e-9)] as const).filter(([, m]) => m.length > 0));

let db: TempPostgres;
let node: TeamNode | null = null;
test.beforeAll(async () => {
  db = await startTempPostgres();
});
test.afterAll(async () => {
  await node?.close();
  await db?.stop();
});

/** A team server checking the app's own embedded sandbox; an invite for Ada. */
async function startTeamServer(controlUrl: string): Promise<{ serverUrl: string; inviteCode: string }> {
  await node?.close();
  node = await startTeamNode({ databaseUrl: db.url, controlUrl });
  return { serverUrl: node.serverUrl, inviteCode: (await node.core.members.invite({ name: 'Ada Analyst' })).inviteCode };
}

test('share a saved search with the team, check it on the server twice, see what entered and left', async ({ page, host }) => {
  test.setTimeout(240_000);
  await expect(page.getByRole('heading', { level: 1, name: 'Search companies' })).toBeVisible();
  await sandboxUp(host.control);
  await control(host.control, '/evolution', { method: 'PUT', body: JSON.stringify({ rates: RATES }) });
  const joining = await startTeamServer(host.control);

  // A saved search of the app's own.
  await page.getByLabel('Request body (JSON)').fill(JSON.stringify(body));
  await page.getByRole('form', { name: 'Search filters' }).getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByTestId('rows-range')).toContainText(`of ${expected.before}`, { timeout: FIRST_SEARCH_MS });
  await page.getByLabel('Name for this search').fill(SEARCH_NAME);
  await page.getByRole('button', { name: 'Save search' }).click();

  // The Team screen asks to join first; Settings joins.
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: /^Team/ }).click();
  await page.getByRole('button', { name: 'Join a team server in Settings' }).click();
  await joinTeam(page, joining);
  await expect(page.getByText('No team watches yet.')).toBeVisible();
  const share = page.getByRole('region', { name: 'Watch a saved search with the team' });
  await share.getByLabel('Saved search').selectOption({ label: SEARCH_NAME });
  await share.getByLabel('When the server checks').selectOption({ label: 'Daily at a time' });
  await share.getByRole('button', { name: 'Add a rule' }).click();
  await share.getByLabel('Value of rule 1').fill('10');
  const ruleWords = 'Employees: alerts on a change of 10 % or more. Other fields: any change';
  await expect(share.getByTestId('watch-rules-words')).toHaveText(`${ruleWords}.`);
  await share.getByRole('button', { name: 'Share and watch with the team' }).click();
  await expect(share.getByRole('status')).toHaveText(`‘${SEARCH_NAME}’ is shared with the team and watched on the server.`);
  const watches = page.getByRole('table', { name: 'Team watches' });
  const row = watches.getByRole('row', { name: new RegExp(SEARCH_NAME) });
  await expect(row).toContainText('Ada Analyst');
  await expect(row).toContainText('Not checked yet');
  await expect(row).toContainText(ruleWords);
  await expectNoAxeViolations(page, 'the Team screen with a team watch');

  // Check now: the baseline, counted in companies and requests.
  await row.getByRole('button', { name: `Check now: ‘${SEARCH_NAME}’` }).click();
  await expect(row).toContainText(`first check, ${expected.before.toLocaleString('en-US')} companies (the baseline)`, { timeout: 60_000 });
  // Cells after the row's name: what it watches, maker, schedule, alerts, last check, requests, next check.
  await expect(row.getByRole('cell').nth(5)).toHaveText(String(Math.ceil(expected.before / 200)));

  // The data moves one epoch; the next check finds exactly who entered and left.
  await control(host.control, '/evolution/step', { method: 'POST', body: JSON.stringify({ epochs: 1 }) });
  await row.getByRole('button', { name: `Check now: ‘${SEARCH_NAME}’` }).click();
  await expect(row).toContainText(/: \d+ changes?/, { timeout: 60_000 });
  await row.getByRole('button', { name: `Changes found by ‘${SEARCH_NAME}’` }).click();
  const found = page.getByRole('table', { name: `Changes found by ‘${SEARCH_NAME}’` });
  await expect(found).toBeVisible();
  const whatOf = async (what: string) => found.getByRole('row').filter({ has: page.getByRole('cell', { name: what, exact: true }) }).count();
  expect(await whatOf('Entered the search')).toBe(expected.entered.size);
  expect(await whatOf('Left the search')).toBe(expected.left.size);
  expect(expected.entered.size + expected.left.size).toBeGreaterThan(0);
  // The rule: one row per company with kept field changes (several as one), none for the others.
  expect(kept.size, 'some field changes are kept').toBeGreaterThan(0);
  expect(kept.size, 'and some companies only had small employee moves').toBeLessThan(expected.fieldMoves.size);
  expect(await whatOf('Field changed')).toBe([...kept.values()].filter((m) => m.length === 1).length);
  expect(await whatOf('Fields changed')).toBe([...kept.values()].filter((m) => m.length > 1).length);
  // Each company that left says why.
  const leftRows = found.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Left the search', exact: true }) });
  for (const r of await leftRows.all()) await expect(r).toContainText(/No longer (in the service’s data\.|matches: )/);
  await expectNoAxeViolations(page, 'the changes of a team watch');

  // A digest's link to that check and one company that entered, opened through browser mode's /open
  // from elsewhere in the app: the Team screen shows that check with that company first.
  const summary = (await node!.core.watches!.store.summaries()).find((w) => w.name === SEARCH_NAME)!;
  const company = [...expected.entered][0] ?? [...expected.left][0]!;
  const link = buildDeepLink({ kind: 'changes', watchId: summary.id, checkId: String(summary.lastCheck!.id), companyId: company });
  await nav.getByRole('button', { name: 'Search', exact: true }).click();
  await page.goto(`${new URL(page.url()).origin}/open?link=${encodeURIComponent(link)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Open in Firmscope' })).toBeVisible();
  await page.getByRole('button', { name: 'Show it in Firmscope' }).click();
  const linked = page.getByRole('table', { name: `Changes found by ‘${SEARCH_NAME}’` });
  await expect(page.getByRole('heading', { name: `What ‘${SEARCH_NAME}’ found in check ${summary.lastCheck!.id}` })).toBeVisible();
  await expect(page.getByTestId('team-changes-company')).toContainText('come first');
  await expect(linked.getByRole('row').nth(1)).toHaveAttribute('aria-current', 'true');

  // A company opened from a team change stands alone: its record, and the change that led there.
  const changedRow = linked.getByRole('row').filter({ has: page.getByRole('cell', { name: /^Fields? changed$/ }) }).first();
  await changedRow.getByRole('rowheader').getByRole('button').click();
  await expect(page.getByTestId('company-record-from')).toContainText(`(team watch ‘${SEARCH_NAME}’)`);
  await expect(page.getByTestId('company-record')).toContainText('Employees');
  await expectNoAxeViolations(page, 'a company opened from a team change');
});

test('share a list with the team, refresh its ESG on the server twice, see the rating changes and news of the change log', async ({ page, host }) => {
  test.setTimeout(240_000);
  await expect(page.getByRole('heading', { level: 1, name: 'Search companies' })).toBeVisible();
  await sandboxUp(host.control);
  await control(host.control, '/esg/pace', { method: 'PUT', body: JSON.stringify({ sessionMs: 300 }) });
  await control(host.control, '/evolution', { method: 'PUT', body: JSON.stringify({ rates: { score: 150, rating: 150, news: 150 } }) });
  const listed = (await control<{ result: Array<{ company_id: string; name: string }> }>(host.control, '/esg/companies?kind=known&limit=20')).result;
  const joining = await startTeamServer(host.control);
  await listFromIds(page, LIST_NAME, listed.map((c) => c.company_id));

  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Settings', exact: true }).click();
  await joinTeam(page, joining);
  const share = page.getByRole('region', { name: 'Watch a list with the team' });
  await share.getByLabel('List', { exact: true }).selectOption({ label: `${LIST_NAME} (20 companies)` });
  await expect(share.getByTestId('team-list-cost')).toHaveText('Choose the ESG modules to see what a check costs.');
  await share.getByRole('checkbox', { name: 'Scores' }).check();
  await share.getByRole('checkbox', { name: 'News' }).check();
  await expect(share.getByTestId('team-list-cost')).toHaveText("About 160 requests per check (20 companies x 2 modules x about 4), 160 a day from the team's daily budget.");
  await share.getByRole('button', { name: 'Share and watch the list with the team' }).click();
  await expect(share.getByRole('status')).toHaveText(`‘${LIST_NAME}’ is shared with the team and its ESG watched on the server.`);
  const row = page.getByRole('table', { name: 'Team watches' }).getByRole('row', { name: new RegExp(LIST_NAME) });
  await expect(row).toContainText(`List ‘${LIST_NAME}’: News, Scores, score moves of 5 points or more`);
  await expectNoAxeViolations(page, 'the Team screen with a list watch');

  await row.getByRole('button', { name: `Check now: ‘${LIST_NAME}’` }).click();
  await expect(row).toContainText('first check, 20 companies (the baseline)', { timeout: 60_000 });
  const step = await control<{ epoch: number }>(host.control, '/evolution/step', { method: 'POST', body: JSON.stringify({ epochs: 1 }) });
  const ids = new Set(listed.map((c) => c.company_id));
  const log = (await control<{ changes: DataChange[] }>(host.control, `/changes?since=${step.epoch - 1}&until=${step.epoch}`)).changes.filter((c) => ids.has(c.company_id));
  const ratings = log.filter((c) => c.kind === 'rating');
  const news = log.filter((c) => c.kind === 'news');
  expect(ratings.length + news.length, 'the epoch moved something in the list').toBeGreaterThan(0);

  await row.getByRole('button', { name: `Check now: ‘${LIST_NAME}’` }).click();
  await expect(row).toContainText(/: [\d,]+ changes?/, { timeout: 60_000 });
  await row.getByRole('button', { name: `Changes found by ‘${LIST_NAME}’` }).click();
  const found = page.getByRole('table', { name: `Changes found by ‘${LIST_NAME}’` });
  const rowsOf = (what: string) => found.getByRole('row').filter({ has: page.getByRole('cell', { name: what, exact: true }) });
  await expect(rowsOf('ESG rating changed')).toHaveCount(ratings.length);
  await expect(rowsOf('New news')).toHaveCount(news.length);
  for (const r of ratings) {
    const name = listed.find((c) => c.company_id === r.company_id)!.name;
    await expect(rowsOf('ESG rating changed').filter({ has: page.getByRole('rowheader', { name, exact: true }) }).first()).toContainText(`${String(r.old)} → ${String(r.new)}`);
  }
  await expectNoAxeViolations(page, 'the changes of a team list watch');
});

test('a list another member shared: copied into my workspace, then watched with the team', async ({ page, host }) => {
  test.setTimeout(180_000);
  await expect(page.getByRole('heading', { level: 1, name: 'Search companies' })).toBeVisible();
  await sandboxUp(host.control);
  const known = (await control<{ result: Array<{ company_id: string; name: string }> }>(host.control, '/esg/companies?kind=known&limit=5')).result;
  const joining = await startTeamServer(host.control);
  // Bo shares a list from his own app (here: straight at the server, as his app would).
  const bo = (await node!.core.members.invite({ name: 'Bo Buyer' })).member;
  await node!.core.items.share(bo, { kind: 'list', name: 'Portfolio B', companies: known.map((c) => ({ companyId: c.company_id, name: c.name })) });

  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'Settings', exact: true }).click();
  await joinTeam(page, joining);
  const shared = page.getByRole('table', { name: 'Shared with the team' });
  const row = shared.getByRole('row', { name: /Portfolio B/ });
  await expect(row).toContainText('List of 5 companies');
  await expect(row).toContainText('Bo Buyer');
  await expect(row.getByRole('button', { name: /^Edit/ })).toHaveCount(0);
  await row.getByRole('button', { name: 'Copy to my workspace: ‘Portfolio B’' }).click();
  await expect(page.getByText('Copied into your workspace as the list ‘Portfolio B’ (5 companies).')).toBeVisible();

  // The copy is a list of this profile with the same companies.
  await nav.getByRole('button', { name: 'Lists', exact: true }).click();
  await expect(page.getByRole('list', { name: 'Your lists' })).toContainText('Portfolio B5 companies');

  // Watched with the team: no module preselected, the cost said first; the watch is Ada's, on Bo's item.
  await nav.getByRole('button', { name: /^Team/ }).click();
  await shared.getByRole('row', { name: /Portfolio B/ }).getByRole('button', { name: 'Watch with the team: ‘Portfolio B’' }).click();
  const form = page.getByRole('form', { name: 'Watch ‘Portfolio B’ with the team' });
  await expect(page.getByTestId('team-item-cost')).toHaveText('Choose the ESG modules to see what a check costs.');
  await form.getByRole('checkbox', { name: 'Scores' }).check();
  await expect(page.getByTestId('team-item-cost')).toHaveText("About 20 requests per check (5 companies x 1 module x about 4), 20 a day from the team's daily budget.");
  await expectNoAxeViolations(page, 'watching a shared team list');
  await form.getByRole('button', { name: 'Watch with the team' }).click();
  await expect(page.getByText('‘Portfolio B’ is watched on the team server.')).toBeVisible();
  const watch = page.getByRole('table', { name: 'Team watches' }).getByRole('row', { name: /Portfolio B/ });
  await expect(watch).toContainText('List ‘Portfolio B’: Scores');
  await expect(watch).toContainText('Ada Analyst');
});
