// In-app navigation between feature screens (no URL router: the app has no navigable URLs).
import { createContext, useContext } from 'react';
import type { EsgModule } from '../../shared/service/schemas';
import type { DeepLink } from '../../shared/team/deep-link';

export type Route =
  | { screen: 'search' }
  | { screen: 'esg'; companyId?: string; companyName?: string; module?: EsgModule; /** The list it was opened from (the peer benchmark ranks it there). */ fromListId?: number; /** The loaded search results it was opened from (ranked there). */ fromSnapshotId?: number; /** The What changed row it was opened from, in words (shown above its record). */ fromChange?: string }
  | { screen: 'match'; prefill?: Record<string, string> }
  | { screen: 'runs'; runId?: number }
  | { screen: 'exports' }
  | { screen: 'settings' }
  | { screen: 'diagnostics' }
  | { screen: 'lists'; listId?: number }
  | { screen: 'watches' }
  | { screen: 'team'; /** A firmscope:// link that opened the app: the place the Team screen shows. */ link?: DeepLink };

export interface Navigation {
  route: Route;
  navigate(route: Route): void;
}

export const NavigationContext = createContext<Navigation>({ route: { screen: 'search' }, navigate: () => {} });
export const useNavigation = () => useContext(NavigationContext);
