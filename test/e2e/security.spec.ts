// The renderer's isolation in browser mode: no Node/Electron globals, exactly the table on
// window.firmscope, CSP enforced, and the host's locks hold against a page on another origin.
import { listEntries } from '../../src/shared/bridge/define';
import { bridgeTable } from '../../src/shared/bridge/table';
import { EXPECTED_CONSOLE_ERROR, expect, test } from './fixtures';

const expectedShape = (): Record<string, string[]> => {
  const shape: Record<string, string[]> = {};
  const { fns, events } = listEntries(bridgeTable);
  for (const g of Object.keys(bridgeTable)) shape[g] = [];
  for (const f of fns) shape[f.group]!.push(f.name);
  for (const e of events) shape[e.group]!.push(e.listener);
  return shape;
};

test('the renderer has no require, process or ipcRenderer', async ({ page }) => {
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  const globals = await page.evaluate(() => ({
    require: typeof (window as unknown as Record<string, unknown>).require,
    process: typeof (window as unknown as Record<string, unknown>).process,
    ipcRenderer: typeof (window as unknown as Record<string, unknown>).ipcRenderer,
    electron: typeof (window as unknown as Record<string, unknown>).electron,
    module: typeof (window as unknown as Record<string, unknown>).module,
    Buffer: typeof (window as unknown as Record<string, unknown>).Buffer,
  }));
  expect(globals).toEqual({ require: 'undefined', process: 'undefined', ipcRenderer: 'undefined', electron: 'undefined', module: 'undefined', Buffer: 'undefined' });
});

test('window.firmscope is exactly the bridge table, frozen', async ({ page }) => {
  const shape = await page.evaluate(() => {
    const api = (window as unknown as { firmscope: Record<string, Record<string, unknown>> }).firmscope;
    return {
      groups: Object.keys(api),
      keys: Object.fromEntries(Object.entries(api).map(([g, fns]) => [g, Object.keys(fns)])),
      types: [...new Set(Object.values(api).flatMap((g) => Object.values(g).map((v) => typeof v)))],
      frozen: Object.isFrozen(api) && Object.values(api).every((g) => Object.isFrozen(g)),
    };
  });
  const expected = expectedShape();
  expect(shape.groups).toEqual(Object.keys(bridgeTable));
  expect(shape.keys).toEqual(expected);
  expect(shape.types).toEqual(['function']);
  expect(shape.frozen).toBe(true);
});

test('bridge calls return Results and bad input comes back as a typed error without a stack', async ({ page }) => {
  const r = await page.evaluate(async () => {
    const api = (window as unknown as { firmscope: Record<string, Record<string, (i?: unknown) => Promise<unknown>>> }).firmscope;
    return { info: await api.app!.info!(), bad: await api.profiles!.activate!({ id: 42 }), external: await api.app!.openExternal!({ url: 'file:///etc/passwd' }) };
  });
  expect(r.info).toMatchObject({ ok: true, value: { shell: 'browser' } });
  for (const failed of [r.bad, r.external]) {
    expect(failed).toMatchObject({ ok: false, error: { code: 'invalid_input', retryable: false } });
    expect(JSON.stringify(failed)).not.toMatch(/\bat\s.+:\d+:\d+|node_modules|\/work\//);
  }
});

test('an injected inline script is blocked by the CSP', async ({ page }) => {
  // Chromium reports the blocked script as a console error: that is what this test wants.
  test.info().annotations.push({ type: EXPECTED_CONSOLE_ERROR, description: 'Content Security Policy' });
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  await page.evaluate(() => {
    const w = window as unknown as { __violations: string[] };
    w.__violations = [];
    document.addEventListener('securitypolicyviolation', (e) => w.__violations.push(`${e.violatedDirective} ${e.blockedURI}`));
    const s = document.createElement('script');
    s.textContent = 'window.__inlineRan = true;';
    document.head.appendChild(s);
  });
  // Waits for the page's own report of the block (an allowed inline script would have run inside appendChild).
  const seen = () => page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);
  await expect.poll(seen).not.toHaveLength(0);
  expect((await seen())[0]).toMatch(/^script-src/);
  expect(await page.evaluate(() => (window as unknown as { __inlineRan?: boolean }).__inlineRan === true)).toBe(false);
  await expect.poll(() => violations.length).toBeGreaterThan(0);
});

test('the page is served with the security headers', async ({ page, app }) => {
  const res = await page.request.get(app.origin + '/');
  const h = res.headers();
  expect(h['content-security-policy']).toContain("script-src 'self'");
  expect(h['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(h['x-content-type-options']).toBe('nosniff');
  expect(await res.text()).not.toContain(app.launchCode);
});

test('the launch link works once: the page keeps an HttpOnly cookie, the address bar keeps nothing reusable', async ({ page, app, browser }) => {
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  expect(page.url()).toBe(`${app.origin}/`);
  // Scripts cannot read the session: it is HttpOnly, SameSite=Strict.
  expect(await page.evaluate(() => document.cookie)).toBe('');
  const [cookie] = await page.context().cookies(app.origin);
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
  await page.reload();
  const r = await page.evaluate(() => (window as unknown as { firmscope: { app: { info(): Promise<{ ok: boolean }> } } }).firmscope.app.info());
  expect(r.ok).toBe(true);
  // Replaying the link elsewhere (history, a process list) gets nothing.
  const other = await browser.newContext();
  const replay = await other.request.get(app.url, { maxRedirects: 0 });
  expect(replay.status()).toBe(403);
  expect(replay.headers()['set-cookie']).toBeUndefined();
  await other.close();
});

test('a page on another origin cannot open the bridge, nor our own page without its cookie', async ({ page, app, browser }) => {
  // The sockets opened here are refused, and Chromium logs that.
  test.info().annotations.push({ type: EXPECTED_CONSOLE_ERROR, description: '/__firmscope/bridge' });
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  // Serve a hostile page from a different origin (localhost on another port is another origin).
  const other = await browser.newPage();
  await other.route('http://evil.test/**', (route) => route.fulfill({ contentType: 'text/html', body: '<html><body>evil</body></html>' }));
  await other.goto('http://evil.test/');
  const attempt = await other.evaluate(
    ({ port }) =>
      new Promise<string>((resolve) => {
        const ws = new WebSocket(`ws://127.0.0.1:${port}/__firmscope/bridge`, ['firmscope.v1']);
        ws.onopen = () => resolve('opened');
        ws.onerror = () => resolve('refused');
      }),
    { port: app.port },
  );
  expect(attempt).toBe('refused');
  // Our own origin without the session cookie is closed at once with 4003 ("not signed in to this
  // launch", so a page of an earlier launch can say so), before any call is answered.
  await page.context().clearCookies();
  const wrong = await page.evaluate(
    (port) =>
      new Promise<string>((resolve) => {
        const ws = new WebSocket(`ws://127.0.0.1:${port}/__firmscope/bridge`, ['firmscope.v1']);
        let answers = 0;
        ws.onopen = () => ws.send(JSON.stringify({ t: 'call', id: 1, ch: 'fs:app.info' }));
        ws.onmessage = () => answers++;
        ws.onclose = (e) => resolve(`closed ${e.code} after ${answers} answers`);
      }),
    app.port,
  );
  expect(wrong).toBe('closed 4003 after 0 answers');
  await other.close();
});
