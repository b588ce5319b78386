// Settings → Network: a company CA file that cannot be used is refused when it is saved, with the
// reason under the field (not at the next Test connection), and nothing is saved; so is a PEM inside
// the app's data folder (where the page can upload files, issue 28 H1); a PEM elsewhere is accepted.
// The text is the same whatever was wrong (the page learns nothing about the disk).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expectNoAxeViolations } from './a11y';
import { expect, FIRST_SEARCH_MS, test } from './fixtures';

test('a missing CA file is refused on save, next to its field; a PEM file is saved', async ({ page, app }) => {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Connection settings' })).toBeVisible({ timeout: FIRST_SEARCH_MS });
  await page.getByRole('button', { name: 'New profile' }).click();
  await page.getByLabel('Name').fill('Company network');
  await page.getByLabel('Auth URL').fill('https://auth.example.com');
  await page.getByLabel('Base URL').fill('https://api.example.com');
  await page.getByLabel('Client ID').fill('company-client');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: 'Profile: Company network' })).toBeVisible();

  const network = page.getByRole('region', { name: 'Network' });
  const caField = network.getByLabel('Company CA file (PEM)');
  const missing = join(app.dataDir, 'no-such-ca.pem');
  await caField.fill(missing);
  await network.getByRole('button', { name: 'Save network settings' }).click();
  await expect(caField).toHaveAttribute('aria-invalid', 'true');
  await expect(caField).toHaveAccessibleDescription(/could not be used: choose a PEM certificate file/);
  await expect(network.getByText('Saved. The next request uses these settings.')).toHaveCount(0);
  await expectNoAxeViolations(page, 'the network settings with a refused CA file');

  // Nothing was saved: after a reload the field is empty again.
  await page.reload();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Settings' }).click();
  await page.getByLabel('Profile', { exact: true }).selectOption({ label: 'Company network' });
  await expect(page.getByRole('region', { name: 'Network' }).getByLabel('Company CA file (PEM)')).toHaveValue('');

  const PEM = '-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIU\n-----END CERTIFICATE-----\n';
  const region = page.getByRole('region', { name: 'Network' });
  // A real PEM, but in the data folder: refused with the same words.
  const inside = join(app.dataDir, 'company-ca.pem');
  writeFileSync(inside, PEM);
  await region.getByLabel('Company CA file (PEM)').fill(inside);
  await region.getByRole('button', { name: 'Save network settings' }).click();
  await expect(region.getByLabel('Company CA file (PEM)')).toHaveAccessibleDescription(/could not be used: choose a PEM certificate file/);

  // The same PEM elsewhere is accepted.
  const outside = mkdtempSync(join(tmpdir(), 'firmscope-ca-'));
  try {
    writeFileSync(join(outside, 'company-ca.pem'), PEM);
    await region.getByLabel('Company CA file (PEM)').fill(join(outside, 'company-ca.pem'));
    await region.getByRole('button', { name: 'Save network settings' }).click();
    await expect(region.getByText('Saved. The next request uses these settings.')).toBeVisible();
  } finally {
    rmSync(outside, { recursive: true, force: true });
  }
});
