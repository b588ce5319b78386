// Waits on what the app says it has done, never on time: E2E specs wait for these states, not sleeps.
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * Everything the analyst changed is saved and acknowledged by the core: the frame's `data-save-state`
 * (src/renderer/state/save-status.ts) covers screen state, an open saved search's columns and the
 * Scroll view's row. A reload or a host restart after this finds all of it.
 */
export async function expectAllSaved(page: Page): Promise<void> {
  await expect(page.locator('.app[data-save-state]')).toHaveAttribute('data-save-state', 'saved');
}

/**
 * How many checks the lost-core banner has made since the link went ("… reconnecting (check 3)"):
 * each one a failed attempt to reach the core, at least a second apart. NaN while no banner shows.
 */
export async function lostChecks(page: Page): Promise<number> {
  const banner = page.getByTestId('bridge-lost');
  if ((await banner.count()) === 0) return Number.NaN;
  const text = (await banner.textContent()) ?? '';
  return Number(/reconnecting \(check (\d+)\)/.exec(text)?.[1] ?? Number.NaN);
}

/** Waits until the lost-core banner has made `more` further checks, still showing throughout. */
export async function expectMoreLostChecks(page: Page, from: number, more: number): Promise<void> {
  // Between attempts the transport backs off up to 5 s (src/preload/ws-transport.ts).
  await expect.poll(() => lostChecks(page), { timeout: 10_000 + more * 6_000 }).toBeGreaterThanOrEqual(from + more);
}
