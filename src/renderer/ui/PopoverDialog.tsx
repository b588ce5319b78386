// A dialog that opens under its button (the export dialogs): it takes the focus (its first field),
// keeps Tab and Shift+Tab inside, closes on Escape, and gives the focus back to the button that
// opened it. Not modal: the page stays readable beside it.
import { useEffect, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The focusable elements inside, in document order (none of a hidden or inert part). */
function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.closest('[hidden], [inert]'));
}

export interface PopoverDialogProps {
  id: string;
  titleId: string;
  className: string;
  /** The button that opened it: focused again when the dialog closes. */
  opener: RefObject<HTMLElement | null>;
  onClose(): void;
  children: ReactNode;
}

/** The first field, or in a radio group the choice that is checked (where Tab would land, as in a form). */
function firstFocus(root: HTMLElement): HTMLElement {
  const first = focusables(root)[0];
  if (!(first instanceof HTMLInputElement) || first.type !== 'radio' || first.checked) return first ?? root;
  return [...root.querySelectorAll<HTMLInputElement>('input[type="radio"]:checked')].find((r) => r.name === first.name) ?? first;
}

export function PopoverDialog({ id, titleId, className, opener, onClose, children }: PopoverDialogProps) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = ref.current;
    if (root) firstFocus(root).focus();
    // Closed by Escape, by its own button or by the opener: the focus goes back to the opener.
    const back = opener.current;
    return () => {
      if (!back?.isConnected) return;
      if (!document.activeElement || document.activeElement === document.body || root?.contains(document.activeElement)) back.focus();
    };
  }, [opener]);
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      onClose();
      return;
    }
    if (e.key !== 'Tab' || !ref.current) return;
    const all = focusables(ref.current);
    const first = all[0];
    const last = all.at(-1);
    if (!first || !last) return;
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };
  return (
    <div id={id} ref={ref} role="dialog" aria-labelledby={titleId} className={className} tabIndex={-1} onKeyDown={onKeyDown}>
      {children}
    </div>
  );
}
