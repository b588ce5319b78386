// The Electron preload with a fake contextBridge and ipcRenderer: it exposes one key, the object
// matches the table exactly, calls go to the right channel, and the IPC event never reaches the page.
import { describe, expect, it, vi } from 'vitest';
import { exposeFirmscope } from '../../src/preload/electron-expose';
import { buildFirmscopeApi, deepFreeze } from '../../src/preload/build-api';
import { eventChannel, fnChannel, listEntries } from '../../src/shared/bridge/define';
import { bridgeTable } from '../../src/shared/bridge/table';
import { expectedApiShape } from '../helpers/fake-handlers';

type Api = Record<string, Record<string, (arg?: unknown) => unknown>>;

function fakeElectron() {
  const exposed = new Map<string, unknown>();
  const listeners = new Map<string, Set<(...args: unknown[]) => void>>();
  const ipc = {
    invoke: vi.fn(async (channel: string, input: unknown) => ({ ok: true, value: { channel, input } })),
    on: vi.fn((channel: string, l: (...args: unknown[]) => void) => {
      if (!listeners.has(channel)) listeners.set(channel, new Set());
      listeners.get(channel)!.add(l);
      return ipc;
    }),
    removeListener: vi.fn((channel: string, l: (...args: unknown[]) => void) => {
      listeners.get(channel)?.delete(l);
      return ipc;
    }),
  };
  const bridge = { exposeInMainWorld: vi.fn((key: string, value: unknown) => void exposed.set(key, value)) };
  const emit = (channel: string, payload: unknown) => {
    for (const l of listeners.get(channel) ?? []) l({ sender: 'SECRET-IPC-EVENT', ports: [] }, payload);
  };
  return { exposed, listeners, ipc, bridge, emit };
}

describe('Electron preload', () => {
  it('exposes only window.firmscope, shaped exactly like the table', () => {
    const f = fakeElectron();
    exposeFirmscope(bridgeTable, f.bridge as never, f.ipc as never);
    expect([...f.exposed.keys()]).toEqual(['firmscope']);
    const api = f.exposed.get('firmscope') as Api;
    expect(Object.keys(api)).toEqual(Object.keys(bridgeTable));
    const shape = expectedApiShape();
    for (const g of Object.keys(shape)) {
      expect(Object.keys(api[g]!)).toEqual(shape[g]);
      for (const k of shape[g]!) expect(typeof api[g]![k]).toBe('function');
    }
  });

  it('calls every function on its own channel with the input as given', async () => {
    const f = fakeElectron();
    exposeFirmscope(bridgeTable, f.bridge as never, f.ipc as never);
    const api = f.exposed.get('firmscope') as Api;
    for (const entry of listEntries(bridgeTable).fns) {
      const r = await api[entry.group]![entry.name]!({ probe: entry.name });
      expect(r).toEqual({ ok: true, value: { channel: fnChannel(entry.group, entry.name), input: { probe: entry.name } } });
    }
    expect(f.ipc.invoke).toHaveBeenCalledTimes(listEntries(bridgeTable).fns.length);
  });

  it('delivers only the payload to event listeners and unsubscribes cleanly', () => {
    const f = fakeElectron();
    exposeFirmscope(bridgeTable, f.bridge as never, f.ipc as never);
    const api = f.exposed.get('firmscope') as Api;
    const got: unknown[][] = [];
    const off = api.esg!.onProgress!((...args: unknown[]) => got.push(args)) as () => void;
    f.emit(eventChannel('esg', 'progress'), { sessionId: 's1' });
    expect(got).toEqual([[{ sessionId: 's1' }]]);
    off();
    off();
    f.emit(eventChannel('esg', 'progress'), { sessionId: 's2' });
    expect(got).toHaveLength(1);
    expect(f.listeners.get(eventChannel('esg', 'progress'))?.size).toBe(0);
    expect(f.ipc.removeListener).toHaveBeenCalledTimes(1);
  });

  it('turns a failed transport into a Result instead of throwing', async () => {
    const f = fakeElectron();
    f.ipc.invoke.mockRejectedValueOnce(new Error("Error invoking remote method 'x': boom at /home/user/secret.ts:1:1"));
    exposeFirmscope(bridgeTable, f.bridge as never, f.ipc as never);
    const api = f.exposed.get('firmscope') as Api;
    const r = (await api.profiles!.status!()) as { ok: boolean; error: { code: string; message: string } };
    expect(r.ok).toBe(false);
    expect(r.error.code).toBe('internal');
    expect(r.error.message).not.toContain('secret.ts');
  });

  it('rejects a listener that is not a function', () => {
    const f = fakeElectron();
    exposeFirmscope(bridgeTable, f.bridge as never, f.ipc as never);
    const api = f.exposed.get('firmscope') as Api;
    expect(() => api.app!.onNotice!('not a function')).toThrow(TypeError);
  });

  it('freezes the browser-mode object so page code cannot replace functions', () => {
    const api = deepFreeze(buildFirmscopeApi(bridgeTable, { invoke: async () => ({ ok: true, value: 1 }), subscribe: () => () => undefined }));
    expect(Object.isFrozen(api)).toBe(true);
    expect(Object.isFrozen(api.profiles)).toBe(true);
    expect(() => {
      (api.profiles as Record<string, unknown>).status = () => 'evil';
    }).toThrow(TypeError);
  });
});
