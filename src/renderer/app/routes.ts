// The screens the navigation offers, in order, with their labels and keyboard shortcuts.
import type { Route } from './navigation';

export type ScreenName = Route['screen'];

export interface NavItem {
  screen: ScreenName;
  label: string;
  /** Alt+<digit> jumps to the screen. */
  shortcut: string;
}

export const NAV_ITEMS: readonly NavItem[] = [
  { screen: 'search', label: 'Search', shortcut: '1' },
  { screen: 'esg', label: 'ESG', shortcut: '2' },
  { screen: 'match', label: 'Match', shortcut: '3' },
  { screen: 'exports', label: 'Exports', shortcut: '4' },
  { screen: 'settings', label: 'Settings', shortcut: '5' },
  { screen: 'diagnostics', label: 'Diagnostics', shortcut: '6' },
  { screen: 'lists', label: 'Lists', shortcut: '7' },
  { screen: 'runs', label: 'ESG runs', shortcut: '8' },
];

export function navItemForShortcut(key: string): NavItem | undefined {
  return NAV_ITEMS.find((i) => i.shortcut === key);
}
