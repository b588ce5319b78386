// The call table of the browser-mode transport on its own: result frames settle their call,
// event frames reach every listener (a faulty one does not starve the rest), a drop fails the
// calls in flight, and a close code maps to the right stop reason.
import { describe, expect, it, vi } from 'vitest';
import { callTable } from '../../src/preload/ws-calls';
import { stopReason } from '../../src/preload/ws-link';
import { WS_CLOSE_NOT_SIGNED_IN, WS_CLOSE_REPLACED } from '../../src/shared/bridge/ws-protocol';

describe('callTable', () => {
  it('settles a call with its result frame, once', () => {
    const calls = callTable();
    const resolve = vi.fn();
    const id = calls.nextId();
    calls.add(id, { resolve, reject: vi.fn() });
    calls.route(JSON.stringify({ t: 'result', id, result: { ok: true, value: 1 } }));
    calls.route(JSON.stringify({ t: 'result', id, result: { ok: true, value: 2 } }));
    expect(resolve).toHaveBeenCalledTimes(1);
    expect(resolve).toHaveBeenCalledWith({ ok: true, value: 1 });
    expect(calls.nextId()).toBe(id + 1);
  });

  it('delivers events to every listener even when one throws, and ignores frames that are not JSON', () => {
    const calls = callTable();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const good = vi.fn();
    calls.subscribe('ch', () => {
      throw new Error('faulty');
    });
    const off = calls.subscribe('ch', good);
    calls.route('not json');
    calls.route(JSON.stringify({ t: 'event', ch: 'ch', payload: 7 }));
    off();
    calls.route(JSON.stringify({ t: 'event', ch: 'ch', payload: 8 }));
    expect(good).toHaveBeenCalledTimes(1);
    expect(good).toHaveBeenCalledWith(7);
    expect(error).toHaveBeenCalledTimes(2);
    error.mockRestore();
  });

  it('fails the calls in flight with the stop reason, or as a drop without one', () => {
    const calls = callTable();
    const a = { resolve: vi.fn(), reject: vi.fn() };
    const b = { resolve: vi.fn(), reject: vi.fn() };
    calls.add(calls.nextId(), a);
    calls.failAll(null);
    expect(a.reject).toHaveBeenCalledWith(new Error('bridge socket closed'));
    calls.add(calls.nextId(), b);
    const reason = stopReason(WS_CLOSE_REPLACED, true);
    calls.failAll(reason);
    expect(b.resolve).toHaveBeenCalledWith({ ok: false, error: reason });
    expect(a.reject).toHaveBeenCalledTimes(1);
  });
});

describe('stopReason', () => {
  it('stops for another page or a session this host does not know, and retries otherwise', () => {
    expect(stopReason(WS_CLOSE_REPLACED, false)?.message).toMatch(/another window or tab/);
    expect(stopReason(WS_CLOSE_NOT_SIGNED_IN, true)?.message).toMatch(/was restarted/);
    expect(stopReason(WS_CLOSE_NOT_SIGNED_IN, false)?.message).toMatch(/not signed in/);
    expect(stopReason(1006, true)).toBeNull();
  });
});
