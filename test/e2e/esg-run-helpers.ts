// Shared steps of the ESG run specs: a list made from pasted ids, and the ESG runs screen.
import type { Page } from '@playwright/test';
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
