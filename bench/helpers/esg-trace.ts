// Where a late ESG cell spends its time, for bench/esg-portfolio.ts. Records, per cell, when the
// watcher asked for the status, when that request left the rate limiter (the inner transport
// sent it), when the answer came back, when the engine asked for the data, when that left the
// limiter and was answered; the sandbox gives the session's end and the bench the time shown.
import type { ApiClient } from '../../src/main/platform/api/types';
import type { Transport } from '../../src/main/platform/api/transport';

interface Exchange {
  sent: number;
  answered: number;
}

export interface CellTimes {
  end: number;
  shown: number;
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

export class EsgTrace {
  /** Inner transport exchanges (after the limiter) per status session id / per "company/module". */
  private readonly statusSends = new Map<string, Exchange[]>();
  private readonly moduleSends = new Map<string, Exchange[]>();
  /** API client calls (before the limiter). */
  private readonly statusCalls = new Map<string, Exchange[]>();
  private readonly moduleCalls = new Map<string, Exchange[]>();

  /** The transport under the limiter: its send time is when the limiter let the request go. */
  transport(inner: Transport): Transport {
    return {
      now: inner.now,
      send: async (req, attempt) => {
        const x = { sent: Date.now(), answered: NaN };
        const sid = /\/processing\//.test(req.url) ? UUID.exec(req.url)?.[0] : undefined;
        const m = /\/companies\/([^/?]+)\/([a-z]+)/.exec(req.url);
        if (sid) push(this.statusSends, sid, x);
        else if (m) push(this.moduleSends, `${decodeURIComponent(m[1]!)}/${m[2]}`, x);
        try {
          return await inner.send(req, attempt);
        } finally {
          x.answered = Date.now();
        }
      },
    };
  }

  /** The API client as the engine and the watcher call it. */
  api(inner: ApiClient): ApiClient {
    const timed = async <T>(map: Map<string, Exchange[]>, key: string, p: () => Promise<T>): Promise<T> => {
      const x = { sent: Date.now(), answered: NaN };
      push(map, key, x);
      try {
        return await p();
      } finally {
        x.answered = Date.now();
      }
    };
    return {
      ...inner,
      esgModule: (req, co) => timed(this.moduleCalls, `${req.companyId}/${req.module}`, () => inner.esgModule(req, co)),
      processingStatus: (sid, co) => timed(this.statusCalls, sid, () => inner.processingStatus(sid, co)),
    };
  }

  /**
   * Phases of one completed cell, in ms: end -> status asked (poll schedule), status limiter wait,
   * status exchange, engine wait before the data read, data limiter wait, data exchange, store + event batch.
   */
  phases(sessionId: string, cellKey: string, t: CellTimes): Record<Phase, number> | null {
    const sc = this.statusCalls.get(sessionId)?.at(-1);
    const ss = this.statusSends.get(sessionId)?.at(-1);
    const mc = this.moduleCalls.get(cellKey)?.at(-1);
    const ms = this.moduleSends.get(cellKey)?.at(-1);
    if (!sc || !ss || !mc || !ms) return null;
    return {
      pollSchedule: sc.sent - t.end,
      statusLimiter: ss.sent - sc.sent,
      statusExchange: sc.answered - ss.sent,
      engineQueue: mc.sent - sc.answered,
      dataLimiter: ms.sent - mc.sent,
      dataExchange: mc.answered - ms.sent,
      storeAndBatch: t.shown - mc.answered,
    };
  }
}

export const PHASES = ['pollSchedule', 'statusLimiter', 'statusExchange', 'engineQueue', 'dataLimiter', 'dataExchange', 'storeAndBatch'] as const;
export type Phase = (typeof PHASES)[number];

function push(map: Map<string, Exchange[]>, key: string, x: Exchange): void {
  const list = map.get(key);
  if (list) list.push(x);
  else map.set(key, [x]);
}
