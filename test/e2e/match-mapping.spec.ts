// Bulk mapping that learns (issue 39 #7), in Chromium: a CSV with German headers (Firma, Land, Ort,
// Webseite, Telefon, Straße, PLZ) is mapped without a hand; "+49 30 …" phone numbers are not called
// formulas (a real "=SUMME(…)" still is); the analyst changes the mapping and runs; the next file
// with the same headers is offered that mapping, and says why.
import { loadDataset } from '../../src/sandbox/dataset';
import { expectNoAxeViolations } from './a11y';
import { expect, test } from './fixtures';
import { matchAll, openBulk } from './match-helpers';

const dataset = loadDataset(42, 400);
const known = dataset.companies.filter((c) => c.website && !/[",;]/.test(c.name)).slice(0, 3);
const HEADERS = 'Firma;Land;Ort;Webseite;Telefon;Straße;PLZ';
const row = (c: (typeof known)[number], phone: string) => [c.name, c.country, c.address?.city ?? '', c.website, phone, c.address?.street ?? '', '01067'].join(';');

async function paste(page: import('@playwright/test').Page, csv: string) {
  const bulk = await openBulk(page);
  await bulk.getByLabel('…or paste CSV').fill(csv);
  await bulk.getByRole('button', { name: 'Read columns' }).click();
  await expect(bulk.getByLabel('Company name')).toHaveValue('Firma');
  return bulk;
}

test('German headers mapped, phone numbers not formulas, and the mapping used offered for the next file of that shape', async ({ page }) => {
  const bulk = await paste(page, [HEADERS, row(known[0]!, '+49 30 1234567'), row(known[1]!, '+49 351 4455 66'), `=SUMME(A1:A3);DE;Dresden;x.example;+49 1;Weg 1;01067`].join('\n'));
  for (const [field, column] of [['Country', 'Land'], ['City', 'Ort'], ['Website', 'Webseite'], ['Phone', 'Telefon'], ['Address', 'Straße']] as const) {
    await expect(bulk.getByLabel(field, { exact: true })).toHaveValue(column);
  }
  await expect(bulk.getByText('1 row with a cell a spreadsheet would compute as a formula', { exact: false })).toBeVisible();
  await expect(bulk.getByRole('list', { name: 'Rows to check before the run' }).getByRole('listitem')).toHaveCount(1);
  await expect(bulk.getByText('Chosen as in your last bulk match')).toHaveCount(0);

  // The analyst leaves the phone out and runs.
  await bulk.getByLabel('Phone', { exact: true }).selectOption('');
  await expect(bulk.getByLabel('Phone', { exact: true })).toHaveValue('');
  await matchAll(page, bulk);

  // Next month's file, same columns: the mapping of the last run, said so.
  await page.getByRole('button', { name: /^New bulk match/ }).click();
  const next = await paste(page, [HEADERS, row(known[2]!, '+49 40 998877')].join('\n'));
  await expect(next.getByText('Chosen as in your last bulk match of a file with these columns.')).toBeVisible();
  await expect(next.getByLabel('Phone', { exact: true })).toHaveValue('');
  await expect(next.getByLabel('Address', { exact: true })).toHaveValue('Straße');
  await expect(next.getByText('no cell would be computed as a formula by a spreadsheet', { exact: false })).toBeVisible();
  await expectNoAxeViolations(page, 'a mapping offered from the last run');
});
