// The Electron shell's locks, end to end: the same checks the unit tests make with fakes, against
// the real window. Runs only when an Electron binary exists (see playwright.config.ts).
import { listEntries } from '../../../src/shared/bridge/define';
import { bridgeTable } from '../../../src/shared/bridge/table';
import { expect, launchApp, test } from './electron-fixtures';

test('the window loads our app:// page with the CSP and cannot read local files', async ({ electronApp, appWindow }) => {
  await expect(appWindow.getByRole('navigation', { name: 'Main' })).toBeVisible();
  const url = await electronApp.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]!.webContents.getURL());
  expect(url).toBe('app://firmscope/index.html');
  const fileRead = await appWindow.evaluate(() =>
    fetch('file:///etc/hostname').then(
      () => 'read',
      () => 'refused',
    ),
  );
  expect(fileRead).toBe('refused');
  const csp = await appWindow.evaluate(() => fetch('./index.html').then((r) => r.headers.get('content-security-policy')));
  expect(csp).toContain("script-src 'self'");
});

test('the renderer sees window.firmscope (exactly the table) and no require, process or ipcRenderer', async ({ appWindow }) => {
  const seen = await appWindow.evaluate(() => {
    const w = window as unknown as Record<string, unknown> & { firmscope: Record<string, Record<string, unknown>> };
    return {
      globals: [typeof w.require, typeof w.process, typeof w.ipcRenderer, typeof w.electron],
      keys: Object.fromEntries(Object.entries(w.firmscope).map(([g, fns]) => [g, Object.keys(fns)])),
    };
  });
  expect(seen.globals).toEqual(['undefined', 'undefined', 'undefined', 'undefined']);
  const expected: Record<string, string[]> = Object.fromEntries(Object.keys(bridgeTable).map((g) => [g, []]));
  for (const f of listEntries(bridgeTable).fns) expected[f.group]!.push(f.name);
  for (const e of listEntries(bridgeTable).events) expected[e.group]!.push(e.listener);
  expect(seen.keys).toEqual(expected);
});

test('bridge calls work and bad input is refused with a typed error', async ({ appWindow }) => {
  const r = await appWindow.evaluate(async () => {
    const api = (window as unknown as { firmscope: Record<string, Record<string, (i?: unknown) => Promise<unknown>>> }).firmscope;
    return { info: await api.app!.info!(), bad: await api.profiles!.activate!({ id: 42 }) };
  });
  expect(r.info).toMatchObject({ ok: true, value: { shell: 'electron' } });
  expect(r.bad).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
});

test('navigation away, new windows and permission requests are all denied', async ({ electronApp, appWindow }) => {
  type Seen = { navigationSeen?: { url: string; prevented: boolean } };
  // What main's guard (web-contents-guards.ts) made of the navigation below, if it reaches main.
  await electronApp.evaluate(({ BrowserWindow }) => {
    const contents = BrowserWindow.getAllWindows()[0]!.webContents;
    contents.once('will-navigate', (event, url) => void ((globalThis as unknown as Seen).navigationSeen = { url, prevented: event.defaultPrevented }));
  });
  // Chromium may refuse a file: URL in the page itself, before main is asked.
  const refusedInPage: string[] = [];
  appWindow.on('console', (m) => {
    if (m.text().includes('Not allowed to load local resource')) refusedInPage.push(m.text());
  });
  const opened = await appWindow.evaluate(() => {
    // Not an http(s) URL, so the denied window is not handed to the OS browser either. window.open
    // answers once main decided: null when it was denied.
    const win = window.open('file:///etc/passwd', '_blank');
    window.location.href = 'file:///etc/passwd';
    return win === null ? 'denied' : 'opened';
  });
  expect(opened).toBe('denied');
  // The navigation was decided: refused by the page, or seen by main, which must have stopped it.
  const mainSaw = () => electronApp.evaluate(() => (globalThis as unknown as Seen).navigationSeen ?? null);
  await expect.poll(async () => refusedInPage.length > 0 || (await mainSaw()) !== null).toBe(true);
  // Main stopped it if it saw it.
  expect((await mainSaw()) ?? { url: 'file:///etc/passwd', prevented: true }).toEqual({ url: 'file:///etc/passwd', prevented: true });
  expect(await electronApp.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().length)).toBe(1);
  expect(electronApp.windows()).toHaveLength(1);
  expect(appWindow.url()).toBe('app://firmscope/index.html');
  const permission = await appWindow.evaluate(() => Notification.requestPermission());
  expect(permission).toBe('denied');
});

test('the CSP blocks an injected inline script', async ({ appWindow }) => {
  await appWindow.evaluate(() => {
    const w = window as unknown as { __violations: string[] };
    w.__violations = [];
    document.addEventListener('securitypolicyviolation', (e) => w.__violations.push(e.violatedDirective));
    const s = document.createElement('script');
    s.textContent = 'window.__inlineRan = true;';
    document.head.appendChild(s);
  });
  // The page reports the blocked script; an allowed inline script would have run inside appendChild.
  await expect.poll(() => appWindow.evaluate(() => (window as unknown as { __violations: string[] }).__violations)).toContainEqual(expect.stringMatching(/^script-src/));
  expect(await appWindow.evaluate(() => (window as unknown as { __inlineRan?: boolean }).__inlineRan === true)).toBe(false);
});

test('the window comes back where it was left', async ({ electronApp, appWindow, dataDir }) => {
  await expect(appWindow.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await electronApp.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]!.setBounds({ x: 40, y: 50, width: 1010, height: 710 }));
  await electronApp.close();
  const again = await launchApp(dataDir);
  const win = await again.firstWindow();
  await win.waitForLoadState('domcontentloaded');
  const bounds = await again.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]!.getBounds());
  await again.close();
  expect({ width: bounds.width, height: bounds.height }).toEqual({ width: 1010, height: 710 });
});
