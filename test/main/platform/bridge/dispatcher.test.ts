import { describe, expect, it, vi } from 'vitest';
import { createDispatcher } from '../../../../src/main/platform/bridge/dispatcher';
import { fnChannel, listEntries } from '../../../../src/shared/bridge/define';
import { bridgeTable } from '../../../../src/shared/bridge/table';
import { AppError } from '../../../../src/shared/errors';
import { echoHandlers } from '../../../helpers/fake-handlers';

const ctx = () => ({ signal: new AbortController().signal });

describe('bridge dispatcher', () => {
  it('covers every table function', () => {
    const d = createDispatcher(bridgeTable, echoHandlers());
    expect(d.channels).toEqual(listEntries(bridgeTable).fns.map((f) => f.channel));
  });

  it('refuses to start when a handler is missing', () => {
    const handlers = echoHandlers() as unknown as Record<string, Record<string, unknown>>;
    delete handlers.esg!.request;
    expect(() => createDispatcher(bridgeTable, handlers)).toThrow(/esg\.request/);
  });

  it('hands the handler parsed input (defaults applied) and returns ok', async () => {
    const d = createDispatcher(bridgeTable, echoHandlers());
    const r = await d.call(fnChannel('esg', 'request'), { companyId: '  C-1 ', module: 'news' }, ctx());
    expect(r).toEqual({ ok: true, value: { group: 'esg', name: 'request', input: { companyId: 'C-1', module: 'news', pageSize: 10 } } });
  });

  it('rejects invalid input before the handler runs, naming the field but not the value', async () => {
    const spy = vi.fn(async () => 'never');
    const d = createDispatcher(bridgeTable, echoHandlers(bridgeTable, { 'app.openExternal': spy }));
    const r = await d.call(fnChannel('app', 'openExternal'), { url: 'file:///etc/passwd' }, ctx());
    expect(spy).not.toHaveBeenCalled();
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe('invalid_input');
    expect(r.error.details?.field).toBe('url');
    expect(r.error.message).toMatch(/^Invalid input: url/);
    expect(JSON.stringify(r)).not.toContain('/etc/passwd');
  });

  it('rejects extra types and missing objects', async () => {
    const d = createDispatcher(bridgeTable, echoHandlers());
    const r1 = await d.call(fnChannel('profiles', 'activate'), undefined, ctx());
    const r2 = await d.call(fnChannel('profiles', 'activate'), { id: 42 }, ctx());
    expect(r1.ok || r2.ok).toBe(false);
    expect([!r1.ok && r1.error.code, !r2.ok && r2.error.code]).toEqual(['invalid_input', 'invalid_input']);
  });

  it('answers an unknown channel with invalid_input', async () => {
    const d = createDispatcher(bridgeTable, echoHandlers());
    const r = await d.call('firmscope:fs.readFile', { path: '/' }, ctx());
    expect(r).toEqual({ ok: false, error: { code: 'invalid_input', message: 'Unknown bridge function.', retryable: false } });
  });

  it('passes AppErrors through as typed errors', async () => {
    const d = createDispatcher(
      bridgeTable,
      echoHandlers(bridgeTable, {
        'profiles.status': async () => {
          throw new AppError('rate_limited', 'Too many requests, try again in 5 s.', { retryable: true, details: { status: 429 } });
        },
      }),
    );
    const r = await d.call(fnChannel('profiles', 'status'), undefined, ctx());
    expect(r).toEqual({
      ok: false,
      error: { code: 'rate_limited', message: 'Too many requests, try again in 5 s.', retryable: true, details: { status: 429 } },
    });
  });

  it('never leaks the text or stack of an unexpected error', async () => {
    const report = vi.fn();
    const d = createDispatcher(
      bridgeTable,
      echoHandlers(bridgeTable, {
        'profiles.status': async () => {
          throw new Error('Authorization: Bearer canary-token-123');
        },
      }),
      { onUnexpectedError: report },
    );
    const r = await d.call(fnChannel('profiles', 'status'), undefined, ctx());
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe('internal');
    const text = JSON.stringify(r);
    expect(text).not.toContain('canary-token-123');
    expect(text).not.toMatch(/\bat\s.+:\d+:\d+/);
    expect(report).toHaveBeenCalledOnce();
  });

  it('logs unexpected errors without their message', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const d = createDispatcher(
      bridgeTable,
      echoHandlers(bridgeTable, {
        'profiles.status': async () => {
          throw new TypeError('secret=canary-456');
        },
      }),
    );
    await d.call(fnChannel('profiles', 'status'), undefined, ctx());
    const logged = log.mock.calls.flat().join(' ');
    log.mockRestore();
    expect(logged).toContain('TypeError');
    expect(logged).not.toContain('canary-456');
  });

  it('maps an abort to cancelled and gives the handler the call signal', async () => {
    const ctrl = new AbortController();
    const d = createDispatcher(
      bridgeTable,
      echoHandlers(bridgeTable, {
        'search.cancel': (_input, c) =>
          new Promise((_resolve, reject) => c.signal.addEventListener('abort', () => reject(new DOMException('stop', 'AbortError')))),
      }),
    );
    const pending = d.call(fnChannel('search', 'cancel'), { requestId: 'r1' }, { signal: ctrl.signal });
    ctrl.abort();
    expect(await pending).toEqual({ ok: false, error: { code: 'cancelled', message: 'Cancelled.', retryable: false } });
  });
});
