// Lists screen state, held above the screens (screen-store.tsx) and saved per profile: which list
// is open, and its view (sort, text filter, page).
import type { ListView } from '../../shared/lists/lists';

export interface ListsScreenState {
  openListId: number | null;
  sort: NonNullable<ListView['sort']> | null;
  text: string;
  page: number;
}
export const initialListsState = (): ListsScreenState => ({ openListId: null, sort: null, text: '', page: 0 });
