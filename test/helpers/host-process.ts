// A built browser-mode host (out/web-host/cli.mjs) as its own process, and a bridge client that
// signs in the way a page does: it opens the printed launch link once, keeps the session cookie,
// and sends it with the WebSocket upgrade.
import { EventEmitter } from 'node:events';
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { WebSocket } from 'ws';
import { fnChannel } from '../../src/shared/bridge/define';
import { WS_PATH, WS_PROTOCOL } from '../../src/shared/bridge/ws-protocol';
import { ensureBuilt } from '../../scripts/build-outputs.mjs';

export interface HostProcess {
  child: ChildProcess;
  url: string;
  output(): string;
  stop(): Promise<void>;
}

export async function startBuiltHost(root: string, dataDir: string, env: NodeJS.ProcessEnv = process.env): Promise<HostProcess> {
  // The host serves out/renderer too. Built here, under the build lock, before the host reads it: a
  // test file that found the renderer stale would otherwise empty out/renderer while this host serves
  // it (a Vitest run on a clone nothing had built failed so: "The renderer is not built").
  if (!ensureBuilt(root, ['renderer', 'webHost'])) throw new Error('building out/renderer and out/web-host failed');
  const child = spawn(process.execPath, ['out/web-host/cli.mjs', '--port', '0', '--data-dir', dataDir, '--no-build'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...env, FORCE_COLOR: '0' },
  });
  let log = '';
  child.stderr!.on('data', (d) => (log += d));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the host printed no URL:\n${log}`)), 30_000);
    child.once('exit', (code) => reject(new Error(`the host exited (${code}):\n${log}`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      log += `${line}\n`;
      if (line.startsWith('http://127.0.0.1')) {
        clearTimeout(timer);
        resolve(line.trim());
      }
    });
  });
  return {
    child,
    url,
    output: () => log,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((r) => child.once('exit', () => r()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

export interface BridgeClient {
  call<T = unknown>(group: string, name: string, input?: unknown): Promise<{ ok: true; value: T } | { ok: false; error: { code: string; message: string } }>;
  events: Array<{ ch: string; payload: unknown }>;
  /** The first event (already in, or still to come) that satisfies `test`. */
  event(test: (e: { ch: string; payload: unknown }) => boolean): Promise<{ ch: string; payload: unknown }>;
  close(): void;
  /** `name=value` of the session cookie this client signed in with (tests of what a stolen one opens). */
  cookie: string;
}

/** Exchanges the launch link for the session cookie, then opens the bridge socket with it. */
export async function signIn(launchUrl: string): Promise<BridgeClient> {
  const u = new URL(launchUrl);
  const res = await fetch(launchUrl, { redirect: 'manual' });
  const setCookie = res.headers.get('set-cookie');
  if (res.status !== 303 || !setCookie) throw new Error(`the launch link was refused (${res.status})`);
  const cookie = setCookie.split(';')[0] ?? '';
  const ws = new WebSocket(`ws://${u.host}${WS_PATH}`, [WS_PROTOCOL], { origin: u.origin, headers: { cookie } });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  ws.on('error', () => undefined);
  const pending = new Map<number, (r: never) => void>();
  const events: BridgeClient['events'] = [];
  const arrived = new EventEmitter();
  ws.on('message', (d) => {
    const f = JSON.parse(d.toString()) as { t: string; id: number; result: never; ch: string; payload: unknown };
    if (f.t === 'result') pending.get(f.id)?.(f.result);
    else {
      events.push({ ch: f.ch, payload: f.payload });
      arrived.emit('event');
    }
  });
  let nextId = 1;
  return {
    events,
    event(test) {
      return new Promise((resolve) => {
        const check = () => {
          const hit = events.find(test);
          if (!hit) return;
          arrived.off('event', check);
          resolve(hit);
        };
        arrived.on('event', check);
        check();
      });
    },
    call(group, name, input) {
      const id = nextId++;
      return new Promise((resolve) => {
        pending.set(id, resolve as never);
        ws.send(JSON.stringify({ t: 'call', id, ch: fnChannel(group, name), input }));
      });
    },
    close: () => ws.close(),
    cookie,
  };
}
