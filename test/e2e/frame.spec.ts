// The app frame: keyboard navigation, accessible names, notices, and the error boundary's way back.
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './a11y';
import { EXPECTED_CONSOLE_ERROR, expect, test } from './fixtures';

const SCREENS = [
  { nav: 'Search', shortcut: '1' },
  { nav: 'Match', shortcut: '2' },
  { nav: 'Lists', shortcut: '3', heading: 'Lists' },
  { nav: 'ESG', shortcut: '4' },
  { nav: 'ESG runs', shortcut: '5', heading: 'ESG runs' },
  { nav: 'Exports', shortcut: '6' },
  { nav: 'What changed', shortcut: '9', heading: 'What changed' },
  { nav: 'Team', shortcut: '0', heading: 'Team' },
  { nav: 'Settings', shortcut: '7', heading: 'Connection settings' },
  { nav: 'Diagnostics', shortcut: '8', heading: 'Diagnostics' },
];

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const current = (page: Page) => nav(page).locator('[aria-current="page"]');
const screenHeading = (page: Page) => page.getByRole('main').getByRole('heading', { level: 1 }).first();

/** Controls without an accessible name (label, aria-label/labelledby, title or text). */
async function unnamedControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const bad: string[] = [];
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('button, a[href], input, select, textarea, summary, [role="button"], [tabindex]'))) {
      if (el.tabIndex < 0 && !(el instanceof HTMLInputElement)) continue;
      if (el instanceof HTMLInputElement && el.type === 'hidden') continue;
      const labelled =
        (el.getAttribute('aria-label') ?? '').trim() ||
        (el.getAttribute('aria-labelledby') ?? '')
          .split(/\s+/)
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join('')
          .trim() ||
        ('labels' in el ? Array.from((el as HTMLInputElement).labels ?? []).map((l) => l.textContent).join('').trim() : '') ||
        (el.title ?? '').trim() ||
        (el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement ? '' : (el.textContent ?? '').trim());
      if (!labelled) bad.push(el.outerHTML.slice(0, 120));
    }
    return bad;
  });
}

test('every screen is reachable by keyboard alone, with visible focus and named controls', async ({ page }) => {
  // Ten screens, each scanned by axe in two colour schemes: minutes on a busy 2-core machine.
  test.setTimeout(300_000);
  await expect(current(page)).toHaveText(/Search/);

  // Tab from the top of the page into the navigation (skip link first).
  await page.locator('body').focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  let guard = 0;
  while (!(await nav(page).getByRole('button', { name: /^Search/ }).evaluate((b) => b === document.activeElement)) && guard++ < 15) {
    await page.keyboard.press('Tab');
  }
  const searchItem = nav(page).getByRole('button', { name: /^Search/ });
  await expect(searchItem).toBeFocused();
  // Keyboard focus is visible.
  expect(await searchItem.evaluate((b) => getComputedStyle(b).outlineStyle)).not.toBe('none');

  // Arrow keys walk the navigation, Enter opens the screen.
  const headings: string[] = [];
  for (const [i, s] of SCREENS.entries()) {
    if (i > 0) await page.keyboard.press('ArrowDown');
    const item = nav(page).getByRole('button', { name: s.nav, exact: true });
    await expect(item).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(item).toHaveAttribute('aria-current', 'page');
    if (s.heading) await expect(screenHeading(page)).toHaveText(s.heading);
    await expect(screenHeading(page)).toBeVisible();
    headings.push((await screenHeading(page).textContent()) ?? '');
    expect(await unnamedControls(page), `unnamed controls on ${s.nav}`).toEqual([]);
    // axe in both colour schemes: the stylesheet follows prefers-color-scheme, so contrast is checked twice.
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await expectNoAxeViolations(page, `${s.nav} (${colorScheme})`);
    }
    await page.emulateMedia({ colorScheme: null });
  }
  expect(new Set(headings).size).toBe(SCREENS.length);
  // Wraps around.
  await page.keyboard.press('ArrowDown');
  await expect(nav(page).getByRole('button', { name: /^Search/ })).toBeFocused();

  // Alt+digit jumps from anywhere and moves focus into the screen.
  for (const s of [...SCREENS].reverse()) {
    await page.keyboard.press(`Alt+${s.shortcut}`);
    await expect(current(page)).toHaveText(new RegExp(`^${s.nav}`));
  }
  await expect(page.getByRole('main')).toBeFocused();

  // Tab moves on from the main region into the screen's controls.
  await page.keyboard.press('Alt+7');
  await page.keyboard.press('Tab');
  const focusedInMain = await page.evaluate(() => !!document.activeElement?.closest('main'));
  expect(focusedInMain).toBe(true);
});

test('a crashing screen shows the error boundary with a way back to search', async ({ page }) => {
  // React and the boundary both log the crash this test provokes.
  test.info().annotations.push({ type: EXPECTED_CONSOLE_ERROR, description: 'is not iterable' });
  test.info().annotations.push({ type: EXPECTED_CONSOLE_ERROR, description: 'Screen crashed' });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // Make the bridge answer the request log with something that is not a list: the screen throws while rendering.
  await page.routeWebSocket(/\/__firmscope\/bridge/, (ws) => {
    const server = ws.connectToServer();
    const tampered = new Set<number>();
    ws.onMessage((m) => {
      const frame = JSON.parse(String(m)) as { id: number; ch: string };
      if (frame.ch === 'firmscope:diagnostics.requestLog') tampered.add(frame.id);
      server.send(m);
    });
    server.onMessage((m) => {
      const frame = JSON.parse(String(m)) as { t: string; id?: number };
      if (frame.t === 'result' && frame.id !== undefined && tampered.has(frame.id)) {
        ws.send(JSON.stringify({ t: 'result', id: frame.id, result: { ok: true, value: 42 } }));
      } else ws.send(m);
    });
  });
  await page.reload();
  await expect(current(page)).toHaveText(/Search/);

  await page.keyboard.press('Alt+8');
  const crash = page.getByRole('alert').filter({ hasText: 'This screen ran into a problem' });
  await expect(crash).toBeVisible();
  // The frame survives: header and navigation still work.
  await expect(nav(page)).toBeVisible();
  await expect(page.getByTestId('connection-summary')).toBeVisible();
  await expect(crash.getByRole('button', { name: 'Reload Firmscope' })).toBeVisible();
  const back = crash.getByRole('button', { name: 'Back to search' });
  await expect(back).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(crash).toHaveCount(0);
  await expect(current(page)).toHaveText(/^Search/);

  // Other screens are unaffected; the crashed one recovers once it gets good data.
  await page.keyboard.press('Alt+7');
  await expect(screenHeading(page)).toHaveText('Connection settings');
  await page.unrouteAll();
  expect(errors.filter((e) => !/not iterable|42/.test(e))).toEqual([]);
});

test('app notices show as dismissible banners', async ({ page }) => {
  // The E2E host has no keychain (no D-Bus session), so the core keeps secrets in memory and says so.
  const notices = page.getByRole('region', { name: 'Notifications' });
  const banner = notices.getByRole('status').filter({ hasText: 'kept in memory for this run only' });
  await expect(banner).toBeVisible();
  const dismiss = banner.getByRole('button', { name: 'Dismiss notice' });
  await expect(dismiss).toHaveAccessibleName(/^Dismiss notice: No secure keychain is available/);
  await dismiss.focus();
  await page.keyboard.press('Enter');
  await expect(banner).toHaveCount(0);
  // Dismissed for this session: it does not come back when moving between screens.
  await page.keyboard.press('Alt+7');
  await page.keyboard.press('Alt+1');
  await expect(notices.getByText('kept in memory for this run only')).toHaveCount(0);
});
