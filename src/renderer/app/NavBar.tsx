// Main navigation: Tab reaches it, Up/Down (or Left/Right) move between items, Enter/Space open,
// Alt+1…8 jump from anywhere (wired in App). The tool screens sit apart, after a rule.
import { useRef, type KeyboardEvent } from 'react';
import type { Route } from './navigation';
import { NAV_ITEMS } from './routes';

export interface NavBarProps {
  current: Route['screen'];
  onSelect: (screen: Route['screen']) => void;
}

export function NavBar({ current, onSelect }: NavBarProps) {
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
    buttons[next].focus();
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
              <span>{item.label}</span>
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
