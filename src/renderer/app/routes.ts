// The screens the navigation offers, in order, with their labels and keyboard shortcuts.
import type { Route } from '../state/navigation';

export type ScreenName = Route['screen'];

export interface NavItem {
  screen: ScreenName;
  label: string;
  /** Alt+<digit> jumps to the screen. */
  shortcut: string;
  /** The app's own screens (settings, diagnostics), shown apart from the analyst's work. */
  group?: 'tools';
}

// In the order of an analyst's work: screen a universe, resolve their own names, keep lists, enrich
// with ESG, export, follow what changed; the tool screens come last, set apart.
export const NAV_ITEMS: readonly NavItem[] = [
  { screen: 'search', label: 'Search', shortcut: '1' },
  { screen: 'match', label: 'Match', shortcut: '2' },
  { screen: 'lists', label: 'Lists', shortcut: '3' },
  { screen: 'esg', label: 'ESG', shortcut: '4' },
  { screen: 'runs', label: 'ESG runs', shortcut: '5' },
  { screen: 'exports', label: 'Exports', shortcut: '6' },
  // Added after the tool screens had 7 and 8, which stay as analysts learned them.
  { screen: 'watches', label: 'What changed', shortcut: '9' },
  { screen: 'team', label: 'Team', shortcut: '0' },
  { screen: 'settings', label: 'Settings', shortcut: '7', group: 'tools' },
  { screen: 'diagnostics', label: 'Diagnostics', shortcut: '8', group: 'tools' },
];

export function navItemForShortcut(key: string): NavItem | undefined {
  return NAV_ITEMS.find((i) => i.shortcut === key);
}
