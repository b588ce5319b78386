// "about N companies match" next to the Search button, for the conditions being edited (not yet applied).
// One page_size=1 request ~600 ms after the last edit (search.countMatches); off per profile in Settings.
// Its `data-state` says what it decided (LiveCountDecision), and it is `aria-busy` while a count is on its
// way (the quiet time, then the request), so the count is announced once, when it is there.
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { canonicalJson } from '../../shared/search/body';
import { liveCountOf } from '../../shared/profile';
import { useProfiles } from '../data/profiles';
import { createLiveCounter, liveCountText, type LiveCounter, type LiveCountState } from './live-count';
import './live-count.css';
import { searchCalls } from '../data/search';
import { cancelSearchRequest } from '../data/search';

let requestSeq = 0;
/** Counts of this app run, kept across the screen's remounts (keys carry the profile id). */
const counts = new Map<string, { count: number; at: number }>();

/** Asks main for the count; an abort cancels the request in main as well. */
async function countMatches(body: unknown, signal: AbortSignal): Promise<number> {
  const requestId = `live-count-${++requestSeq}`;
  const cancel = () => cancelSearchRequest(requestId);
  signal.addEventListener('abort', cancel, { once: true });
  try {
    return (await searchCalls.countMatches({ body, requestId })).count;
  } finally {
    signal.removeEventListener('abort', cancel);
  }
}

/** Whether the active profile allows the live count (unknown while profiles load: not yet, and not `known`). */
export function useLiveCountEnabled(): { enabled: boolean; known: boolean; profileId: string | null } {
  const profiles = useProfiles();
  const activeId = profiles.data?.activeId ?? null;
  const profile = profiles.data?.profiles.find((p) => p.id === activeId);
  return { enabled: profile ? liveCountOf(profile) : false, known: profile !== undefined, profileId: activeId };
}

/**
 * What the live count decided, on its element as `data-state`: `unknown` (the profile is not read yet),
 * `off` (the profile has it switched off: nothing is asked), `idle` (nothing to count: no runnable body,
 * a search being started, or a failure that has gone), `waiting` (the quiet time after an edit),
 * `checking` (asked), `count` (a count shown, the applied search's own included), `error`.
 */
export type LiveCountDecision = 'unknown' | 'off' | 'idle' | 'waiting' | 'checking' | 'count' | 'error';

export interface LiveCountProps {
  /** The edited body when it can run, else null (nothing extra is shown). */
  body: unknown | null;
  /** The applied search and its count: an edit equal to it needs no request. */
  applied: { body: unknown; count: number } | null;
  /** The body of a search being started: its own count is on the way, so no count request for it. */
  starting?: unknown | null;
}

export function LiveCount({ body, applied, starting = null }: LiveCountProps) {
  const { enabled, known, profileId } = useLiveCountEnabled();
  // `waiting`: the counter went idle for an edit it will count after the quiet time (not a failure that went).
  const [state, setState] = useState<LiveCountState & { waiting?: boolean }>({ kind: 'idle' });
  const editing = useRef<string | null>(null);
  const counter = useRef<LiveCounter | null>(null);
  if (!counter.current) {
    counter.current = createLiveCounter({
      fetch: countMatches,
      onState: (s) => setState(s.kind === 'idle' && editing.current !== null ? { kind: 'idle', waiting: true } : s),
      cache: counts,
    });
  }
  useEffect(() => () => counter.current?.dispose(), []);

  const bodyKey = body === null ? null : canonicalJson(body);
  const isApplied = applied !== null && bodyKey !== null && bodyKey === canonicalJson(applied.body);
  const isStarting = starting !== null && bodyKey !== null && bodyKey === canonicalJson(starting);
  const key = enabled && bodyKey !== null && !isApplied && !isStarting ? `${profileId}|${bodyKey}` : null;
  // Before paint: the `data-state` shown is always what the counter has been told.
  useLayoutEffect(() => {
    editing.current = key;
    counter.current?.edit(key, body);
    editing.current = null;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `body` is described by `key`; a new object with the same conditions is the same edit
  }, [key]);

  let text: string | null = null;
  let cls = 'live-count';
  if (!enabled || bodyKey === null || isStarting) text = null;
  else if (isApplied) text = liveCountText(applied.count);
  else if (state.kind === 'checking') text = 'checking…';
  else if (state.kind === 'count') text = liveCountText(state.count);
  else if (state.kind === 'error') {
    text = `Count unavailable: ${state.message}`;
    cls += ' live-count--error';
  }
  let decision: LiveCountDecision;
  if (!known) decision = 'unknown';
  else if (!enabled) decision = 'off';
  else if (bodyKey === null || isStarting) decision = 'idle';
  else if (isApplied) decision = 'count';
  else if (state.kind === 'idle') decision = state.waiting ? 'waiting' : 'idle';
  else decision = state.kind;
  // Always rendered (empty when silent) so screen readers hear changes in this polite region.
  return (
    <span
      className={cls}
      role="status"
      aria-live="polite"
      aria-busy={decision === 'waiting' || decision === 'checking'}
      data-state={decision}
      data-testid="live-count"
    >
      {text}
    </span>
  );
}
