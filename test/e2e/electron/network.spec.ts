// The desktop app's requests go through Chromium's network stack: a profile with its own proxy
// (which demands credentials) reaches the sandbox through it, and the sandbox over TLS with a test
// CA is refused until the profile's CA file is chosen in main's own dialog (the page never names a path). Runs only where an Electron binary exists.
import { startSandbox, type SandboxHandle } from '../../../src/sandbox/server';
import { SANDBOX_CLIENTS } from '../../../src/sandbox/clients';
import { generateTestCa, startConnectProxy, startTlsFront, type TestCa, type TestProxy } from '../../helpers/net-helpers';
import { basename } from 'node:path';
import type { ElectronApplication } from '@playwright/test';
import { expect, test } from './electron-fixtures';

let sandbox: SandboxHandle;
let proxy: TestProxy;
let ca: TestCa;
let tls: { port: number; close(): Promise<void> };
const auth = { username: 'analyst', password: 'e2e-proxy-pw' };

test.beforeAll(async () => {
  sandbox = await startSandbox({ companies: 1500 });
  proxy = await startConnectProxy({ requireAuth: auth });
  ca = generateTestCa();
  tls = await startTlsFront(sandbox.port, { key: ca.serverKey, cert: ca.serverCert });
});
test.afterAll(async () => {
  await tls?.close();
  ca?.cleanup();
  await proxy?.close();
  await sandbox?.close();
});

const base = (authUrl: string, baseUrl: string) => ({
  name: 'Company',
  authUrl,
  baseUrl,
  clientId: SANDBOX_CLIENTS.analyst.id,
  scope: 'api:use',
  useDiscovery: false,
  searchPath: '/search/v1/companies',
  esgModulePathTemplate: '/esg/v1/companies/{company_id}/{module}',
  esgStatusPathTemplate: '/esg/v1/processing/{session_id}',
  matchPath: '/match/v5/companies',
  matchPayloadTemplate: null,
});

type Bridge = { profiles: Record<string, (i?: unknown) => Promise<{ ok: boolean; value?: any; error?: any }>> };

test('a profile proxy that demands credentials gets them from the vault, through Chromium', async ({ appWindow }) => {
  await expect(appWindow.getByRole('navigation', { name: 'Main' })).toBeVisible();
  const profile = { ...base(sandbox.authUrl, sandbox.baseUrl), network: { proxy: 'url', proxyUrl: proxy.url, proxyUsername: auth.username, caFile: '' } };
  const report = await appWindow.evaluate(
    async ({ profile, secret, proxyPassword }) => {
      const api = (window as unknown as { firmscope: Bridge }).firmscope;
      const saved = await api.profiles.saveProfile!({ profile, secret, proxyPassword });
      return (await api.profiles.testConnection!({ id: saved.value.id })).value;
    },
    { profile, secret: SANDBOX_CLIENTS.analyst.secret, proxyPassword: auth.password },
  );
  expect(report.ok).toBe(true);
  expect(proxy.tunnels).toContain(`127.0.0.1:${sandbox.port}`);
  expect(proxy.credentials).toContain(`${auth.username}:${auth.password}`);
});

/** Main's open dialog answers `path` (Playwright cannot click a native dialog). */
const dialogAnswers = (app: ElectronApplication, path: string) =>
  app.evaluate(({ dialog }, chosen) => {
    dialog.showOpenDialog = (async () => ({ canceled: false, filePaths: [chosen] })) as typeof dialog.showOpenDialog;
  }, path);

test("TLS from a company CA: refused without it, accepted with the CA file chosen in main's dialog; a typed path is refused", async ({ appWindow, electronApp }) => {
  await expect(appWindow.getByRole('navigation', { name: 'Main' })).toBeVisible();
  const urls = base(`https://127.0.0.1:${tls.port}/auth`, `https://127.0.0.1:${tls.port}/api`);
  const run = (caFile: string, pick: boolean) =>
    appWindow.evaluate(
      async ({ profile, secret, pick }) => {
        const api = (window as unknown as { firmscope: Bridge }).firmscope;
        const picked = pick ? (await api.profiles.pickCaFile!()).value : null;
        const saved = await api.profiles.saveProfile!({ profile, secret, ...(picked ? { caFileHandle: picked.caFileHandle } : {}) });
        if (!saved.ok) return { saveError: saved.error };
        return { picked, report: (await api.profiles.testConnection!({ id: saved.value.id })).value };
      },
      { profile: { ...urls, network: { proxy: 'none', proxyUrl: '', proxyUsername: '', caFile } }, secret: SANDBOX_CLIENTS.analyst.secret, pick },
    );
  const refused = await run('', false);
  expect(refused.report.ok).toBe(false);
  expect(JSON.stringify(refused.report.steps)).toContain('unknown authority');
  // The page naming the path itself is refused (issue 28 H1)...
  const typed = await run(ca.caFile, false);
  expect(typed.saveError).toMatchObject({ code: 'invalid_input', details: { field: 'caFile' } });
  // ...the same file chosen in main's dialog is trusted; the page only ever saw its name.
  await dialogAnswers(electronApp, ca.caFile);
  const accepted = await run('', true);
  expect(accepted.picked.fileName).toBe(basename(ca.caFile));
  expect(JSON.stringify(accepted.picked)).not.toContain(ca.caFile);
  expect(accepted.report.ok).toBe(true);
});

test('Settings → Network: "Choose file…" shows the chosen CA file by name', async ({ appWindow, electronApp }) => {
  await appWindow.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Settings' }).click();
  await appWindow.getByRole('button', { name: 'New profile' }).click();
  await appWindow.getByLabel('Name').fill('Company network');
  await appWindow.getByLabel('Auth URL').fill('https://auth.example.com');
  await appWindow.getByLabel('Base URL').fill('https://api.example.com');
  await appWindow.getByLabel('Client ID').fill('company-client');
  await appWindow.getByRole('button', { name: 'Save' }).click();
  const network = appWindow.getByRole('region', { name: 'Network' });
  await expect(network.getByLabel('Company CA file (PEM)')).toHaveValue('None');
  await dialogAnswers(electronApp, ca.caFile);
  await network.getByRole('button', { name: 'Choose file…' }).click();
  await expect(network.getByLabel('Company CA file (PEM)')).toHaveValue(basename(ca.caFile));
  await network.getByRole('button', { name: 'Save network settings' }).click();
  await expect(network.getByText('Saved. The next request uses these settings.')).toBeVisible();
});
