// Building blocks of the bridge table. One table (table.ts) drives the preload,
// the ipcMain registration and the browser-mode transport.
import type { z } from 'zod';
import type { Result } from '../errors';

export interface FnDef<I extends z.ZodType = z.ZodType, O = unknown> {
  kind: 'fn';
  input: I;
  /**
   * The page calls it by itself, not because the analyst asked (the live count while filters are
   * edited): main never lets it send a credential the proxy refused (see `automatic`).
   */
  automatic?: true;
  /** Phantom: carries the output type only. */
  readonly _output?: O;
}
export interface EventDef<P = unknown> {
  kind: 'event';
  readonly _payload?: P;
}

/** `fn(inputSchema).returns<Output>()` */
export function fn<I extends z.ZodType>(input: I) {
  return { returns: <O>(): FnDef<I, O> => ({ kind: 'fn', input }) };
}
/**
 * Marks a function the page calls on its own. Every other call is an action of the analyst, and only
 * an action may send again, once, a credential a proxy refused (src/main/platform/net/refused-credentials.ts).
 */
export function automatic<I extends z.ZodType, O>(def: FnDef<I, O>): FnDef<I, O> {
  return { ...def, automatic: true };
}
export function event<P>(): EventDef<P> {
  return { kind: 'event' };
}

export interface GroupDef {
  fns: Record<string, FnDef>;
  events: Record<string, EventDef>;
}
export function group<F extends Record<string, FnDef>, E extends Record<string, EventDef>>(g: { fns: F; events: E }) {
  return g;
}

export type TableDef = Record<string, GroupDef>;

export type FnInput<F> = F extends FnDef<infer I, unknown> ? z.input<I> : never;
export type FnParsed<F> = F extends FnDef<infer I, unknown> ? z.output<I> : never;
export type FnOutput<F> = F extends FnDef<z.ZodType, infer O> ? O : never;
export type EventPayload<E> = E extends EventDef<infer P> ? P : never;

/** `onProgress` for event `progress`. */
export type ListenerName<E extends string> = `on${Capitalize<E>}`;
export function listenerName(eventName: string): string {
  return `on${eventName.charAt(0).toUpperCase()}${eventName.slice(1)}`;
}

/** Channel names on the wire (IPC and WebSocket alike). */
export const fnChannel = (groupName: string, fnName: string) => `firmscope:${groupName}.${fnName}`;
export const eventChannel = (groupName: string, eventName: string) => `firmscope-event:${groupName}.${eventName}`;

/** What the renderer sees as `window.firmscope`: every function returns a Result, never throws. */
export type RendererApi<T extends TableDef> = {
  [G in keyof T]: {
    [F in keyof T[G]['fns']]: FnInput<T[G]['fns'][F]> extends undefined | void
      ? (input?: FnInput<T[G]['fns'][F]>) => Promise<Result<FnOutput<T[G]['fns'][F]>>>
      : (input: FnInput<T[G]['fns'][F]>) => Promise<Result<FnOutput<T[G]['fns'][F]>>>;
  } & {
    [E in keyof T[G]['events'] & string as ListenerName<E>]: (
      cb: (payload: EventPayload<T[G]['events'][E]>) => void,
    ) => () => void;
  };
};

/** Call context handed to handlers by the shell (Electron or browser host). */
export interface CallContext {
  /** Aborted when the renderer goes away (window closed, socket dropped). */
  signal: AbortSignal;
}

/** What main implements: one async handler per table function, input already validated. */
export type Handlers<T extends TableDef> = {
  [G in keyof T]: {
    [F in keyof T[G]['fns']]: (input: FnParsed<T[G]['fns'][F]>, ctx: CallContext) => Promise<FnOutput<T[G]['fns'][F]>>;
  };
};

/** Typed event emitter handed to the core. */
export type Emit<T extends TableDef> = <G extends keyof T & string, E extends keyof T[G]['events'] & string>(
  groupName: G,
  eventName: E,
  payload: EventPayload<T[G]['events'][E]>,
) => void;

/** Flat list of every function and event in a table, for registration and tests. */
export function listEntries(table: TableDef) {
  const fns: Array<{ group: string; name: string; def: FnDef; channel: string }> = [];
  const events: Array<{ group: string; name: string; listener: string; channel: string }> = [];
  for (const [g, def] of Object.entries(table)) {
    for (const [name, f] of Object.entries(def.fns)) fns.push({ group: g, name, def: f, channel: fnChannel(g, name) });
    for (const name of Object.keys(def.events))
      events.push({ group: g, name, listener: listenerName(name), channel: eventChannel(g, name) });
  }
  return { fns, events };
}
