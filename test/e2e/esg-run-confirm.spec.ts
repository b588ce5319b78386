// Starting an ESG run from the ESG runs screen needs an explicit choice (issue 26, item 10): no list
// is preselected, no module is ticked for a costly run, and a confirmation names the list, its size
// and the cost before anything is sent. Browser mode against the embedded sandbox (seed 42).
import { generateCompanies } from '../../src/sandbox/dataset';
import { expectNoAxeViolations } from './a11y';
import { listFromIds, openRuns } from './esg-run-helpers';
import { expect, test } from './fixtures';

const companies = generateCompanies(42, 25_000);
const small = companies.slice(0, 3);
const large = companies.slice(100, 140);

test.use({ viewport: { width: 1440, height: 900 } });

test('no list preselected; the confirmation names list, size and cost; nothing starts until Start run', async ({ page }) => {
  test.setTimeout(240_000);
  // Two lists: the first made would have been the default target before.
  await listFromIds(page, 'Alpha watchlist', small.map((c) => c.company_id));
  await listFromIds(page, 'Beta portfolio', large.map((c) => c.company_id));
  await openRuns(page);

  const picker = page.getByRole('combobox', { name: 'List' });
  await expect(picker).toHaveValue('');
  await expect(picker.locator('option:checked')).toHaveText('Choose a list…');
  const refresh = page.getByRole('button', { name: 'Refresh ESG', exact: true });
  await expect(refresh).toBeDisabled();
  await expect(refresh).toHaveAccessibleDescription('Choose a list first.');
  await expect(page.getByText('No runs yet. Choose a list above and refresh its ESG.')).toBeVisible();
  await expectNoAxeViolations(page, 'the ESG runs screen with no list chosen');

  await picker.selectOption({ label: 'Beta portfolio (40 companies)' });
  await refresh.click();
  const dialog = page.getByRole('dialog', { name: 'Refresh ESG for Beta portfolio' });
  await expect(dialog).toContainText('Modules to request for 40 companies');
  // 120 module requests with all three: costly, so nothing is ticked and Continue waits.
  for (const m of ['News', 'Commitments', 'Scores']) await expect(dialog.getByRole('checkbox', { name: m })).not.toBeChecked();
  await expect(dialog.getByRole('button', { name: 'Continue' })).toBeDisabled();
  await expect(dialog.getByRole('button', { name: 'Start run' })).toHaveCount(0);
  await dialog.getByRole('checkbox', { name: 'News' }).check();
  await dialog.getByRole('checkbox', { name: 'Scores' }).check();
  await expect(dialog).toContainText('80 module requests');
  await expectNoAxeViolations(page, 'the Refresh ESG dialog, modules step');
  await dialog.getByRole('button', { name: 'Continue' }).click();

  // The confirmation: list, size and cost (the sandbox profile sets no request rate).
  const confirm = dialog.getByTestId('refresh-esg-confirm');
  await expect(confirm).toHaveText(
    "Refresh news and scores for “Beta portfolio” (40 companies): 80 module requests, about 320 requests with status checks and data reads; how long it takes depends on the service's pace (this profile sets no request rate).",
  );
  await expect(confirm).toBeFocused();
  await expect(dialog).toHaveAccessibleDescription(/^Refresh news and scores for “Beta portfolio”/);
  await expectNoAxeViolations(page, 'the Refresh ESG dialog, confirmation step');
  // Nothing has started: the dialog says it is not starting anything (it is busy from Start run until
  // the run exists), the core holds no run, and the list shows none.
  await expect(dialog).toHaveAttribute('aria-busy', 'false');
  await expect(dialog.getByRole('button', { name: 'Start run' })).toBeEnabled();
  expect(await page.evaluate(() => window.firmscope.esgRuns.list({ limit: 50 }))).toEqual({ ok: true, value: [] });
  await expect(page.getByText('No runs yet. Choose a list above and refresh its ESG.')).toBeVisible();
  await expect(page.getByRole('table', { name: 'ESG runs of this profile, newest first' })).toHaveCount(0);
  // Back keeps the choice; Continue again, then Start run.
  await dialog.getByRole('button', { name: 'Back' }).click();
  await expect(dialog.getByRole('checkbox', { name: 'News' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await dialog.getByRole('button', { name: 'Start run' }).click();

  await expect(dialog).toHaveCount(0);
  const runs = page.getByRole('table', { name: 'ESG runs of this profile, newest first' });
  await expect(runs.getByRole('button', { name: 'Beta portfolio' })).toBeVisible();
  await expect(runs.getByRole('button', { name: 'Alpha watchlist' })).toHaveCount(0);
  const board = page.getByRole('table', { name: 'ESG board: Beta portfolio' });
  await expect(board).toHaveAttribute('aria-rowcount', '41');
  await expect(page.getByRole('progressbar', { name: 'Progress' })).toHaveAttribute('aria-valuemax', '80');
});
