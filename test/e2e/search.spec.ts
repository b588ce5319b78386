// Search and browse against browser mode with the embedded sandbox (seed 42, 25,000 companies).
import type { Page } from '@playwright/test';
import { generateCompanies } from '../../src/sandbox/dataset';
import { expectNoAxeViolations } from './a11y';
import { expect, FIRST_SEARCH_MS, test } from './fixtures';
import { idCell, shownIds } from './grid-helpers';
import { expectAllSaved } from './settled';

const companies = generateCompanies(42, 25_000);
const zaLarge = companies.filter((c) => c.country === 'ZA' && (c.employee_count ?? 0) > 10_000);

const pager = (page: Page) => page.getByRole('navigation', { name: 'Result pages' });
const range = (page: Page) => page.getByTestId('rows-range');
const searchButton = (page: Page) => page.getByRole('form', { name: 'Search filters' }).getByRole('button', { name: 'Search', exact: true });
const bodyEditor = (page: Page) => page.getByLabel('Request body (JSON)');

/** The chips (in / not_in values) of a condition, as shown. */
const chipTexts = (page: Page, n: number) => page.getByRole('list', { name: `Values of condition ${n}` }).locator('.chip__text');

async function openSearch(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: 'Search companies' })).toBeVisible();
}

test('two-condition search, paging both ways, page size restart, JSON editing, saved search after reload', async ({ page }) => {
  // The first search may take up to FIRST_SEARCH_MS (it signs in); the dozens of steps after it need the rest.
  test.setTimeout(150_000);
  const n = zaLarge.length;
  const pages = Math.ceil(n / 10);
  expect(pages).toBeGreaterThanOrEqual(3);
  await openSearch(page);

  await page.getByLabel('Attribute of condition 1').fill('country');
  await page.getByLabel('Relation of condition 1').fill('equals');
  await page.getByLabel('Value of condition 1').fill('ZA');
  await page.getByRole('button', { name: 'Add condition' }).click();
  await page.getByLabel('Attribute of condition 2').fill('employee_count');
  await page.getByLabel('Relation of condition 2').fill('greater_than');
  await page.getByLabel('Value of condition 2 (number)').fill('10000');
  await expect(page.getByRole('radio', { name: 'all conditions (and)' })).toBeChecked();
  expect(JSON.parse(await bodyEditor(page).inputValue())).toEqual({
    filters: { and: [{ attribute: 'country', relation: 'equals', value: 'ZA' }, { attribute: 'employee_count', relation: 'greater_than', value: 10000 }] },
  });
  await searchButton(page).click();

  // The first search of a fresh app also signs in to the sandbox: slower on a busy machine.
  await expect(pager(page)).toContainText('Page 1', { timeout: FIRST_SEARCH_MS });
  // That first call signed in: the header says so without any other action.
  await expect(page.getByRole('banner')).toContainText(/Connected, token renews in \d+ min/);
  await expect(range(page)).toHaveText(`Rows 1–10 of ${n}`);
  const first = await shownIds(page);
  expect(first).toHaveLength(10);
  expect(new Set(first)).toEqual(new Set(zaLarge.slice(0, 10).map((c) => c.company_id)));
  await expect(pager(page).getByRole('button', { name: 'Previous' })).toBeDisabled();

  const next = pager(page).getByRole('button', { name: 'Next' });
  for (let p = 2; p <= pages; p++) {
    await next.click();
    await expect(pager(page)).toContainText(`Page ${p}`);
  }
  await expect(range(page)).toHaveText(`Rows ${(pages - 1) * 10 + 1}–${n} of ${n}`);
  await expect(next).toBeDisabled();
  const prev = pager(page).getByRole('button', { name: 'Previous' });
  for (let p = pages - 1; p >= 1; p--) {
    await prev.click();
    await expect(pager(page)).toContainText(`Page ${p}`);
  }
  await expect(prev).toBeDisabled();
  expect(await shownIds(page)).toEqual(first);

  // A new page size is a new session from page 1; paging it works (no 400).
  await page.getByLabel('Page size').fill('7');
  await page.getByLabel('Page size').press('Enter');
  await expect(range(page)).toHaveText(`Rows 1–7 of ${n}`);
  await expect(pager(page)).toContainText('Page 1');
  await next.click();
  await expect(range(page)).toHaveText(`Rows 8–14 of ${n}`);
  await expect(page.getByRole('alert')).toHaveCount(0);

  // JSON → builder, invalid JSON pointed at and kept.
  const orBody = { filters: { or: [{ attribute: 'country', relation: 'equals', value: 'IE' }, { attribute: 'country', relation: 'in', value: ['NO', 'ZA'] }] } };
  await bodyEditor(page).fill(JSON.stringify(orBody, null, 2));
  await expect(page.getByRole('radio', { name: 'any condition (or)' })).toBeChecked();
  await expect(page.getByLabel('Value of condition 1')).toHaveValue('IE');
  await expect(page.getByLabel('Relation of condition 2')).toHaveValue('is one of');
  await expect(chipTexts(page, 2)).toHaveText(['Norway (NO)', 'South Africa (ZA)']);
  await bodyEditor(page).fill('{"filters": {"and": [ {"attribute": "country",, } ] } }');
  await expect(page.getByText(/Invalid JSON at line 1, column \d+/)).toBeVisible();
  await expect(bodyEditor(page)).toHaveValue('{"filters": {"and": [ {"attribute": "country",, } ] } }');
  await expect(chipTexts(page, 2)).toHaveText(['Norway (NO)', 'South Africa (ZA)']);
  const zaBody = { filters: { and: [{ attribute: 'country', relation: 'equals', value: 'ZA' }, { attribute: 'employee_count', relation: 'greater_than', value: 10000 }] } };
  await bodyEditor(page).fill(JSON.stringify(zaBody));
  await expect(page.getByRole('radio', { name: 'all conditions (and)' })).toBeChecked();
  await expect(page.getByLabel('Value of condition 2 (number)')).toHaveValue('10000');

  // Save (page size 7) and hide a column; both survive a reload.
  await page.getByLabel('Name for this search').fill('ZA large employers');
  await page.getByRole('button', { name: 'Save search' }).click();
  await expect(page.getByRole('button', { name: 'Open saved search ZA large employers' })).toBeVisible();
  await page.getByRole('button', { name: 'Open saved search ZA large employers' }).click();
  await expect(range(page)).toHaveText(`Rows 1–7 of ${n}`);
  const grid = page.getByRole('grid', { name: 'Search results' });
  const allColumns = Number(await grid.getAttribute('aria-colcount'));
  await page.getByRole('button', { name: /^Columns \(/ }).click();
  await page.getByRole('group', { name: 'Grid columns' }).getByRole('checkbox', { name: 'Country name' }).uncheck();
  await expect(page.getByRole('columnheader', { name: 'Country name' })).toHaveCount(0);
  await expect(grid).toHaveAttribute('aria-colcount', String(allColumns - 1));
  await expectAllSaved(page); // the column choices, with the saved search and in the screen state

  await page.reload();
  await openSearch(page);
  await page.getByRole('button', { name: 'Open saved search ZA large employers' }).click();
  await expect(range(page)).toHaveText(`Rows 1–7 of ${n}`);
  expect(await shownIds(page)).toEqual(first.slice(0, 7));
  await expect(page.getByLabel('Page size')).toHaveValue('7');
  await expect(page.getByRole('columnheader', { name: 'Name', exact: true })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Country name' })).toHaveCount(0);
  await expect(grid).toHaveAttribute('aria-colcount', String(allColumns - 1));
  await expect(page.getByRole('list', { name: 'Recent searches' }).getByRole('listitem').first()).toContainText('Country equals South Africa');
});

test.describe('awkward records', () => {
  test.use({ viewport: { width: 1600, height: 1300 } });

  test('unicode, quotes, newlines, missing and nested fields all render', async ({ page }) => {
    // Signs in, scans the grid with axe and walks it by keyboard: over a minute on a busy machine.
    test.setTimeout(150_000);
    const awkwardNames = ['Line\nBreak', '"Quoted"', '株式会社', 'Ελληνική', 'Tab\t', '=SUM', 'Société', 'Компания', 'Comma, Colon'];
    const picked = awkwardNames.map((p) => companies.find((c) => c.name.startsWith(p))!);
    const noAddress = companies.find((c) => c.address === null && !picked.includes(c))!;
    const noRevenue = companies.find((c) => c.revenue === undefined && c.employee_count === null && !picked.includes(c))!;
    const records = [...picked, noAddress, noRevenue];
    expect(records.every(Boolean)).toBe(true);

    await openSearch(page);
    const body = { filters: { or: [{ attribute: 'company_id', relation: 'in', value: records.map((r) => r.company_id) }] } };
    await bodyEditor(page).fill(JSON.stringify(body));
    await expect(chipTexts(page, 1)).toHaveText(records.map((r) => r.company_id));
    await page.getByLabel('Page size').fill('50');
    await searchButton(page).click();
    await expect(range(page)).toHaveText(`Rows 1–${records.length} of ${records.length}`, { timeout: FIRST_SEARCH_MS });

    const cellTexts = await page.locator('[role="gridcell"]').allTextContents();
    for (const r of records) expect(cellTexts).toContain(r.name);
    await expectNoAxeViolations(page, 'the results grid');
    // Nested fields are flattened to dotted columns; missing ones leave an empty cell. Columns are
    // virtualised, so the far ones appear once the grid is scrolled to them.
    const grid = page.getByRole('grid', { name: 'Search results' });
    const colCount = Number(await grid.getAttribute('aria-colcount'));
    expect(await page.getByRole('columnheader').count()).toBeLessThan(colCount);
    await page.locator('.grid__scroll').evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    await expect(page.getByRole('columnheader', { name: 'VAT number' })).toBeInViewport();
    await page.locator('.grid__scroll').evaluate((el) => el.scrollTo({ left: 0 }));
    await expect(page.getByRole('columnheader', { name: 'Name', exact: true })).toBeInViewport();
    // Scroll right step by step until address.city is mounted, then to it.
    const city = page.getByRole('columnheader', { name: 'Address city' });
    for (let step = 0; step < 40 && (await city.count()) === 0; step++) {
      await page.locator('.grid__scroll').evaluate((el) => el.scrollBy({ left: 200 }));
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    }
    await city.scrollIntoViewIfNeeded();
    await expect(city).toBeInViewport();
    await page.locator('.grid__scroll').evaluate((el) => el.scrollTo({ left: 0 }));

    // Keyboard: focus the newline-named record's name cell, read its full value, open the detail with Enter.
    const nl = picked[0]!;
    const cell = page.locator('[role="gridcell"]', { hasText: 'Break' }).first();
    await cell.click();
    await expect(page.locator('.result-grid__focus-value')).toHaveText(nl.name);
    // End reaches the last column (scrolled in and mounted), Home comes back.
    await page.keyboard.press('End');
    await expect(page.locator('[role="gridcell"]:focus')).toHaveAttribute('aria-colindex', String(colCount));
    await expect(page.locator('[role="gridcell"]:focus')).toBeInViewport();
    await page.keyboard.press('Home');
    await expect(page.locator(':focus')).toHaveAttribute('data-cell', /:0$/);
    // Name is the first data column.
    await page.keyboard.press('ArrowRight');
    await expect(page.locator('.result-grid__focus-value')).toHaveText(nl.name);
    await page.keyboard.press('Enter');
    const detail = page.getByRole('complementary', { name: nl.name.replace(/\s+/g, ' ') });
    await expect(detail).toBeVisible();
    await expect(detail.getByText(nl.company_id).first()).toBeVisible();
    await expect(detail.locator('dt', { hasText: 'identifiers' })).toBeVisible();
    await page.keyboard.press('Escape');

    // Space selects rows, Ctrl+C copies them as TSV a spreadsheet reads back (quotes doubled, newline quoted).
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(page.url()).origin });
    const quoted = picked[1]!;
    await page.locator('[role="gridcell"]', { hasText: 'Break' }).first().focus();
    await page.keyboard.press('Space');
    await page.locator('[role="gridcell"]', { hasText: '"Quoted"' }).first().focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('Control+c');
    await expect(page.getByText('Copied 2 rows as TSV.')).toBeVisible();
    const tsv = await page.evaluate(() => navigator.clipboard.readText());
    // Copy keeps raw values and field names, in grid order (name first).
    expect(tsv.split('\t').slice(0, 2)).toEqual(['name', 'company_id']);
    expect(tsv).toContain(`"${nl.name}"`);
    expect(tsv).toContain(`"${quoted.name.replace(/"/g, '""')}"`);

    // The record without an address shows null in the detail panel.
    const noAddrCell = idCell(page, noAddress.company_id);
    await noAddrCell.dblclick();
    const d2 = page.getByRole('complementary');
    await expect(d2.locator('.company-detail__field', { has: page.locator('dt', { hasText: /^Address$/ }) })).toContainText('null');
    await expect(d2.getByRole('button', { name: 'Open ESG' })).toBeVisible();
    await d2.getByRole('button', { name: 'Match' }).click();
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Search companies');
  });
});

test('a 400 shows the server message beside the filters and keeps the results shown', async ({ page }) => {
  await openSearch(page);
  await bodyEditor(page).fill(JSON.stringify({ filters: { and: [{ attribute: 'country', relation: 'equals', value: 'NO' }] } }));
  await searchButton(page).click();
  await expect(range(page)).toContainText('Rows 1–10 of', { timeout: FIRST_SEARCH_MS });
  const before = await shownIds(page);

  // 2.5 employees: the catalogue only hints (whole numbers), the sandbox answers 400.
  await page.getByLabel('Attribute of condition 1').fill('employee_count');
  await page.getByLabel('Value of condition 1 (number)').fill('2.5');
  await expect(page.getByText('Filters or page size changed since these results.')).toBeVisible();
  await searchButton(page).click();
  const problem = page.getByRole('form', { name: 'Search filters' }).getByRole('alert');
  await expect(problem).toContainText('The service rejected this search');
  await expect(problem).toContainText('whole number');
  expect(await shownIds(page)).toEqual(before);

  // Inline validation stops an incomplete condition before anything is sent: Search is off, with the reason.
  await page.getByRole('button', { name: 'Add condition' }).click();
  await expect(searchButton(page)).toBeDisabled();
  await expect(page.getByTestId('search-blocked-reason')).toContainText('Fix condition 2: Attribute is required.');
  await page.getByLabel('Attribute of condition 2').fill('city');
  await expect(page.getByLabel('Value of condition 2')).toHaveAttribute('aria-invalid', 'true');
});
