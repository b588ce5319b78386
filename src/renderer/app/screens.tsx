// Route -> screen. Feature screens read route parameters through useNavigation().
import type { ReactElement } from 'react';
import { SettingsScreen } from '../connection/SettingsScreen';
import { DiagnosticsScreen } from '../diagnostics/DiagnosticsScreen';
import { EsgScreen } from '../esg/EsgScreen';
import { ExportsPanel } from '../export/ExportsPanel';
import { MatchScreen } from '../match/MatchScreen';
import { ListsScreen } from '../lists/ListsScreen';
import { SearchScreen } from '../search/SearchScreen';
import type { Route } from './navigation';

const SCREENS: Record<Route['screen'], () => ReactElement> = {
  search: () => <SearchScreen />,
  esg: () => <EsgScreen />,
  match: () => <MatchScreen />,
  exports: () => <ExportsPanel />,
  settings: () => <SettingsScreen />,
  diagnostics: () => <DiagnosticsScreen />,
  lists: () => <ListsScreen />,
};

export function ScreenFor({ route }: { route: Route }) {
  return SCREENS[route.screen]();
}
