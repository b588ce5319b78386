// Portfolio analytics in Chromium against the embedded sandbox (seed 42): a list of 20 companies
// from pasted ids, a scores run over it, then the list's Analytics: its numbers (coverage, rating
// counts, the overall score's histogram) checked against what the workspace holds for the list (read
// through the lists bridge, as the list view reads it), an axe scan, Save SVG read back from disk;
// last, one company's ESG view opened from the list ranks it in the list (peer benchmark).
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import type { ListMembersPage } from '../../src/shared/lists/lists';
import { generateCompanies } from '../../src/sandbox/dataset';
import { expectNoAxeViolations } from './a11y';
import { listFromIds, refreshListScores } from './esg-run-helpers';
import { expect, test } from './fixtures';
import { percentileText } from './peer-percentile';

const NAME = 'Analytics sample';
const companies = generateCompanies(42, 25_000).slice(100, 120);
const RATINGS = ['AAA', 'AA', 'A', 'BBB', 'BB', 'B', 'CCC'];
const fmt = new Intl.NumberFormat('en-US');

type Member = ListMembersPage['rows'][number];

/** The list's members with their ESG columns, from the workspace through the bridge. */
async function workspaceMembers(page: Page): Promise<Member[]> {
  return page.evaluate(async (name) => {
    type Api = { lists: { all(): Promise<{ ok: boolean; value: { id: number; name: string }[] }>; members(i: unknown): Promise<{ ok: boolean; value: { rows: unknown[] } }> } };
    const api = (window as unknown as { firmscope: Api }).firmscope;
    const lists = (await api.lists.all()).value;
    const id = lists.find((l) => l.name === name)!.id;
    return (await api.lists.members({ id, view: {}, offset: 0, limit: 1000 })).value.rows;
  }, NAME) as Promise<Member[]>;
}

const tableRows = async (page: Page, name: string) =>
  page.getByRole('table', { name }).locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent ?? '')));

test.use({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });

test('a list’s analytics match the workspace, pass axe, save as SVG; a company is ranked in its list', async ({ page }) => {
  test.setTimeout(300_000);
  await listFromIds(page, NAME, companies.map((c) => c.company_id));
  const view = page.getByRole('region', { name: NAME });
  await expect(view.getByTestId('list-rows')).toHaveText('Rows 1–20 of 20');

  // A scores run over the list (20 module requests).
  await refreshListScores(page, view, NAME);

  // Back to the list: Analytics.
  await page.keyboard.press('Alt+3');
  await view.getByRole('button', { name: 'Analytics', exact: true }).click();
  const analytics = page.getByRole('region', { name: 'Portfolio analytics' });
  await expect(analytics.locator('figure[data-drawn="true"]')).toHaveCount(8, { timeout: 30_000 });

  // The numbers against the workspace.
  const members = await workspaceMembers(page);
  expect(members).toHaveLength(20);
  const scored = members.filter((m) => typeof m.esg.overallScore === 'number');
  const withData = members.filter((m) => typeof m.esg.refreshedAt === 'number');
  expect(scored.length).toBeGreaterThan(10); // about 5 % are unknown to the sandbox's ESG sources
  const coverage = analytics.getByRole('figure', { name: 'Coverage and freshness' });
  await expect(coverage).toContainText(`${withData.length} of 20 companies`);
  await expect(coverage).toContainText(`${scored.length} (`);
  expect(await tableRows(page, 'Coverage and freshness: the numbers')).toContainEqual(['Within a day', String(withData.length), `${Math.round((withData.length / 20) * 100)} %`]);

  const ratingCounts = new Map<string, number>();
  for (const m of scored) ratingCounts.set(m.esg.overallRating!, (ratingCounts.get(m.esg.overallRating!) ?? 0) + 1);
  const expectedRatings = [...ratingCounts].sort(([a], [b]) => RATINGS.indexOf(a) - RATINGS.indexOf(b));
  const shownRatings = await tableRows(page, 'Rating breakdown: the numbers');
  expect(shownRatings.map((r) => [r[0], r[1]])).toEqual(expectedRatings.map(([r, n]) => [r, fmt.format(n)]));

  const bins = Array.from({ length: 10 }, () => 0);
  for (const m of scored) bins[Math.min(9, Math.floor(m.esg.overallScore! / 10))]!++;
  const histogram = await tableRows(page, 'Score distributions: the numbers');
  expect(histogram.slice(0, 10).map((r) => [r[0], r[1]])).toEqual(bins.map((n, i) => [`${i * 10}–${i * 10 + 10}`, String(n)]));
  const byCountry = await tableRows(page, 'Overall score by country: the numbers');
  expect(byCountry.reduce((n, r) => n + Number(r[1]), 0)).toBe(20);

  // Show table puts a chart's numbers on screen.
  const ratingsFigure = analytics.getByRole('figure', { name: 'Rating breakdown' });
  await ratingsFigure.getByRole('button', { name: 'Show table' }).click();
  await expect(ratingsFigure.getByRole('table')).toBeVisible();
  await expectNoAxeViolations(page, 'the list’s analytics');

  // Save SVG: a file that is the chart's SVG.
  const saved = page.waitForEvent('download');
  await analytics.getByRole('button', { name: 'Save SVG: Score distributions' }).click();
  const download = await saved;
  expect(download.suggestedFilename()).toBe('analytics-sample-score-distributions.svg');
  const svg = await readFile((await download.path())!, 'utf8');
  expect(svg.startsWith('<svg')).toBe(true);
  expect(svg).toContain('</svg>');

  // A company opened from the list: its percentile among the list's scores.
  const company = scored[0]!;
  const values = scored.map((m) => m.esg.overallScore!);
  await view.getByRole('table', { name: `Companies in ${NAME}` }).getByRole('button', { name: company.name!, exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: company.name!, exact: true })).toBeVisible();
  const peers = page.getByRole('region', { name: 'Peer benchmark' });
  await expect(peers.getByTestId('peer-percentiles')).toContainText(`List “${NAME}”: ${percentileText(company.esg.overallScore!, values)}.`);
  await expect(peers.locator('figure[data-drawn="true"]')).toHaveCount(1);
  await expectNoAxeViolations(page, 'a company’s ESG view with its peer benchmark');
});
