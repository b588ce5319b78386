// Main navigation: Tab reaches it, Up/Down (or Left/Right) move between items, Enter/Space open,
// Alt+0…9 jump from anywhere (wired in App). The tool screens sit apart, after a rule.
import { useRef, type KeyboardEvent } from 'react';
import type { Route } from '../state/navigation';
import { NAV_ITEMS } from './routes';
import { formatCount } from '../ui/format';

export interface NavBarProps {
  current: Route['screen'];
  onSelect: (screen: Route['screen']) => void;
  /** A count beside an item, part of its name ("What changed, 5 unread"); 0 or absent shows none. */
  badges?: Partial<Record<Route['screen'], { count: number; noun: string }>>;
}

export function NavBar({ current, onSelect, badges = {} }: NavBarProps) {
  const listRef = useRef<HTMLUListElement>(null);

  const onKeyDown = (e: KeyboardEvent<HTMLUListElement>) => {
    const buttons = Array.from(listRef.current?.querySelectorAll<HTMLButtonElement>('button') ?? []);
    const i = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (i === -1) return;
    let next = -1;
    if (e.key === 'ArrowDown' || e.key === 'ArrowRight') next = (i + 1) % buttons.length;
    else if (e.key === 'ArrowUp' || e.key === 'ArrowLeft') next = (i - 1 + buttons.length) % buttons.length;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = buttons.length - 1;
    if (next === -1) return;
    e.preventDefault();
    buttons[next]?.focus();
  };

  return (
    <nav aria-label="Main" className="nav">
      <ul ref={listRef} onKeyDown={onKeyDown} className="nav__list">
        {NAV_ITEMS.map((item, i) => (
          <li key={item.screen} className={item.group && item.group !== NAV_ITEMS[i - 1]?.group ? 'nav__group-start' : undefined}>
            <button
              type="button"
              className="nav__item"
              aria-current={current === item.screen ? 'page' : undefined}
              aria-keyshortcuts={`Alt+${item.shortcut}`}
              onClick={() => onSelect(item.screen)}
            >
              <NavLabel label={item.label} badge={badges[item.screen]} />
              <kbd className="nav__kbd" aria-hidden="true">
                Alt+{item.shortcut}
              </kbd>
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The label, and a count as a pill. With a count the name is said in one hidden text ("What changed,
 * 5 unread"): Chromium would put a space before the comma between the flex item's parts.
 */
function NavLabel({ label, badge }: { label: string; badge?: { count: number; noun: string } }) {
  if (!badge?.count) return <span>{label}</span>;
  const count = formatCount(badge.count);
  return (
    <>
      <span aria-hidden="true">{label}</span>
      <span className="pill pill--warn nav__badge" aria-hidden="true">
        {count}
      </span>
      <span className="visually-hidden">{`${label}, ${count} ${badge.noun}`}</span>
    </>
  );
}
