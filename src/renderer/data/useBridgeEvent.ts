// Subscribe to a bridge event for the lifetime of a component. `window.firmscope.<group>.on<Event>(cb)`
// returns an unsubscribe function; we call it on unmount so main can stop work nobody listens to.
import { useEffect, useRef } from 'react';
import type { EventPayload } from '../../shared/bridge/define';
import { listenerName } from '../../shared/bridge/define';
import type { BridgeTable } from '../../shared/bridge/table';
import { firmscope } from './bridge';

export type GroupName = keyof BridgeTable & string;
export type EventName<G extends GroupName> = keyof BridgeTable[G]['events'] & string;
export type BridgeEventPayload<G extends GroupName, E extends EventName<G>> = EventPayload<BridgeTable[G]['events'][E]>;

type Subscribe = (cb: (payload: unknown) => void) => () => void;

/** Low-level subscribe, usable outside React (returns the unsubscribe function). */
export function subscribeBridgeEvent<G extends GroupName, E extends EventName<G>>(
  group: G,
  event: E,
  cb: (payload: BridgeEventPayload<G, E>) => void,
): () => void {
  const api = (firmscope()[group] ?? {}) as unknown as Record<string, Subscribe | undefined>;
  const subscribe = api[listenerName(event)];
  if (typeof subscribe !== 'function') throw new Error(`Bridge has no event ${group}.${event}`);
  return subscribe((payload) => cb(payload as BridgeEventPayload<G, E>));
}

/**
 * The callback may change every render; the subscription does not (a ref holds the latest one),
 * so events are never missed between an unsubscribe and a resubscribe.
 */
export function useBridgeEvent<G extends GroupName, E extends EventName<G>>(
  group: G,
  event: E,
  cb: (payload: BridgeEventPayload<G, E>) => void,
  enabled = true,
): void {
  const latest = useRef(cb);
  latest.current = cb;
  useEffect(() => {
    if (!enabled) return undefined;
    return subscribeBridgeEvent(group, event, (p) => latest.current(p));
  }, [group, event, enabled]);
}
