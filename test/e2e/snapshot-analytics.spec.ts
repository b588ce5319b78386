// Portfolio analytics of a snapshot view (issue 29) in Chromium against the embedded sandbox (seed
// 42): load the 30 largest employers, save them as a list and run scores over it (30 requests),
// then the snapshot's Analytics: the rating counts equal the ESG the workspace stored for those
// companies; a country facet narrows the analytics to the rows shown, said in words; the toggle
// stays open across navigation; an axe scan.
import type { Page } from '@playwright/test';
import type { ListMembersPage } from '../../src/shared/lists/lists';
import { expectNoAxeViolations } from './a11y';
import { expect, test } from './fixtures';
import { largestEmployers, searchLargestEmployers } from './largest-employers';
import { idCell } from './grid-helpers';
import { percentileText } from './peer-percentile';

const { threshold, top } = largestEmployers(30);
const NAME = 'Largest 30 employers';
const RATINGS = ['AAA', 'AA', 'A', 'BBB', 'BB', 'B', 'CCC'];
// The country with most of the 30, for the facet.
const countries = new Map<string, number>();
for (const c of top) countries.set(c.country, (countries.get(c.country) ?? 0) + 1);
const [bigCountry, inBig] = [...countries].sort((a, b) => b[1] - a[1])[0]!;
const countryName = top.find((c) => c.country === bigCountry)!.country_name;

async function members(page: Page): Promise<ListMembersPage['rows']> {
  return page.evaluate(async (name) => {
    type Api = { lists: { all(): Promise<{ value: { id: number; name: string }[] }>; members(i: unknown): Promise<{ value: { rows: unknown[] } }> } };
    const api = (window as unknown as { firmscope: Api }).firmscope;
    const id = (await api.lists.all()).value.find((l) => l.name === name)!.id;
    return (await api.lists.members({ id, view: {}, offset: 0, limit: 1000 })).value.rows;
  }, NAME) as Promise<ListMembersPage['rows']>;
}

const ratingRows = (page: Page) =>
  page.getByRole('table', { name: 'Rating breakdown: the numbers' }).locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [tr.children[0]!.textContent, tr.children[1]!.textContent]));

function expectedRatings(rows: ListMembersPage['rows']): string[][] {
  const counts = new Map<string, number>();
  for (const m of rows) if (typeof m.esg.overallScore === 'number') counts.set(m.esg.overallRating!, (counts.get(m.esg.overallRating!) ?? 0) + 1);
  return [...counts].sort(([a], [b]) => RATINGS.indexOf(a) - RATINGS.indexOf(b)).map(([r, n]) => [r, String(n)]);
}

test.use({ viewport: { width: 1440, height: 900 } });

test('a snapshot view’s analytics: numbers from the stored ESG, narrowed by a facet, kept open across navigation', async ({ page }) => {
  test.setTimeout(300_000);
  await searchLargestEmployers(page, 30, threshold);
  await page.getByRole('button', { name: 'Load all 30 results' }).click();
  await expect(page.getByText(/^Snapshot of .*: [\d,]+ rows/)).toContainText('30 rows', { timeout: 60_000 });

  // The list of the same 30 and a scores run over it.
  await page.getByRole('button', { name: 'Save all 30 as list…' }).click();
  const save = page.getByRole('form', { name: 'Save all 30 as list' });
  await save.getByLabel('Name of the new list').fill(NAME);
  await save.getByRole('button', { name: 'Create list' }).click();
  await page.getByRole('button', { name: 'Open list' }).click();
  const view = page.getByRole('region', { name: NAME });
  await view.getByRole('button', { name: 'Refresh ESG', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Refresh ESG for ${NAME}` });
  await dialog.getByRole('checkbox', { name: 'Scores' }).check();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await dialog.getByRole('button', { name: 'Start run' }).click();
  await expect(page.getByTestId('run-state')).toHaveText('Finished', { timeout: 180_000 });
  const stored = await members(page);
  const scored = stored.filter((m) => typeof m.esg.overallScore === 'number');
  expect(scored.length).toBeGreaterThan(15);

  // Back on Search: the snapshot's Analytics.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('button', { name: 'Analytics', exact: true }).click();
  const analytics = page.getByRole('region', { name: 'Portfolio analytics' });
  await expect(analytics.locator('figure[data-drawn="true"]').first()).toBeVisible({ timeout: 30_000 });
  await expect(analytics.getByTestId('analytics-coverage')).toContainText('From the latest stored ESG results of the 30 companies of the snapshot of');
  await expect.poll(() => ratingRows(page)).toEqual(expectedRatings(stored));

  // A country facet: the analytics follow the rows shown.
  const facets = page.getByRole('complementary', { name: 'Facets' });
  await facets.getByRole('button', { name: new RegExp(`^${countryName} \\(${bigCountry}\\) ${inBig} compan`) }).click();
  await expect(analytics.getByTestId('analytics-coverage')).toContainText(`of the ${inBig} companies shown (the filtered view of the 30-row snapshot of`);
  const shown = stored.filter((m) => top.some((c) => c.company_id === m.companyId && c.country === bigCountry));
  await expect.poll(() => ratingRows(page)).toEqual(expectedRatings(shown));
  await expectNoAxeViolations(page, 'a snapshot view with its analytics');

  // Navigation away and back keeps the analytics open on the same view.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Lists', exact: true }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Analytics', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(analytics.getByTestId('analytics-coverage')).toContainText(`of the ${inBig} companies shown`);

  // A company opened from the snapshot: its ESG view ranks it among all 30 loaded rows.
  const company = scored.find((m) => shown.some((s) => s.companyId === m.companyId))!;
  await idCell(page, company.companyId).dblclick();
  await page.getByRole('complementary', { name: company.name! }).getByRole('button', { name: 'Open ESG' }).click();
  const peers = page.getByRole('region', { name: 'Peer benchmark' });
  const values = scored.map((m) => m.esg.overallScore!);
  await expect(peers.getByTestId('peer-percentiles')).toContainText(`The loaded search results it was opened from (30 companies): ${percentileText(company.esg.overallScore!, values)}.`);
});
