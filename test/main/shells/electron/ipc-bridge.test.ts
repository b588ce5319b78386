// ipcMain registration with fakes: every table function is registered, calls from anything but
// our window's main frame (on our own origin) are refused, and inputs are validated.
import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { createDispatcher } from '../../../../src/main/platform/bridge/dispatcher';
import { mainFrameOnly, registerBridgeIpc } from '../../../../src/main/shells/electron/ipc-bridge';
import { APP_INDEX_URL } from '../../../../src/main/shells/electron/app-protocol';
import { fnChannel, listEntries } from '../../../../src/shared/bridge/define';
import { bridgeTable } from '../../../../src/shared/bridge/table';
import { echoHandlers } from '../../../helpers/fake-handlers';

type Handler = (event: unknown, input: unknown) => Promise<unknown>;

function fakeIpcMain() {
  const handlers = new Map<string, Handler>();
  return {
    handlers,
    handle: vi.fn((channel: string, h: Handler) => {
      if (handlers.has(channel)) throw new Error(`second handler for ${channel}`);
      handlers.set(channel, h);
    }),
    removeHandler: vi.fn((channel: string) => void handlers.delete(channel)),
  };
}

function fakeContents(processId = 7, routingId = 1) {
  const contents = Object.assign(new EventEmitter(), {
    isDestroyed: () => false,
    mainFrame: { processId, routingId, parent: null, url: APP_INDEX_URL },
  });
  return contents;
}

const isAppUrl = (url: string) => url.startsWith('app://firmscope/');

function setup(overrides = {}) {
  const ipcMain = fakeIpcMain();
  const win = fakeContents();
  const dispatcher = createDispatcher(bridgeTable, echoHandlers(bridgeTable, overrides));
  const dispose = registerBridgeIpc({
    ipcMain: ipcMain as never,
    table: bridgeTable,
    dispatcher,
    isTrustedSender: mainFrameOnly(() => win as never, isAppUrl),
  });
  const goodEvent = { sender: win, senderFrame: win.mainFrame };
  return { ipcMain, win, dispose, goodEvent };
}

describe('ipcMain bridge registration', () => {
  it('registers exactly the table functions and removes them on dispose', () => {
    const { ipcMain, dispose } = setup();
    expect([...ipcMain.handlers.keys()]).toEqual(listEntries(bridgeTable).fns.map((f) => f.channel));
    dispose();
    expect(ipcMain.handlers.size).toBe(0);
  });

  it('runs calls from our main frame, with input validated', async () => {
    const { ipcMain, goodEvent } = setup();
    const ok = await ipcMain.handlers.get(fnChannel('profiles', 'activate'))!(goodEvent, { id: 'sandbox' });
    expect(ok).toEqual({ ok: true, value: { group: 'profiles', name: 'activate', input: { id: 'sandbox' } } });
    const bad = (await ipcMain.handlers.get(fnChannel('profiles', 'activate'))!(goodEvent, { id: '' })) as { ok: boolean; error: { code: string } };
    expect(bad.ok).toBe(false);
    expect(bad.error.code).toBe('invalid_input');
  });

  it('refuses other web contents, sub-frames, foreign origins and vanished frames', async () => {
    const spy = vi.fn(async () => 'ran');
    const { ipcMain, win } = setup({ 'profiles.status': spy });
    const call = (event: unknown) => ipcMain.handlers.get(fnChannel('profiles', 'status'))!(event, undefined);
    const other = fakeContents(9, 1);
    const cases = [
      { sender: other, senderFrame: other.mainFrame },
      { sender: win, senderFrame: { processId: 7, routingId: 5, parent: win.mainFrame, url: APP_INDEX_URL } },
      { sender: win, senderFrame: { processId: 7, routingId: 1, parent: null, url: 'https://evil.example/' } },
      { sender: win, senderFrame: null },
    ];
    for (const event of cases) {
      const r = (await call(event)) as { ok: boolean; error: { code: string } };
      expect(r.ok).toBe(false);
      expect(r.error.code).toBe('forbidden');
    }
    expect(spy).not.toHaveBeenCalled();
  });

  it('refuses everything once the window is gone', async () => {
    const ipcMain = fakeIpcMain();
    const win = fakeContents();
    let current: typeof win | null = win;
    registerBridgeIpc({
      ipcMain: ipcMain as never,
      table: bridgeTable,
      dispatcher: createDispatcher(bridgeTable, echoHandlers()),
      isTrustedSender: mainFrameOnly(() => current as never, isAppUrl),
    });
    current = null;
    const r = (await ipcMain.handlers.get(fnChannel('app', 'info'))!({ sender: win, senderFrame: win.mainFrame }, undefined)) as { ok: boolean };
    expect(r.ok).toBe(false);
  });

  it('aborts a running call when the page reloads or the window is destroyed', async () => {
    const seen: AbortSignal[] = [];
    const { ipcMain, win, goodEvent } = setup({
      'search.cancel': async (_input: unknown, ctx: { signal: AbortSignal }) => {
        seen.push(ctx.signal);
        return null;
      },
    });
    const h = ipcMain.handlers.get(fnChannel('search', 'cancel'))!;
    await h(goodEvent, { requestId: 'a' });
    win.emit('did-start-loading');
    await h(goodEvent, { requestId: 'b' });
    expect(seen[0]!.aborted).toBe(true);
    expect(seen[1]!.aborted).toBe(false);
    win.emit('destroyed');
    expect(seen[1]!.aborted).toBe(true);
    expect(win.listenerCount('did-start-loading')).toBe(1);
  });
});
