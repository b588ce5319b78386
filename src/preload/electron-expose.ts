// Electron side of the preload, written against the two Electron objects it needs so it can be
// tested with fakes. Only `window.firmscope` is exposed; ipcRenderer itself never reaches the page.
import type { ContextBridge, IpcRenderer, IpcRendererEvent } from 'electron';
import type { TableDef } from '../shared/bridge/define';
import type { Result } from '../shared/errors';
import { buildFirmscopeApi, type BridgeTransport } from './build-api';

export function ipcTransport(ipc: Pick<IpcRenderer, 'invoke' | 'on' | 'removeListener'>): BridgeTransport {
  return {
    invoke: (channel, input) => ipc.invoke(channel, input) as Promise<Result<unknown>>,
    subscribe(channel, listener) {
      // The IpcRendererEvent (which holds `sender`) is dropped here, so the page only sees the payload.
      const handler = (_event: IpcRendererEvent, payload: unknown) => listener(payload);
      ipc.on(channel, handler);
      return () => {
        ipc.removeListener(channel, handler);
      };
    },
  };
}

export function exposeFirmscope(
  table: TableDef,
  bridge: Pick<ContextBridge, 'exposeInMainWorld'>,
  ipc: Pick<IpcRenderer, 'invoke' | 'on' | 'removeListener'>,
): void {
  bridge.exposeInMainWorld('firmscope', buildFirmscopeApi(table, ipcTransport(ipc)));
}
