// Shared steps of the ESG run specs: a list made from pasted ids, and the ESG runs screen.
import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

/** Lists screen -> "New list from pasted ids" -> the list is created (names looked up by the app). */
export async function listFromIds(page: Page, name: string, ids: readonly string[]): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Lists', exact: true }).click();
  const form = page.getByRole('form', { name: 'New list from pasted ids' });
  await form.getByLabel('List name').fill(name);
  await form.getByLabel('Company ids').fill(ids.join('\n'));
  await form.getByRole('button', { name: 'Create list' }).click();
  await expect(form.getByText(`Created “${name}” with ${ids.length.toLocaleString('en-US')} companies.`)).toBeVisible({ timeout: 60_000 });
}

export async function openRuns(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'ESG runs', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'ESG runs' })).toBeVisible();
}

/** A scores-only ESG run over the list shown in `view` (its Refresh ESG dialog), waited until it has finished. */
export async function refreshListScores(page: Page, view: Locator, listName: string): Promise<void> {
  await view.getByRole('button', { name: 'Refresh ESG', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Refresh ESG for ${listName}` });
  await dialog.getByRole('checkbox', { name: 'News' }).uncheck();
  await dialog.getByRole('checkbox', { name: 'Commitments' }).uncheck();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await dialog.getByRole('button', { name: 'Start run' }).click();
  await expect(page.getByTestId('run-state')).toHaveText('Finished', { timeout: 180_000 });
}
