// The live match count's timing, apart from React so it is unit-tested with fake timers: one request
// `delayMs` after the last edit, the request of an older edit aborted, and an answer that arrives for an
// edit that is no longer current dropped (sequence numbers), so a stale count never overwrites a newer one.
import { numberFormat } from '../ui/format';

export type LiveCountState =
  | { kind: 'idle' }
  | { kind: 'checking' }
  | { kind: 'count'; count: number }
  | { kind: 'error'; message: string };

export interface LiveCounterOptions {
  /** Asks the service; rejects on failure. Aborted when a newer edit arrives. */
  fetch(body: unknown, signal: AbortSignal): Promise<number>;
  onState(state: LiveCountState): void;
  /** Quiet time after the last edit before asking. */
  delayMs?: number;
  /** How long a failure stays on screen. */
  errorMs?: number;
  /** Counts remembered per body, so going back to an earlier edit asks nothing. */
  cacheSize?: number;
  /** How long a remembered count is shown without asking again. */
  cacheMs?: number;
  /** Shared by the counters of one app run (the screen remounts after navigation). */
  cache?: Map<string, { count: number; at: number }>;
  now?(): number;
}

export interface LiveCounter {
  /** The body being edited (`key` identifies it, e.g. profile + canonical JSON), or null when none can run. */
  edit(key: string | null, body?: unknown): void;
  dispose(): void;
}

export const LIVE_COUNT_DELAY_MS = 600;
export const LIVE_COUNT_ERROR_MS = 5_000;
export const LIVE_COUNT_CACHE_MS = 10 * 60_000;

export function createLiveCounter(o: LiveCounterOptions): LiveCounter {
  const delayMs = o.delayMs ?? LIVE_COUNT_DELAY_MS;
  const errorMs = o.errorMs ?? LIVE_COUNT_ERROR_MS;
  const cacheSize = o.cacheSize ?? 20;
  const cacheMs = o.cacheMs ?? LIVE_COUNT_CACHE_MS;
  const now = o.now ?? Date.now;
  const cache = o.cache ?? new Map<string, { count: number; at: number }>();
  let currentKey: string | null = null;
  let seq = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let errorTimer: ReturnType<typeof setTimeout> | undefined;
  let controller: AbortController | null = null;
  let disposed = false;

  const stopPending = () => {
    clearTimeout(timer);
    clearTimeout(errorTimer);
    controller?.abort();
    controller = null;
  };
  const remember = (key: string, count: number) => {
    cache.delete(key);
    cache.set(key, { count, at: now() });
    if (cache.size > cacheSize) cache.delete(cache.keys().next().value as string);
  };

  async function ask(key: string, body: unknown, mine: number) {
    const c = new AbortController();
    controller = c;
    o.onState({ kind: 'checking' });
    try {
      const count = await o.fetch(body, c.signal);
      if (mine !== seq || disposed) return;
      remember(key, count);
      o.onState({ kind: 'count', count });
    } catch (e) {
      if (mine !== seq || disposed || c.signal.aborted) return;
      o.onState({ kind: 'error', message: e instanceof Error ? e.message : String(e) });
      errorTimer = setTimeout(() => mine === seq && !disposed && o.onState({ kind: 'idle' }), errorMs);
    } finally {
      if (controller === c) controller = null;
    }
  }

  return {
    edit(key, body) {
      if (disposed || key === currentKey) return;
      currentKey = key;
      const mine = ++seq;
      stopPending();
      if (key === null) return o.onState({ kind: 'idle' });
      const known = cache.get(key);
      if (known && now() - known.at < cacheMs) return o.onState({ kind: 'count', count: known.count });
      o.onState({ kind: 'idle' });
      timer = setTimeout(() => void ask(key, body, mine), delayMs);
    },
    dispose() {
      disposed = true;
      seq++;
      stopPending();
    },
  };
}

/** "about 1,234 companies match", in the analyst's locale. */
export function liveCountText(count: number, locale?: string): string {
  if (count === 0) return 'no companies match';
  const n = numberFormat({}, locale).format(count);
  return count === 1 ? 'about 1 company matches' : `about ${n} companies match`;
}
