// "What changed" screen state, held above the screens (screen-store.tsx) and saved per profile: the
// watch whose changes the inbox shows, the kinds of change shown and "unread only".
import type { ChangeKind } from '../../shared/watches/watches';

export interface WatchesScreenState {
  /** The inbox shows this watch's changes; null = every watch. */
  watchId: number | null;
  /** Kinds shown; empty = every kind. */
  kinds: ChangeKind[];
  unreadOnly: boolean;
  /** Page of the inbox (0-based). */
  page: number;
}
export const initialWatchesState = (): WatchesScreenState => ({ watchId: null, kinds: [], unreadOnly: false, page: 0 });
