// @vitest-environment jsdom
// A picker opens its list on a click, as a select does (issue 39 #6): the whole list of options,
// closed again by a second click; a pick sets the value.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, expect, it } from 'vitest';
import { Combobox } from '../../../src/renderer/search/pickers/Combobox';

afterEach(cleanup);

function Picker() {
  const [value, setValue] = useState('');
  const options = [
    { value: 'country', label: 'Country' },
    { value: 'city', label: 'City' },
  ];
  return <Combobox label="Attribute of condition 1" listLabel="Attributes to choose" value={value} groups={[{ label: 'Attributes', options }]} onInput={setValue} onPick={(o) => setValue(o.value)} />;
}

it('opens the whole list on a click and closes it on the next; a pick sets the value', () => {
  render(<Picker />);
  const input = screen.getByRole('combobox', { name: 'Attribute of condition 1' });
  expect(input.getAttribute('aria-expanded')).toBe('false');
  fireEvent.click(input);
  expect(input.getAttribute('aria-expanded')).toBe('true');
  expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([expect.stringContaining('Country'), expect.stringContaining('City')]);
  fireEvent.click(input);
  expect(input.getAttribute('aria-expanded')).toBe('false');
  fireEvent.click(input);
  fireEvent.mouseDown(screen.getAllByRole('option')[1]!);
  expect((input as HTMLInputElement).value).toBe('city');
});
