// Where the keyboard focus goes through a Load all: the analyst pressed "Load all", which then
// disappears (the bar shows the progress), and so does "Cancel loading" when the load ends. Without
// a place to go the focus fell to the top of the page. While a load the analyst started runs, the
// focus goes to "Cancel loading"; when its snapshot shows, to the snapshot's banner (which says what
// was loaded). Only when the focus is nowhere else: a focus the analyst moved meanwhile stays.
let pending = false;

const focusIsLost = () => !document.activeElement || document.activeElement === document.body;

export const loadFocus = {
  /** The analyst pressed Load all. */
  started(): void {
    pending = true;
  },
  /** The load ended without a snapshot (cancelled, failed). */
  dropped(): void {
    pending = false;
  },
  /** A ref for "Cancel loading": focused while the analyst's load runs. */
  cancelButton(el: HTMLElement | null): void {
    if (el && pending && focusIsLost()) el.focus();
  },
  /** A ref for the new snapshot's banner: focused once, when the analyst's load has ended. */
  banner(el: HTMLElement | null): void {
    if (!el || !pending) return;
    pending = false;
    if (focusIsLost()) el.focus();
  },
};
