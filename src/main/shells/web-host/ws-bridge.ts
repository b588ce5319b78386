// The bridge over WebSocket: each text frame is one call, answered with its Result; events are
// broadcast to the connected page. A page that goes away aborts the calls it started.
// One page at a time per launch: a new socket (a reload, or the same window reopened) replaces the
// old one, which is closed with WS_CLOSE_REPLACED and does not reconnect on its own.
import type { WebSocket } from 'ws';
import type { Dispatcher } from '../../platform/bridge/dispatcher';
import { ClientFrameSchema, WS_CLOSE_REPLACED, type ServerFrame } from '../../../shared/bridge/ws-protocol';

export interface WsBridge {
  attach(ws: WebSocket): void;
  setDispatcher(d: Dispatcher): void;
  broadcast(channel: string, payload: unknown): void;
  readonly size: number;
  closeAll(): void;
}

export function createWsBridge(): WsBridge {
  const clients = new Set<WebSocket>();
  let resolveDispatcher!: (d: Dispatcher) => void;
  const dispatcher = new Promise<Dispatcher>((r) => (resolveDispatcher = r));

  const send = (ws: WebSocket, frame: ServerFrame) => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(frame));
  };

  return {
    attach(ws) {
      for (const old of clients) {
        clients.delete(old);
        old.close(WS_CLOSE_REPLACED, 'replaced by a newer page');
      }
      clients.add(ws);
      const abort = new AbortController();
      // ws reports protocol violations (oversized, invalid UTF-8, RSV1, unmasked, bad opcode) as
      // 'error' and then closes the socket with the right code; without a listener they would end the host.
      ws.on('error', () => ws.terminate());
      ws.on('close', () => {
        clients.delete(ws);
        abort.abort();
      });
      // A call whose answer cannot be sent at all (the socket broke under it) ends the connection.
      ws.on('message', (data, isBinary) => {
        answer(data, isBinary).catch(() => ws.terminate());
      });
      const answer = async (data: WebSocket.RawData, isBinary: boolean) => {
        if (isBinary) return ws.close(1003, 'text frames only');
        let parsed: unknown;
        try {
          parsed = JSON.parse(data.toString());
        } catch {
          return ws.close(1007, 'malformed frame');
        }
        const frame = ClientFrameSchema.safeParse(parsed);
        if (!frame.success) return ws.close(1008, 'unexpected frame');
        const { id, ch, input } = frame.data;
        const d = await dispatcher;
        const result = await d.call(ch, input, { signal: abort.signal }).catch(() => ({
          ok: false,
          error: { code: 'internal', message: 'The call failed inside Firmscope.', retryable: false },
        }));
        try {
          send(ws, { t: 'result', id, result });
        } catch {
          // A value JSON cannot carry (a handler bug) must still answer the call.
          send(ws, {
            t: 'result',
            id,
            result: { ok: false, error: { code: 'internal', message: 'The answer could not be sent to the page.', retryable: false } },
          });
        }
      };
    },
    setDispatcher(d) {
      resolveDispatcher(d);
    },
    broadcast(channel, payload) {
      const text = JSON.stringify({ t: 'event', ch: channel, payload } satisfies ServerFrame);
      for (const ws of clients) if (ws.readyState === ws.OPEN) ws.send(text);
    },
    get size() {
      return clients.size;
    },
    closeAll() {
      for (const ws of clients) ws.close(1001, 'host shutting down');
    },
  };
}
