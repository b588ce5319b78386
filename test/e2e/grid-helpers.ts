// Reading the result grid in E2E: the company id column shows a shortened id (the whole id is the
// cell's title), headers show catalogue labels (the field name is the header's title).
import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

/** The whole company ids of the rows on screen, in row order. */
export function shownIds(page: Page): Promise<string[]> {
  return page.locator('[role="grid"] [role="row"] [role="gridcell"].grid__cell--id').evaluateAll((cells) => cells.map((c) => c.getAttribute('title') ?? ''));
}

/** The id cell of one company (its whole id is the title). */
export function idCell(page: Page, companyId: string): Locator {
  return page.locator(`[role="grid"] [role="gridcell"].grid__cell--id[title="${companyId}"]`);
}

/** The id cell of the grid row with this aria-rowindex (2 = first data row). */
export function rowIdCell(page: Page, rowIndex: number): Locator {
  return page.locator(`[role="grid"] [role="row"][aria-rowindex="${rowIndex}"] [role="gridcell"].grid__cell--id`);
}

const facetFmt = new Intl.NumberFormat('en-US');
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Chooses one facet value and checks that the choice took. It waits until the panel shows `count`,
 * the value's count in the current view: while the counts of a new text filter arrive the list is
 * re-sorted under the mouse, and a click then lands beside the value (seen once in export-view.spec:
 * the view had its text filter but not the facet).
 */
export async function chooseFacet(page: Page, facet: string, label: string, count: number): Promise<void> {
  const button = page
    .getByRole('complementary', { name: 'Facets' })
    .getByRole('region', { name: facet })
    .getByRole('button', { name: new RegExp(`^${escapeRe(label)} ${facetFmt.format(count)} compan`) });
  await button.click();
  await expect(button).toHaveAttribute('aria-pressed', 'true');
}
