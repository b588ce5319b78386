// The ESG screen's Company ID box takes ids only (issue 26, item 7): a name typed there is said at
// the field, no request is offered for it, and "Find by name" finds the company and fills its id,
// after which the request works. Browser mode against the embedded sandbox (seed 42, 4 s sessions).
import { loadDataset } from '../../src/sandbox/dataset';
import { EsgEngine } from '../../src/sandbox/esg/engine';
import { realClock } from '../../src/sandbox/clock';
import { expectNoAxeViolations } from './a11y';
import { expect, test } from './fixtures';

const NOT_AN_ID = 'That is not a company id (a UUID like 3f2c…). To find a company by its name, use Find by name.';
const dataset = loadDataset(42, 25_000);
const esg = new EsgEngine(dataset, realClock);
// A company the ESG sources know, whose plain name no other company's name contains.
const company = dataset.companies.find(
  (c) => esg.isKnown(c.company_id) && /^[A-Za-z][\w .&'-]+$/.test(c.name) && dataset.companies.filter((o) => o.name.toLowerCase().includes(c.name.toLowerCase())).length === 1,
)!;

test.use({ viewport: { width: 1440, height: 900 } });

test('a name in the id box is refused at the field; Find by name fills the id and the request works', async ({ page }) => {
  test.setTimeout(120_000);
  expect(company).toBeDefined();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'ESG', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'ESG' })).toBeVisible();

  const idBox = page.getByRole('textbox', { name: 'Company ID', exact: true });
  await idBox.fill(company.name);
  // Said at once, next to the field, and wired to it.
  await expect(page.getByText(NOT_AN_ID)).toBeVisible();
  await expect(idBox).toHaveAttribute('aria-invalid', 'true');
  await expect(idBox).toHaveAccessibleDescription(new RegExp(`^${NOT_AN_ID.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  const open = page.getByRole('button', { name: 'Open company' });
  await expect(open).toBeDisabled();
  await idBox.press('Enter');
  // Nothing opened for the name: no company heading, no request button.
  await expect(page.getByTestId('esg-company-name')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Request / })).toHaveCount(0);

  // Find by name searches what was typed; picking the company fills its id and opens it.
  await page.getByRole('button', { name: 'Find by name' }).click();
  const finder = page.getByRole('region', { name: 'Find by name' });
  await expect(finder.getByRole('textbox', { name: 'Company name' })).toHaveValue(company.name);
  const found = finder.getByRole('list', { name: `Companies named like “${company.name}”` });
  await expect(finder.getByText(`1 company matches “${company.name}”. Pick one to fill the Company ID and open it.`)).toBeVisible({ timeout: 30_000 });
  await expect(found.getByRole('button')).toHaveCount(1);
  await expect(found.getByRole('button')).toContainText(company.company_id);
  await expectNoAxeViolations(page, 'the ESG screen with a name refused in the id box and Find by name open');
  await found.getByRole('button', { name: new RegExp(`^${company.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) }).click();

  await expect(idBox).toHaveValue(company.company_id);
  await expect(page.getByText(NOT_AN_ID)).toHaveCount(0);
  await expect(idBox).not.toHaveAttribute('aria-invalid', 'true');
  await expect(finder).toHaveCount(0);
  await expect(page.getByTestId('esg-company-name')).toContainText(company.name);

  // The request works for the id it filled.
  await page.getByRole('tab', { name: /^Scores/ }).click();
  await page.getByRole('button', { name: 'Request scores', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Complete · 1 score/ })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('region', { name: `ESG score of ${company.name}` })).toBeVisible();
  await expectNoAxeViolations(page, 'the ESG screen after Find by name and a scores request');
});
