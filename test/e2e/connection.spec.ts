// Connection/Settings screen against browser mode with the embedded sandbox behind it.
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, FIRST_SEARCH_MS, test } from './fixtures';

/** Documented in docs (token endpoint 401 invalid_client) and raised by src/main/platform/auth/token-errors.ts. */
const INVALID_CLIENT_MESSAGE =
  'The client ID "sandbox-analyst" or its secret was not accepted. Re-enter the client secret in Settings and check the client ID with the service operator.';

async function openSettings(page: Page) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Settings' }).click();
  // Listing profiles starts the embedded sandbox (its real URLs are shown), as a first search would.
  await expect(page.getByRole('heading', { level: 1, name: 'Connection settings' })).toBeVisible({ timeout: FIRST_SEARCH_MS });
  await page.getByLabel('Profile', { exact: true }).selectOption({ label: 'Sandbox (active)' });
}

const header = (page: Page) => page.getByTestId('connection-summary');
const steps = (page: Page) => page.getByRole('list', { name: 'Connection test steps' }).getByRole('listitem');

test('connects the Sandbox profile, shows token status and passes Test connection step by step', async ({ page }) => {
  test.setTimeout(120_000);
  await openSettings(page);
  // The Sandbox profile shows the URLs it really uses, before anything signed in.
  await expect(page.getByLabel('Auth URL')).toHaveValue(/^http:\/\/127\.0\.0\.1:\d+\/auth$/);
  await expect(page.getByLabel('Base URL')).toHaveValue(/^http:\/\/127\.0\.0\.1:\d+\/api$/);
  await expect(page.getByLabel('Client secret')).toHaveValue('');
  await expect(page.getByText('stored', { exact: true })).toBeVisible();

  const signOut = page.getByRole('button', { name: 'Sign out' });
  if (await signOut.isVisible()) await signOut.click();
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(header(page)).toContainText('Profile Sandbox');
  await expect(header(page)).toContainText(/Connected, token renews in (\d+ min|less than a minute)/);
  const minutes = Number(/renews in (\d+) min/.exec((await header(page).textContent()) ?? '')?.[1]);
  expect(minutes).toBeGreaterThan(40);
  expect(minutes).toBeLessThanOrEqual(60);

  await page.getByRole('button', { name: 'Test connection' }).click();
  await expect(page.getByRole('heading', { name: 'Connection test passed' })).toBeVisible();
  await expect(steps(page)).toHaveCount(5);
  for (const [i, name] of ['Discovery', 'Token', 'Search', 'ESG access', 'Match access'].entries()) {
    const line = steps(page).nth(i);
    await expect(line).toContainText(name);
    await expect(line).toHaveAttribute('data-outcome', /^(ok|skipped)$/);
    await expect(line).toContainText(/\d+(\.\d+)? (ms|s)$/);
  }
  await expect(steps(page).nth(1)).toHaveAttribute('data-outcome', 'ok');
  await expect(steps(page).nth(2)).toHaveAttribute('data-outcome', 'ok');
  await expect(steps(page).nth(2)).toContainText('Ran country equals US, page_size=1 (POST /search/v1/companies)');
  await expect(page.getByTestId('test-permissions')).toHaveText('Search: access · ESG: access · Match: access');
  // Testing an unchanged profile neither saves it nor drops the live session.
  await expect(page.getByText('Unsaved changes')).toHaveCount(0);
  await expect(header(page)).toContainText(/Connected, token renews in/);

  // Support can see what happened, redacted.
  await page.keyboard.press('Alt+8');
  await expect(page.getByRole('heading', { level: 1, name: 'Diagnostics' })).toBeVisible();
  const table = page.getByRole('table');
  await expect(table.getByRole('row').filter({ hasText: '/oauth2/token' }).first()).toContainText('POST');
  await expect(table.getByRole('columnheader')).toHaveText(['Time', 'Method', 'Host', 'Path', 'Status', 'Duration', 'Attempt', 'Error', 'Message', 'cURL']);
  // The wording says exactly what is kept, page_size included.
  await expect(page.getByTestId('log-keeps')).toContainText('the value of page_size');
  await expect(table.getByRole('row').filter({ hasText: 'page_size=1' }).first()).toBeVisible();
  // The ESG probe's 404 shows the service's own error and message.
  const probe = table.getByRole('row').filter({ hasText: '/esg/v1/processing/' });
  await expect(probe).toContainText('not_found');
  await expect(probe).toContainText('No processing session with that id');

  // Copy as cURL: the credential is a variable, never the token or the secret.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(page.url()).origin });
  const clipboard = () => page.evaluate(() => navigator.clipboard.readText());
  await table.getByRole('row').filter({ hasText: '/search/v1/companies' }).first().getByRole('button', { name: /as cURL$/ }).click();
  const searchCurl = await clipboard();
  expect(searchCurl).toMatch(/^curl -X POST "http:\/\/127\.0\.0\.1:\d+\/api\/search\/v1\/companies\?page_size=1" -H "Authorization: Bearer \$TOKEN" -H 'Content-Type: application\/json' --data-raw '\{"filters"/);
  await table.getByRole('row').filter({ hasText: '/oauth2/token' }).first().getByRole('button', { name: /as cURL$/ }).click();
  const tokenCurl = await clipboard();
  expect(tokenCurl).toContain('-u "$CLIENT_ID:$CLIENT_SECRET"');
  for (const text of [searchCurl, tokenCurl]) {
    expect(text).not.toContain('sandbox-analyst-secret');
    expect(text).not.toMatch(/Bearer (?!\$TOKEN)/);
  }

  // The whole log copies as text and saves as a file support can read.
  await page.getByRole('button', { name: 'Copy log' }).click();
  expect((await clipboard()).split('\n')[1]).toBe('time\tmethod\thost\tpath\tstatus\tms\tattempt\terror\tmessage');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Save log as file' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^firmscope-request-log-\d{4}-\d{2}-\d{2}-\d{4}\.json$/);
  const saved = JSON.parse(readFileSync((await download.path())!, 'utf8')) as { entries: Array<{ path: string; curl: string }> };
  expect(saved.entries.some((e) => e.path.includes('/esg/v1/processing/'))).toBe(true);
  expect(JSON.stringify(saved)).not.toContain('sandbox-analyst-secret');
  await page.getByRole('button', { name: 'Clear log' }).click();
  await expect(page.getByText('No requests recorded yet.')).toBeVisible();

  await page.keyboard.press('Alt+7');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(header(page)).toContainText('Not connected');
});

test('a wrong secret on the Sandbox profile gives the documented invalid-client message', async ({ page }) => {
  await openSettings(page);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(header(page)).toContainText(/Connected, token renews in/);

  // Saving a connected profile signs in again with what was saved.
  await page.getByLabel('Client secret').fill('not-the-sandbox-secret');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Profile saved.')).toBeVisible();
  const alert = page.getByRole('alert').filter({ hasText: 'Could not connect' });
  await expect(alert).toContainText(INVALID_CLIENT_MESSAGE);
  await expect(alert).toContainText('auth_invalid_client');
  await expect(alert.getByRole('button', { name: 'Retry' })).toHaveCount(0);
  await expect(header(page)).toContainText('Connection failed');

  await page.getByRole('button', { name: 'Test connection' }).click();
  await expect(page.getByRole('heading', { name: 'Connection test failed' })).toBeVisible();
  const token = steps(page).nth(1);
  await expect(token).toHaveAttribute('data-outcome', 'failed');
  await expect(token).toContainText(INVALID_CLIENT_MESSAGE);
  await expect(steps(page).nth(2)).toHaveAttribute('data-outcome', /^(skipped|failed)$/);

  // The right secret brings it back.
  await page.getByLabel('Client secret').fill('sandbox-analyst-secret');
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(header(page)).toContainText(/Connected, token renews in/);
  await expect(alert).toHaveCount(0);
});

test('a new profile: inline validation before sending, then save, test, delete', async ({ page }) => {
  test.setTimeout(120_000);
  await openSettings(page);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(header(page)).toContainText(/Connected, token renews in/);
  // The embedded sandbox runs now; a remote profile can point at it like at any service.
  const authUrl = await page.getByLabel('Auth URL').inputValue();
  const baseUrl = await page.getByLabel('Base URL').inputValue();
  expect(authUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+/);

  await page.getByRole('button', { name: 'New profile' }).click();
  await expect(page.getByRole('heading', { name: 'New profile' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete profile' })).toHaveCount(0);
  await page.getByLabel('Auth URL').fill('auth.example.com');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Fix the highlighted fields, then try again.')).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Name')).toHaveAccessibleDescription(/Name is required/);
  await expect(page.getByLabel('Auth URL')).toHaveAccessibleDescription(/Enter a full http\(s\) URL/);
  await expect(page.getByLabel('Client ID')).toHaveAccessibleDescription(/Client ID is required/);
  await expect(page.getByLabel('Profile', { exact: true }).locator('option')).toHaveText(['Sandbox (active)', 'New profile (unsaved)']);

  await page.getByLabel('Name').fill('Acme staging');
  await page.getByLabel('Auth URL').fill(`${authUrl}/`);
  await page.getByLabel('Base URL').fill(baseUrl);
  await page.getByLabel('Client ID').fill('sandbox-search-only');
  await page.getByLabel('Client secret').fill('sandbox-search-only-secret');
  await page.locator('summary', { hasText: 'Advanced' }).click();
  await expect(page.getByLabel('Use discovery document')).not.toBeChecked();
  await expect(page.getByLabel('Search path')).toHaveValue('/search/v1/companies');
  await expect(page.getByLabel('ESG module path template')).toHaveValue('/esg/v1/companies/{company_id}/{module}');
  await expect(page.getByLabel('ESG status path template')).toHaveValue('/esg/v1/processing/{session_id}');
  await expect(page.getByLabel('Match path')).toHaveValue('/match/v5/companies');
  await expect(page.getByLabel('Match payload template')).toHaveValue('');
  await page.getByLabel('Use discovery document').check();

  // Test connection saves first, then reports every step (discovery now included).
  await page.getByRole('button', { name: 'Test connection' }).click();
  await expect(page.getByText('Changes saved, then tested.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Connection test passed' })).toBeVisible();
  await expect(steps(page).nth(0)).toHaveAttribute('data-outcome', 'ok');
  // Each permission on its own: this client may search and match, not use ESG.
  await expect(page.getByTestId('test-permissions')).toHaveText('Search: access · ESG: no access · Match: access');
  await expect(steps(page).nth(3)).toHaveAttribute('data-outcome', 'no access');
  await expect(steps(page).nth(3)).toContainText('ESG: no access (403)');
  await expect(page.getByRole('heading', { name: 'Profile: Acme staging' })).toBeVisible();
  await expect(page.getByLabel('Auth URL')).toHaveValue(authUrl);
  await expect(page.getByLabel('Client secret')).toHaveValue('');
  await expect(page.getByText('stored', { exact: true })).toBeVisible();
  await expect(page.getByText('Unsaved changes')).toHaveCount(0);

  await page.getByRole('button', { name: 'Delete profile' }).click();
  await expect(page.getByRole('alertdialog').getByRole('button', { name: 'Delete' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await page.getByRole('button', { name: 'Delete profile' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByLabel('Profile', { exact: true }).locator('option')).toHaveText(['Sandbox (active)']);
  await expect(page.getByRole('button', { name: 'Delete profile' })).toHaveCount(0);
});

test('a passed connection test shows the header Connected, like a search that signs in', async ({ page }) => {
  await openSettings(page);
  await expect(header(page)).toContainText('Not connected');
  await page.getByRole('button', { name: 'Test connection' }).click();
  await expect(page.getByRole('heading', { name: 'Connection test passed' })).toBeVisible();
  await expect(header(page)).toContainText(/Connected, token renews in/);
  await expect(page.getByRole('button', { name: 'Connection settings' })).toHaveCount(0);
});

test('the request log shows the error and message of a 403', async ({ page }) => {
  await openSettings(page);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(header(page)).toContainText(/Connected/);
  const authUrl = await page.getByLabel('Auth URL').inputValue();
  const baseUrl = await page.getByLabel('Base URL').inputValue();
  await page.getByRole('button', { name: 'New profile' }).click();
  await page.getByLabel('Name').fill('Search only');
  await page.getByLabel('Auth URL').fill(authUrl);
  await page.getByLabel('Base URL').fill(baseUrl);
  await page.getByLabel('Client ID').fill('sandbox-search-only');
  await page.getByLabel('Client secret').fill('sandbox-search-only-secret');
  await page.getByRole('button', { name: 'Test connection' }).click();
  await expect(page.getByRole('heading', { name: 'Connection test passed' })).toBeVisible();
  await page.keyboard.press('Alt+8');
  // The status cell, not any text: the sandbox's random port may contain "403" (it did: 40339).
  const row = page.getByRole('table').getByRole('row').filter({ has: page.getByRole('cell', { name: '403', exact: true }) });
  await expect(row).toContainText('forbidden');
  await expect(row).toContainText('This client has no access to the ESG API resource');
});

test('a canary secret typed into Settings never reaches the page after saving', async ({ page }) => {
  const canary = `CANARY-${Date.now().toString(36)}-7f3a9c`;
  await openSettings(page);
  const secret = page.getByLabel('Client secret');
  await secret.focus();
  // Keyboard events, not fill(): nothing but the page itself ever holds the string in page JS.
  await page.keyboard.type(canary);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Profile saved.')).toBeVisible();
  await expect(page.getByLabel('Client secret')).toHaveValue('');
  await expect(page.getByText('stored', { exact: true })).toBeVisible();

  // Visit every screen so anything that might echo it gets its chance to render.
  for (const key of ['1', '2', '3', '4', '5', '6', '8', '7']) await page.keyboard.press(`Alt+${key}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Connection settings' })).toBeVisible();

  const leaks = await page.evaluate((needle) => {
    const found: string[] = [];
    if (document.documentElement.outerHTML.includes(needle)) found.push('DOM markup');
    for (const el of Array.from(document.querySelectorAll('input, textarea'))) {
      if ((el as HTMLInputElement).value.includes(needle)) found.push(`value of ${el.outerHTML.slice(0, 60)}`);
    }
    for (const [name, store] of [['localStorage', localStorage], ['sessionStorage', sessionStorage]] as const) {
      for (let i = 0; i < store.length; i++) if ((store.getItem(store.key(i) ?? '') ?? '').includes(needle)) found.push(name);
    }
    // Everything reachable from window (and React's expandos on DOM nodes) up to a bounded depth.
    const seen = new WeakSet<object>();
    const queue: Array<[unknown, string, number]> = [[window, 'window', 0]];
    const roots = Array.from(document.querySelectorAll('*'));
    for (const el of roots) queue.push([el, `<${el.tagName.toLowerCase()}>`, 1]);
    let visited = 0;
    while (queue.length && visited < 400_000) {
      const [v, path, depth] = queue.shift()!;
      visited++;
      if (typeof v === 'string') {
        if (v.includes(needle)) found.push(path);
        continue;
      }
      if (!v || (typeof v !== 'object' && typeof v !== 'function') || seen.has(v as object) || depth > 12) continue;
      seen.add(v as object);
      let keys: string[] = [];
      try {
        keys = Object.getOwnPropertyNames(v);
      } catch {
        continue;
      }
      for (const k of keys) {
        if (v === window && (k === 'window' || k === 'self' || k === 'frames' || k === 'parent' || k === 'top')) continue;
        let child: unknown;
        try {
          const d = Object.getOwnPropertyDescriptor(v, k);
          child = d && 'value' in d ? d.value : undefined;
        } catch {
          continue;
        }
        if (child instanceof Node && child !== document) continue; // DOM nodes are enqueued above
        queue.push([child, `${path}.${k}`, depth + 1]);
      }
    }
    return found;
  }, canary);
  expect(leaks).toEqual([]);

  // And nowhere in the JS heap once garbage is collected (Chromium DevTools protocol).
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.enable');
  await cdp.send('HeapProfiler.collectGarbage');
  const chunks: string[] = [];
  cdp.on('HeapProfiler.addHeapSnapshotChunk', (e) => chunks.push(e.chunk));
  await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  expect(chunks.join('').includes(canary)).toBe(false);
  await cdp.detach();
});
