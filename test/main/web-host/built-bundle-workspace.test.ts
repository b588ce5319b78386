// Test what users run: the BUILT browser-mode bundle (out/web-host/cli.mjs, dependencies external)
// loads the native better-sqlite3 module and opens a profile's workspace database.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../../../scripts/build-outputs.mjs';
import { tempDir } from '../../helpers/core-helpers';
import { signIn, startBuiltHost, type BridgeClient, type HostProcess } from '../../helpers/host-process';

const root = fileURLToPath(new URL('../../..', import.meta.url));
let host: HostProcess;
let client: BridgeClient;
let data: { dir: string; cleanup(): void };

beforeAll(async () => {
  if (!ensureBuilt(root, ['webHost'])) throw new Error('building out/web-host/cli.mjs failed');
  data = tempDir();
  host = await startBuiltHost(root, data.dir);
  client = await signIn(host.url);
}, 240_000);

afterAll(async () => {
  client?.close();
  await host?.stop();
  data?.cleanup();
});

describe('the built web-host bundle', () => {
  it('loads better-sqlite3 and reports the workspace available', async () => {
    const info = (await client.call('app', 'info')) as { ok: boolean; value: { workspace: unknown; notices: Array<{ message: string }> } };
    expect(info).toMatchObject({ ok: true, value: { workspace: { available: true } } });
    expect(info.value.notices.map((n) => n.message).join('\n')).not.toMatch(/unavailable/);
    expect(existsSync(join(root, 'out/web-host/cli.mjs'))).toBe(true);
  });
});
