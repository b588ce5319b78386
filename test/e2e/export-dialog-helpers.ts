// The "Export view…" dialog (snapshot view, list view, bulk-match results) as the E2E specs drive it.
import { join } from 'node:path';
import type { Locator } from '@playwright/test';
import { expect } from './fixtures';

/**
 * Starts the export in `format` (with `columns`, when given: the visible columns or all fields) and
 * returns the finished file's path in browser mode's exports folder. `again` goes back to the form
 * for the next format; otherwise the dialog stays on its result.
 */
export async function exportAs(dialog: Locator, dataDir: string, format: string, opts: { columns?: RegExp; again?: boolean } = {}): Promise<string> {
  await dialog.getByRole('radio', { name: format, exact: true }).check();
  if (opts.columns) await dialog.getByRole('radio', { name: opts.columns }).check();
  await dialog.getByRole('button', { name: 'Start export' }).click();
  await expect(dialog.getByRole('heading', { name: 'Export finished' })).toBeVisible({ timeout: 30_000 });
  // The data file's link (a CSV's or JSON's About has a download link of its own).
  const path = join(dataDir, 'exports', (await dialog.getByRole('link', { name: /^Download (?!.*\.about\.json$)/ }).getAttribute('download'))!);
  if (opts.again) await dialog.getByRole('button', { name: 'Export again' }).click();
  return path;
}
