// "1:05" / "1:02:03" for elapsed session time.
export function formatElapsed(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

export const WATCH_STATE_LABELS = {
  processing: 'Processing',
  complete: 'Complete',
  not_found: 'Company not found in ESG sources',
  expired: 'Service no longer has this session',
  error: 'Watch stopped by an error',
} as const;

/** Shown instead of "Processing" while the core is unreachable: the last known state is not live. */
export const UNKNOWN_WHILE_LOST = 'Unknown: no contact with the Firmscope core (was processing)';

/** The label of a watch state, given whether the core is reachable. */
export function watchStateLabel(state: keyof typeof WATCH_STATE_LABELS, lost: boolean): string {
  return lost && state === 'processing' ? UNKNOWN_WHILE_LOST : WATCH_STATE_LABELS[state];
}
