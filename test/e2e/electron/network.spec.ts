// The desktop app's requests go through Chromium's network stack: a profile with its own proxy
// (which demands credentials) reaches the sandbox through it, and the sandbox over TLS with a test
// CA is refused until the profile names the CA file. Runs only where an Electron binary exists.
import { startSandbox, type SandboxHandle } from '../../../src/sandbox/server';
import { SANDBOX_CLIENTS } from '../../../src/sandbox/clients';
import { generateTestCa, startConnectProxy, startTlsFront, type TestCa, type TestProxy } from '../../helpers/net-helpers';
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

type Bridge = { connection: Record<string, (i?: unknown) => Promise<{ ok: boolean; value?: any; error?: any }>> };

test('a profile proxy that demands credentials gets them from the vault, through Chromium', async ({ appWindow }) => {
  await expect(appWindow.getByRole('navigation', { name: 'Main' })).toBeVisible();
  const profile = { ...base(sandbox.authUrl, sandbox.baseUrl), network: { proxy: 'url', proxyUrl: proxy.url, proxyUsername: auth.username, caFile: '' } };
  const report = await appWindow.evaluate(
    async ({ profile, secret, proxyPassword }) => {
      const api = (window as unknown as { firmscope: Bridge }).firmscope;
      const saved = await api.connection.saveProfile({ profile, secret, proxyPassword });
      return (await api.connection.testConnection({ id: saved.value.id })).value;
    },
    { profile, secret: SANDBOX_CLIENTS.analyst.secret, proxyPassword: auth.password },
  );
  expect(report.ok).toBe(true);
  expect(proxy.tunnels).toContain(`127.0.0.1:${sandbox.port}`);
  expect(proxy.credentials).toContain(`${auth.username}:${auth.password}`);
});

test("TLS from a company CA: refused without it, accepted with the profile's CA file", async ({ appWindow }) => {
  await expect(appWindow.getByRole('navigation', { name: 'Main' })).toBeVisible();
  const urls = base(`https://127.0.0.1:${tls.port}/auth`, `https://127.0.0.1:${tls.port}/api`);
  const run = (caFile: string) =>
    appWindow.evaluate(
      async ({ profile, secret }) => {
        const api = (window as unknown as { firmscope: Bridge }).firmscope;
        const saved = await api.connection.saveProfile({ profile, secret });
        return (await api.connection.testConnection({ id: saved.value.id })).value;
      },
      { profile: { ...urls, network: { proxy: 'none', proxyUrl: '', proxyUsername: '', caFile } }, secret: SANDBOX_CLIENTS.analyst.secret },
    );
  const refused = await run('');
  expect(refused.ok).toBe(false);
  expect(JSON.stringify(refused.steps)).toContain('unknown authority');
  const accepted = await run(ca.caFile);
  expect(accepted.ok).toBe(true);
});
