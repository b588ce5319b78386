// ESG and Match screen state, held above the screens (see screen-store.tsx).
import type { MatchCandidate, EsgModule } from '../../shared/service/schemas';
import type { MatchResultView } from '../../shared/bridge/groups/match';

export interface EsgScreenState {
  /** The company whose modules are shown. */
  companyId: string;
  /** Its name when the route gave one (search or match row); otherwise the screen looks it up. */
  companyName?: string;
  /** What the Company ID field holds (may differ from companyId until "Open company"). */
  draft: string;
  module: EsgModule;
  /** A route naming a module asks for that module's data without another click. */
  autoModule: EsgModule | null;
  /** What "Find by name or ID" among the companies with stored ESG holds. */
  storedFind: string;
}
export const initialEsgState = (): EsgScreenState => ({ companyId: '', draft: '', module: 'news', autoModule: null, storedFind: '' });

export type MatchMode = 'single' | 'bulk';
export interface MatchScreenState {
  mode: MatchMode;
  open: { candidate: MatchCandidate; fromBulk: boolean } | null;
  fields: Record<string, string>;
  /** Hand-edited request body (sent as written), or null when the body follows the form. */
  editedBody: string | null;
  bodyError: string | null;
  submitted: boolean;
  result: MatchResultView | null;
}
export const initialMatchState = (): MatchScreenState => ({
  mode: 'single',
  open: null,
  fields: {},
  editedBody: null,
  bodyError: null,
  submitted: false,
  result: null,
});
