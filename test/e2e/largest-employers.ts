// The N largest employers of the sandbox (seed 42, 25,000 companies), found with one condition
// "employee_count greater than" a threshold just under the Nth (the next has fewer employees).
import type { Page } from '@playwright/test';
import { generateCompanies, type SandboxCompany } from '../../src/sandbox/dataset';
import { expect, FIRST_SEARCH_MS } from './fixtures';

export function largestEmployers(n: number): { threshold: number; top: SandboxCompany[] } {
  const byEmployees = generateCompanies(42, 25_000)
    .filter((c) => typeof c.employee_count === 'number')
    .sort((a, b) => (b.employee_count as number) - (a.employee_count as number));
  const threshold = byEmployees[n]!.employee_count as number;
  expect(byEmployees[n - 1]!.employee_count).toBeGreaterThan(threshold);
  return { threshold, top: byEmployees.slice(0, n) };
}

/** Searches "employee_count greater than threshold" from the Search screen and waits for the N rows. */
export async function searchLargestEmployers(page: Page, n: number, threshold: number): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'Search companies' })).toBeVisible();
  await page.getByLabel('Attribute of condition 1').fill('employee_count');
  // The relation menu takes its label as typed.
  const relation = page.getByRole('combobox', { name: 'Relation of condition 1' });
  await relation.fill('greater than');
  await relation.press('Tab');
  await page.getByLabel('Value of condition 1 (number)').fill(String(threshold));
  await page.getByRole('form', { name: 'Search filters' }).getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByTestId('rows-range')).toContainText(`of ${n}`, { timeout: FIRST_SEARCH_MS });
}
