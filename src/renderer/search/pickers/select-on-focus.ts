// A field whose whole text is selected when it gets focus (Tab, a click, or focus moved to it after
// "Remove condition"), so typing replaces the value: no Ctrl+A to retype a relation or a value.
import type { FocusEvent } from 'react';

/** Props for one input; `onFocus` is called after the text is selected. */
export function selectOnFocus(onFocus?: () => void): { onFocus(e: FocusEvent<HTMLInputElement>): void } {
  return {
    onFocus(e) {
      e.currentTarget.select();
      onFocus?.();
    },
  };
}
