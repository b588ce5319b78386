// ESG E2E: open a company, request news, watch the count rise live (pushed from main, no renderer
// polling), then see the articles once the session completes. Uses its own browser-mode host whose
// embedded sandbox runs 12 s sessions (test/main/features/esg/helpers/e2e-host.ts); fresh data dir per test.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './a11y';
import { EXPECTED_CONSOLE_ERROR, expect, guardedTest, spawnHost, stopHost } from './fixtures';

interface EsgHost {
  url: string;
  companyId: string;
  companyName: string;
  dataDir: string;
  /** Stops the host and starts a new one on the same data dir (a fresh embedded sandbox). */
  restart(): Promise<EsgHost>;
}

async function launch(dataDir: string): Promise<{ child: ChildProcess; url: string; companyId: string; companyName: string }> {
  let companyId = '';
  let companyName = '';
  const { child, url } = await spawnHost(
    ['--import', 'tsx', 'test/main/features/esg/helpers/e2e-host.ts', dataDir],
    { ...process.env, ESG_SESSION_MS: '12000' },
    {
      label: 'ESG host',
      timeoutMs: 45_000,
      onLine: (line) => {
        if (line.startsWith('ESG_COMPANY ')) companyId = line.slice('ESG_COMPANY '.length).trim();
        if (line.startsWith('ESG_COMPANY_NAME ')) companyName = line.slice('ESG_COMPANY_NAME '.length).trim();
      },
    },
  );
  return { child, url, companyId, companyName };
}

const test = guardedTest.extend<{ host: EsgHost; page: Page }>({
  host: async ({}, use) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'firmscope-esg-e2e-'));
    let current: ChildProcess | null = null;
    const start = async (): Promise<EsgHost> => {
      if (current) await stopHost(current);
      const h = await launch(dataDir);
      current = h.child;
      return { url: h.url, companyId: h.companyId, companyName: h.companyName, dataDir, restart: start };
    };
    try {
      await use(await start());
    } finally {
      if (current) await stopHost(current);
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
  // The host is set up before the page, so it is torn down after the page's error check.
  page: async ({ host: _host, page }, use) => {
    await use(page);
  },
});

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function openEsg(page: Page) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'ESG', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'ESG' })).toBeVisible();
}

test('request news for a company, see the count rise live, then the articles', async ({ page, host }) => {
  test.setTimeout(120_000);
  // Record web notifications (browser mode shows them only after the analyst opts in).
  await page.context().grantPermissions(['notifications']);
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __notes: string[] }).__notes = seen;
    const Real = window.Notification;
    class Recording extends Real {
      constructor(title: string, opts?: NotificationOptions) {
        super(title, opts);
        seen.push(`${title} | ${opts?.body ?? ''}`);
      }
    }
    Object.defineProperty(window, 'Notification', { value: Recording });
  });
  await page.goto(host.url);
  await openEsg(page);
  await page.getByLabel('Desktop notification when a watched session completes').check();

  await page.getByRole('textbox', { name: 'Company ID', exact: true }).fill(host.companyId);
  await page.getByRole('button', { name: 'Open company' }).click();
  // Named, not by UUID: the heading and the window title; the id stays visible, secondary.
  await expect(page.getByTestId('esg-company-name')).toContainText(host.companyName);
  await expect(page).toHaveTitle(new RegExp(`^${escapeRe(host.companyName)} · ESG`));
  await expect(page.getByRole('button', { name: `Copy ID of ${host.companyName}` })).toBeVisible();
  await expect(page.getByRole('tab', { name: /News/ })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('button', { name: 'Request news', exact: true }).click();

  const status = page.getByTestId('esg-status');
  const count = page.getByTestId('esg-result-count');
  await expect(status).toHaveText('Processing');
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByText('articles held', { exact: true })).toBeVisible();
  await expect(panel.getByText(/including ones gathered before this session/)).toBeVisible();

  // Live: the number on screen grows while the session is still processing.
  const first = Number(await count.textContent());
  await expect.poll(async () => Number(await count.textContent()), { timeout: 20_000 }).toBeGreaterThan(first);
  const risen = Number(await count.textContent());
  // Named by the company; its id shortened, in full in the tooltip.
  const activityRow = page.getByRole('row').filter({ has: page.locator(`code[title="${host.companyId}"]`) });
  await expect(activityRow).toContainText('News');
  await expect(activityRow).toContainText(host.companyName);
  await expect(activityRow).toContainText(`${host.companyId.slice(0, 8)}…`);
  await expect(activityRow).not.toContainText(host.companyId);

  // Completion, then the articles with their total.
  await expect(page.getByRole('status').filter({ hasText: /^Complete/ })).toBeVisible({ timeout: 30_000 });
  const articles = page.getByRole('list', { name: 'news items' }).getByRole('listitem');
  await expect(articles.first()).toBeVisible();
  const total = Number(await page.getByTestId('esg-total').textContent());
  expect(total).toBeGreaterThanOrEqual(risen);
  await expect(articles).toHaveCount(Math.min(10, total));
  // Headline, source and date per article; a chart of articles per month over all of them.
  await expect(articles.first().getByRole('heading', { level: 3 })).toContainText(host.companyName);
  await expect(articles.first().locator('time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}T/);
  await expect(page.getByRole('img', { name: new RegExp(`^Articles per month, ${escapeRe(host.companyName)}: ${total} articles from`) })).toBeVisible();
  await expectNoAxeViolations(page, 'ESG news with its articles');
  await expect(page.getByRole('tab', { name: /News/ })).toContainText(`complete, ${total}`);
  await expect(activityRow).toContainText('Complete');
  const notes = await page.evaluate(() => (window as unknown as { __notes: string[] }).__notes);
  expect(notes).toEqual([expect.stringMatching(new RegExp(`^ESG news ready \\| News for ${escapeRe(host.companyName)}: \\d+ counted\\.$`))]);

  // Paginated like search.
  if (total > 10) {
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'page 2' })).toBeVisible();
    await expect(articles).toHaveCount(Math.min(10, total - 10));
  }
});

test('a watch in flight survives a restart and, when the service no longer knows it, shows as gone from the service', async ({ page, host }) => {
  test.setTimeout(90_000);
  // The host is stopped on purpose: until the page is sent to the new one, it tries to reconnect.
  test.info().annotations.push({ type: EXPECTED_CONSOLE_ERROR, description: 'ERR_CONNECTION_REFUSED' });
  test.info().annotations.push({ type: EXPECTED_CONSOLE_ERROR, description: 'ERR_CONNECTION_RESET' });
  await page.goto(host.url);
  await openEsg(page);
  await page.getByRole('textbox', { name: 'Company ID', exact: true }).fill(host.companyId);
  await page.getByRole('button', { name: 'Open company' }).click();
  await page.getByRole('button', { name: 'Request news', exact: true }).click();
  await expect(page.getByTestId('esg-status')).toHaveText('Processing');
  const row = page.getByRole('row').filter({ has: page.locator(`code[title="${host.companyId}"]`) });
  await expect(row).toContainText('Processing');

  // Restart: a new process reads the persisted watch; its fresh embedded sandbox answers 404.
  const again = await host.restart();
  await page.goto(again.url);
  await openEsg(page);
  await expect(row).toContainText('Service no longer has this session', { timeout: 15_000 });
  await expect(row).toContainText('the service no longer has this session; request again');
  await expect(row).not.toContainText('long ago');
  const checks = await row.getByRole('cell').nth(5).textContent();
  expect(Number(checks)).toBe(1); // asked once, no error loop
  await row.getByRole('button', { name: `Remove News for ${host.companyName}` }).click();
  await expect(page.getByText('No sessions are being watched.')).toBeVisible();
});
