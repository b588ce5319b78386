// Test what users run: the BUILT browser-mode bundle (out/web-host/cli.mjs, dependencies external)
// loads the native better-sqlite3 module and opens a profile's workspace database.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { ensureBuilt } from '../../../scripts/build-outputs.mjs';
import { fnChannel } from '../../../src/shared/bridge/define';
import { WS_PATH, WS_PROTOCOL, WS_TOKEN_PREFIX, type ServerFrame } from '../../../src/shared/bridge/ws-protocol';
import { tempDir } from '../../helpers/core-helpers';

const root = fileURLToPath(new URL('../../..', import.meta.url));
let child: ChildProcess;
let ws: WebSocket;
let data: { dir: string; cleanup(): void };
let nextId = 1;

/** One bridge call over the host's socket, as the page makes it. */
function call(socket: WebSocket, group: string, name: string, input?: unknown): Promise<unknown> {
  const id = nextId++;
  return new Promise((resolve) => {
    const onMessage = (raw: Buffer) => {
      const frame = JSON.parse(raw.toString()) as ServerFrame;
      if (frame.t === 'result' && frame.id === id) {
        socket.off('message', onMessage);
        resolve(frame.result);
      }
    };
    socket.on('message', onMessage);
    socket.send(JSON.stringify({ t: 'call', id, ch: fnChannel(group, name), input }));
  });
}

beforeAll(async () => {
  if (!ensureBuilt(root, ['webHost'])) throw new Error('building out/web-host/cli.mjs failed');
  data = tempDir();
  child = spawn(process.execPath, [join(root, 'out/web-host/cli.mjs'), '--port', '0', '--data-dir', data.dir, '--no-build'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  child.stderr!.on('data', (d) => (err += d));
  const url = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`host exited (${code}): ${err}`)));
    createInterface({ input: child.stdout! }).on('line', (line) => line.startsWith('http://127.0.0.1') && resolve(line.trim()));
  });
  const u = new URL(url);
  const token = new URLSearchParams(u.hash.slice(1)).get('token')!;
  ws = new WebSocket(`ws://${u.host}${WS_PATH}`, [WS_PROTOCOL, WS_TOKEN_PREFIX + token], { origin: u.origin });
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
}, 240_000);

afterAll(async () => {
  ws?.close();
  if (child && child.exitCode === null) {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
  data?.cleanup();
});

describe('the built web-host bundle', () => {
  it('loads better-sqlite3 and reports the workspace available', async () => {
    const info = (await call(ws, 'app', 'info')) as { ok: boolean; value: { workspace: unknown; notices: Array<{ message: string }> } };
    expect(info).toMatchObject({ ok: true, value: { workspace: { available: true } } });
    expect(info.value.notices.map((n) => n.message).join('\n')).not.toMatch(/unavailable/);
    expect(existsSync(join(root, 'out/web-host/cli.mjs'))).toBe(true);
  });

  it('loads a whole result set into the profile database file and pages it sorted', async () => {
    const body = { filters: { and: [{ attribute: 'country', relation: 'equals', value: 'DE' }] } };
    const started = (await call(ws, 'snapshot', 'load', { body, rowCap: 500 })) as { ok: boolean; value: { id: number } };
    expect(started.ok).toBe(true);
    let status = 'loading';
    for (let i = 0; i < 600 && status === 'loading'; i++) {
      await new Promise((r) => setTimeout(r, 50));
      const list = (await call(ws, 'snapshot', 'list')) as { value: Array<{ id: number; status: string }> };
      status = list.value.find((s) => s.id === started.value.id)?.status ?? 'gone';
    }
    expect(['complete', 'capped']).toContain(status);
    const page = (await call(ws, 'snapshot', 'page', { id: started.value.id, view: { sort: { field: 'revenue', direction: 'desc' } }, offset: 0, limit: 5 })) as {
      value: { total: number; rows: Array<{ country: string; revenue?: number }> };
    };
    expect(page.value.total).toBeGreaterThan(0);
    expect(page.value.rows.every((r) => r.country === 'DE')).toBe(true);
    const revenues = page.value.rows.map((r) => r.revenue ?? -1);
    expect(revenues).toEqual([...revenues].sort((a, b) => b - a));
    expect(existsSync(join(data.dir, 'workspace', 'sandbox.sqlite'))).toBe(true);
  }, 60_000);
});
