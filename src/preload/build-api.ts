// Builds `window.firmscope` from the bridge table over any transport. Electron (ipcRenderer) and
// browser mode (WebSocket) both use this, so the two shells expose exactly the same object.
import { listEntries, type TableDef } from '../shared/bridge/define';
import type { BridgeError, Result } from '../shared/errors';

export interface BridgeTransport {
  /** Sends one call; resolves with the main side's Result. */
  invoke(channel: string, input: unknown): Promise<Result<unknown>>;
  /** Subscribes to an event channel; returns the unsubscribe function. */
  subscribe(channel: string, listener: (payload: unknown) => void): () => void;
}

type ApiObject = Record<string, Record<string, (arg: never) => unknown>>;

/** Plain nested object of functions (contextBridge clones it; browser mode freezes it). */
export function buildFirmscopeApi(table: TableDef, transport: BridgeTransport): ApiObject {
  const api: Record<string, Record<string, (arg: never) => unknown>> = {};
  const { fns, events } = listEntries(table);
  for (const g of Object.keys(table)) api[g] = {};
  for (const f of fns) {
    (api[f.group] ??= {})[f.name] = ((input?: unknown) => safeInvoke(transport, f.channel, input)) as (arg: never) => unknown;
  }
  for (const e of events) {
    (api[e.group] ??= {})[e.listener] = ((cb: (payload: unknown) => void) => {
      if (typeof cb !== 'function') throw new TypeError(`${e.group}.${e.listener} needs a callback`);
      let active = true;
      const unsubscribe = transport.subscribe(e.channel, (payload) => {
        if (active) cb(payload);
      });
      return () => {
        if (!active) return;
        active = false;
        unsubscribe();
      };
    }) as (arg: never) => unknown;
  }
  return api;
}

/** The bridge never throws at the caller: a broken transport is reported as a Result too. */
async function safeInvoke(transport: BridgeTransport, channel: string, input: unknown): Promise<Result<unknown>> {
  try {
    return await transport.invoke(channel, input);
  } catch {
    const error: BridgeError = {
      code: 'internal',
      message: 'Lost contact with the Firmscope core. Reload the window; if it persists, restart Firmscope.',
      retryable: true,
    };
    return { ok: false, error };
  }
}

/** Freezes the API object and its groups so page scripts cannot swap functions out. */
export function deepFreeze<T extends object>(api: T): T {
  for (const v of Object.values(api)) if (v && typeof v === 'object') Object.freeze(v);
  return Object.freeze(api);
}
