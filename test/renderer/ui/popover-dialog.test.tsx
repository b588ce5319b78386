// @vitest-environment jsdom
// The export dialogs' behaviour (issue 39 #6): opening moves the focus into the dialog, Tab and
// Shift+Tab stay inside, Escape closes it and the focus is back on the button that opened it.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useRef, useState } from 'react';
import { afterEach, expect, it } from 'vitest';
import { PopoverDialog } from '../../../src/renderer/ui/PopoverDialog';

afterEach(cleanup);

function Harness() {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button type="button" ref={opener} onClick={() => setOpen(true)}>
        Export…
      </button>
      <button type="button">Elsewhere</button>
      {open ? (
        <PopoverDialog id="d" titleId="t" className="x" opener={opener} onClose={() => setOpen(false)}>
          <h2 id="t">Export results</h2>
          <label>
            CSV <input type="radio" name="f" />
          </label>
          <button type="button" disabled>
            Not now
          </button>
          <button type="button">Start export</button>
        </PopoverDialog>
      ) : null}
    </>
  );
}

it('takes the focus, keeps Tab inside, closes on Escape and gives the focus back', () => {
  render(<Harness />);
  const opener = screen.getByRole('button', { name: 'Export…' });
  opener.focus();
  fireEvent.click(opener);
  const dialog = screen.getByRole('dialog', { name: 'Export results' });
  const radio = screen.getByRole('radio', { name: 'CSV' });
  const start = screen.getByRole('button', { name: 'Start export' });
  expect(document.activeElement).toBe(radio);
  start.focus();
  fireEvent.keyDown(start, { key: 'Tab' });
  expect(document.activeElement).toBe(radio);
  fireEvent.keyDown(radio, { key: 'Tab', shiftKey: true });
  expect(document.activeElement).toBe(start);
  fireEvent.keyDown(dialog, { key: 'Escape' });
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(document.activeElement).toBe(opener);
});
