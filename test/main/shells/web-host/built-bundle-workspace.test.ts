// Test what users run: the BUILT browser-mode bundle (out/web-host/cli.mjs, dependencies external)
// loads the native better-sqlite3 module, opens a profile's workspace database and stores a load
// all through its writer thread (out/web-host/snapshot-writer.mjs).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../../../../scripts/build-outputs.mjs';
import { eventChannel } from '../../../../src/shared/bridge/define';
import { tempDir } from '../../../helpers/core-helpers';
import { signIn, startBuiltHost, type BridgeClient, type HostProcess } from '../../../helpers/host-process';

const root = fileURLToPath(new URL('../../../..', import.meta.url));
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

  it('loads a whole result set into the profile database file and pages it sorted', async () => {
    const body = { filters: { and: [{ attribute: 'country', relation: 'equals', value: 'DE' }] } };
    const started = (await client.call('snapshots', 'load', { body, rowCap: 500 })) as { ok: boolean; value: { id: number } };
    expect(started.ok).toBe(true);
    // The load's own progress event says when it has ended.
    const ended = await client.event((e) => {
      const p = e.payload as { id?: number; status?: string };
      return e.ch === eventChannel('snapshots', 'progress') && p.id === started.value.id && p.status !== 'loading';
    });
    expect(['complete', 'capped']).toContain((ended.payload as { status: string }).status);
    const list = (await client.call('snapshots', 'list')) as { value: Array<{ id: number; status: string }> };
    expect(list.value.find((s) => s.id === started.value.id)?.status).toBe((ended.payload as { status: string }).status);
    const page = (await client.call('snapshots', 'page', { id: started.value.id, view: { sort: { field: 'revenue', direction: 'desc' } }, offset: 0, limit: 5 })) as {
      value: { total: number; rows: Array<{ country: string; revenue?: number }> };
    };
    expect(page.value.total).toBeGreaterThan(0);
    expect(page.value.rows.every((r) => r.country === 'DE')).toBe(true);
    const revenues = page.value.rows.map((r) => r.revenue ?? -1);
    expect(revenues).toEqual([...revenues].sort((a, b) => b - a));
    expect(existsSync(join(data.dir, 'workspace', 'sandbox.sqlite'))).toBe(true);
    // The bundle found its writer thread's script beside itself: no fallback to the core's thread.
    expect(host.output()).not.toMatch(/writer thread did not start/);
  }, 60_000);
});
