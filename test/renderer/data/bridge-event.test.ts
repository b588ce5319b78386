// subscribeBridgeEvent maps (group, event) to window.firmscope.<group>.on<Event> and hands back its unsubscribe.
import { afterEach, describe, expect, it } from 'vitest';
import type { ConnectionStatus } from '../../../src/shared/profile';
import { subscribeBridgeEvent } from '../../../src/renderer/data/useBridgeEvent';

type Listener = (p: unknown) => void;

function fakeWindow() {
  const listeners = new Map<string, Set<Listener>>();
  const on = (name: string) => (cb: Listener) => {
    const set = listeners.get(name) ?? new Set<Listener>();
    listeners.set(name, set);
    set.add(cb);
    return () => set.delete(cb);
  };
  (globalThis as { window?: unknown }).window = {
    firmscope: { profiles: { onStatusChanged: on('profiles.statusChanged') }, esg: { onProgress: on('esg.progress') } },
  };
  return { emit: (name: string, p: unknown) => listeners.get(name)?.forEach((l) => l(p)), count: (name: string) => listeners.get(name)?.size ?? 0 };
}

afterEach(() => {
  delete (globalThis as { window?: unknown }).window;
});

describe('subscribeBridgeEvent', () => {
  it('subscribes through on<Event> and unsubscribes cleanly', () => {
    const bus = fakeWindow();
    const seen: ConnectionStatus[] = [];
    const off = subscribeBridgeEvent('profiles', 'statusChanged', (s) => seen.push(s));
    expect(bus.count('profiles.statusChanged')).toBe(1);
    const status: ConnectionStatus = { profileId: 'sandbox', profileName: 'Sandbox', state: 'connected', vault: { kind: 'memory' } };
    bus.emit('profiles.statusChanged', status);
    off();
    bus.emit('profiles.statusChanged', { ...status, state: 'signed_out' });
    expect(seen).toEqual([status]);
    expect(bus.count('profiles.statusChanged')).toBe(0);
  });

  it('fails loudly for an event the bridge does not expose', () => {
    fakeWindow();
    expect(() => subscribeBridgeEvent('export', 'progress', () => {})).toThrow(/export\.progress/);
  });
});
