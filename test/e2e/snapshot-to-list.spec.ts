// Lists from what is seen (issue 26, item 2): a loaded snapshot narrowed by the text filter and two
// facet choices saves exactly the rows it shows ("Save N shown as list…"), read back through the
// bridge; the whole snapshot is its own, explicit choice ("Save all M as list…").
import type { Page } from '@playwright/test';
import { generateCompanies } from '../../src/sandbox/dataset';
import { expectNoAxeViolations } from './a11y';
import { expect, FIRST_SEARCH_MS, test } from './fixtures';
import { loadAll } from './load-all-helpers';
import { chooseFacet } from './grid-helpers';

const fmt = new Intl.NumberFormat('en-US');
const companies = generateCompanies(42, 25_000);
const german = companies.filter((c) => c.country === 'DE');
// What the analyst narrows to: "Hamburg" in the text filter, legal forms GmbH and SE.
const shown = german.filter((c) => c.city === 'Hamburg' && (c.legal_form === 'GmbH' || c.legal_form === 'SE'));
const hamburg = german.filter((c) => c.city === 'Hamburg');
const formCount = (form: string) => hamburg.filter((c) => c.legal_form === form).length;

/** The company ids of a list, read through the bridge as the list view reads them. */
async function memberIds(page: Page, name: string): Promise<string[]> {
  return page.evaluate(async (listName) => {
    type R<T> = { ok: true; value: T } | { ok: false; error: { message: string } };
    const api = (window as unknown as { firmscope: { lists: Record<string, (i?: unknown) => Promise<R<unknown>>> } }).firmscope.lists;
    const all = (await api.all!()) as R<Array<{ id: number; name: string }>>;
    if (!all.ok) throw new Error(all.error.message);
    const list = all.value.find((l) => l.name === listName);
    if (!list) throw new Error(`no list named ${listName}`);
    const ids: string[] = [];
    for (let offset = 0; ; offset += 1_000) {
      const page = (await api.members!({ id: list.id, view: {}, offset, limit: 1_000 })) as R<{ total: number; rows: Array<{ companyId: string }> }>;
      if (!page.ok) throw new Error(page.error.message);
      ids.push(...page.value.rows.map((m) => m.companyId));
      if (offset + 1_000 >= page.value.total) return ids;
    }
  }, name);
}

test.use({ viewport: { width: 1440, height: 900 } });

test('Save N shown as list saves the filtered and faceted view; Save all is a separate choice', async ({ page }) => {
  // Signs in, loads ~2,500 rows, two lists and an axe scan: minutes on a busy machine.
  test.setTimeout(300_000);
  expect(shown.length).toBeGreaterThan(50);
  expect(shown.length).toBeLessThan(german.length / 5);
  await expect(page.getByRole('heading', { level: 1, name: 'Search companies' })).toBeVisible();
  await page.getByLabel('Request body (JSON)').fill(JSON.stringify({ filters: { and: [{ attribute: 'country', relation: 'equals', value: 'DE' }] } }));
  await page.getByRole('form', { name: 'Search filters' }).getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByTestId('rows-range')).toContainText(`of ${fmt.format(german.length)}`, { timeout: FIRST_SEARCH_MS });
  await loadAll(page, german.length);

  // Nothing narrows the view yet: only the whole snapshot is offered.
  const all = page.getByRole('button', { name: `Save all ${fmt.format(german.length)} as list…` });
  await expect(all).toBeVisible();
  await expect(page.getByRole('button', { name: /shown as list/ })).toHaveCount(0);

  // Text filter, then two legal forms.
  await page.getByLabel('Filter loaded rows').fill('Hamburg');
  await expect(page.getByTestId('snapshot-rows')).toContainText(`of ${fmt.format(hamburg.length)}`);
  await chooseFacet(page, 'Legal form', 'GmbH', formCount('GmbH'));
  await chooseFacet(page, 'Legal form', 'SE', formCount('SE'));
  await expect(page.getByTestId('snapshot-rows')).toContainText(`of ${fmt.format(shown.length)}`);

  // The count is in the button; the whole snapshot stays a separate button.
  const save = page.getByRole('button', { name: `Save ${fmt.format(shown.length)} shown as list…` });
  await expect(save).toBeEnabled();
  await expect(all).toBeVisible();
  await save.click();
  const form = page.getByRole('form', { name: `Save ${fmt.format(shown.length)} shown as list` });
  // The suggested name says what the view is.
  await expect(form.getByLabel('Name of the new list')).toHaveValue(/“Hamburg”, Legal form GmbH, SE$/);
  await expectNoAxeViolations(page, 'the snapshot view narrowed, with the save-shown form open');
  await form.getByLabel('Name of the new list').fill('Hamburg GmbH and SE');
  await form.getByRole('button', { name: 'Create list' }).click();
  await expect(page.getByText(`Created “Hamburg GmbH and SE”: ${fmt.format(shown.length)} companies added. The list has ${fmt.format(shown.length)} companies.`)).toBeVisible();
  // The members are exactly the rows shown (not the 2,471 loaded, not only the 100 on the page).
  expect((await memberIds(page, 'Hamburg GmbH and SE')).sort()).toEqual(shown.map((c) => c.company_id).sort());

  // "Save all" takes every loaded row, whatever the view.
  await all.click();
  const whole = page.getByRole('form', { name: `Save all ${fmt.format(german.length)} as list` });
  await whole.getByLabel('Name of the new list').fill('All of Germany');
  await whole.getByRole('button', { name: 'Create list' }).click();
  await expect(page.getByText(`Created “All of Germany”: ${fmt.format(german.length)} companies added.`)).toBeVisible();
  expect((await memberIds(page, 'All of Germany')).length).toBe(german.length);
});
