// @vitest-environment jsdom
// The pickers driven by keyboard in a DOM: country by name, chips (comma, Enter, paste, Backspace, remove
// buttons), the relation menu by label, and a service 400 shown on the condition it names.
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { FilterBuilder, type FieldError } from '../../../src/renderer/search/FilterBuilder';
import { emptyCondition, serialise, type BuilderState } from '../../../src/renderer/state/filter-model';

afterEach(cleanup);

let latest: BuilderState;
function Harness({ initial, fieldError = null }: { initial: BuilderState; fieldError?: FieldError | null }) {
  const [state, setState] = useState(initial);
  latest = state;
  return <FilterBuilder state={state} onChange={setState} showErrors={false} snapshotId={null} fieldError={fieldError} />;
}
function mount(initial: BuilderState, fieldError: FieldError | null = null) {
  const qc = new QueryClient();
  return render(
    <QueryClientProvider client={qc}>
      <Harness initial={initial} fieldError={fieldError} />
    </QueryClientProvider>,
  );
}
const one = (attribute: string, relation: string): BuilderState => ({ op: 'and', conditions: [emptyCondition(attribute, relation)] });
const body = () => serialise(latest).body as { filters: { and: Array<{ attribute: string; relation: string; value: unknown }> } };
const key = (el: HTMLElement, k: string) => fireEvent.keyDown(el, { key: k });

describe('country picker', () => {
  it('typing "Germ" offers and highlights Germany (issue 27); Enter sends DE and shows the name', () => {
    mount(one('country', 'equals'));
    const input = screen.getByRole('combobox', { name: 'Value of condition 1' });
    fireEvent.change(input, { target: { value: 'Germ' } });
    expect(input.getAttribute('aria-expanded')).toBe('true');
    const list = screen.getByRole('listbox', { name: 'Suggested values, condition 1' });
    expect(within(list).getAllByRole('option')[0]!.textContent).toContain('Germany');
    // A closed catalogue: the best suggestion is highlighted while typing, no arrow key needed.
    const active = input.getAttribute('aria-activedescendant')!;
    expect(document.getElementById(active)?.textContent).toContain('Germany');
    expect(document.getElementById(active)?.getAttribute('aria-selected')).toBe('true');
    key(input, 'Enter');
    expect((input as HTMLInputElement).value).toBe('DE');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(body().filters.and[0]!.value).toBe('DE');
    expect(screen.getByText('Germany')).toBeTruthy();
  });

  it('a name typed in full becomes its code on leaving; a wrong code is flagged on the row', () => {
    mount(one('country', 'equals'));
    const input = screen.getByRole('combobox', { name: 'Value of condition 1' });
    fireEvent.change(input, { target: { value: 'XX' } });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const msg = document.getElementById(input.getAttribute('aria-describedby')!.split(' ').at(-1)!)!;
    expect(msg.textContent).toMatch(/not an ISO country code/);
    fireEvent.change(input, { target: { value: 'switzerland' } });
    fireEvent.blur(input);
    expect((input as HTMLInputElement).value).toBe('CH');
    expect(input.getAttribute('aria-invalid')).toBeNull();
  });

  it('Escape closes the list without picking; Up wraps to the last option', () => {
    mount(one('country', 'equals'));
    const input = screen.getByRole('combobox', { name: 'Value of condition 1' });
    fireEvent.change(input, { target: { value: 'Aus' } });
    key(input, 'ArrowUp');
    const options = within(screen.getByRole('listbox', { name: 'Suggested values, condition 1' })).getAllByRole('option');
    expect(options.map((o) => o.firstChild?.textContent)).toEqual(expect.arrayContaining(['Australia', 'Austria']));
    expect(input.getAttribute('aria-activedescendant')).toBe(options.at(-1)!.id);
    key(input, 'Escape');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect((input as HTMLInputElement).value).toBe('Aus');
  });
});

describe('chips', () => {
  it('a paste of "AT, CH" makes two chips; a pasted column splits on lines; Backspace removes the last', () => {
    mount(one('country', 'in'));
    const input = screen.getByRole('combobox', { name: 'Add a value to condition 1' });
    fireEvent.paste(input, { clipboardData: { getData: () => 'AT, CH' } });
    const chips = () => within(screen.getByRole('list', { name: 'Values of condition 1' })).getAllByRole('listitem').map((li) => li.firstChild?.textContent);
    expect(chips()).toEqual(['Austria (AT)', 'Switzerland (CH)']);
    expect(body().filters.and[0]!.value).toEqual(['AT', 'CH']);
    fireEvent.paste(input, { clipboardData: { getData: () => 'FR\nIT\n' } });
    expect(body().filters.and[0]!.value).toEqual(['AT', 'CH', 'FR', 'IT']);
    key(input, 'Backspace');
    expect(body().filters.and[0]!.value).toEqual(['AT', 'CH', 'FR']);
    fireEvent.click(screen.getByRole('button', { name: 'Remove AT from condition 1' }));
    expect(body().filters.and[0]!.value).toEqual(['CH', 'FR']);
  });

  it('a typed comma or Enter ends a value; Enter on a highlighted suggestion adds it', () => {
    mount(one('legal_form', 'in'));
    const input = screen.getByRole('combobox', { name: 'Add a value to condition 1' }) as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'GmbH,' } });
    expect(input.value).toBe('');
    fireEvent.change(input, { target: { value: 'AG' } });
    key(input, 'Enter');
    expect(body().filters.and[0]!.value).toEqual(['GmbH', 'AG']);
    fireEvent.change(input, { target: { value: 'Co.' } });
    key(input, 'ArrowDown');
    key(input, 'Enter');
    expect(body().filters.and[0]!.value).toEqual(['GmbH', 'AG', 'Co., Ltd.']);
  });
});

describe('relation menu', () => {
  it('shows labels and takes one as typed', () => {
    mount(one('employee_count', 'equals'));
    const rel = screen.getByRole('combobox', { name: 'Relation of condition 1' }) as HTMLInputElement;
    expect(rel.value).toBe('equals');
    fireEvent.change(rel, { target: { value: 'greater than' } });
    expect(latest.conditions[0]!.relation).toBe('greater_than');
    fireEvent.blur(rel);
    expect(rel.value).toBe('greater than');
    expect(screen.getByRole('spinbutton', { name: 'Value of condition 1 (number)' })).toBeTruthy();
    // Picked by keyboard from the list, labelled.
    fireEvent.change(rel, { target: { value: 'betw' } });
    key(rel, 'ArrowDown');
    key(rel, 'Enter');
    expect(latest.conditions[0]!.relation).toBe('between');
    expect(screen.getByRole('spinbutton', { name: 'From (lower bound) of condition 1' })).toBeTruthy();
    expect(screen.getByRole('spinbutton', { name: 'To (upper bound) of condition 1' })).toBeTruthy();
  });

  it('Enter settles the typed text before anything else (no stale relation runs)', () => {
    mount(one('revenue', 'equals'));
    const rel = screen.getByRole('combobox', { name: 'Relation of condition 1' }) as HTMLInputElement;
    fireEvent.change(rel, { target: { value: 'bigger' } });
    const enter = fireEvent.keyDown(rel, { key: 'Enter' });
    expect(enter).toBe(false); // default prevented: the form is not submitted with the old relation
    expect(latest.conditions[0]!.relation).toBe('bigger');
    expect(rel.value).toBe('bigger');
  });

  it('unknown text is kept and flagged', () => {
    mount(one('city', 'equals'));
    const rel = screen.getByRole('combobox', { name: 'Relation of condition 1' });
    fireEvent.change(rel, { target: { value: 'near' } });
    fireEvent.blur(rel);
    expect(latest.conditions[0]!.relation).toBe('near');
    expect(rel.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(/Unknown relation "near"/)).toBeTruthy();
  });
});

describe('a service 400 on its row', () => {
  it('marks the named field and says why next to it', async () => {
    const initial: BuilderState = { op: 'and', conditions: [{ ...emptyCondition('country', 'equals'), input: 'DE' }, { ...emptyCondition('employee_count', 'equals'), input: '2.5' }] };
    await act(async () => {
      mount(initial, { index: 1, part: 'value', message: 'value for "employee_count" must be a whole number' });
    });
    const row2 = screen.getByRole('listitem', { name: 'Condition 2' });
    const value = within(row2).getByRole('spinbutton', { name: 'Value of condition 2 (number)' });
    expect(value.getAttribute('aria-invalid')).toBe('true');
    const msg = document.getElementById(value.getAttribute('aria-describedby')!)!;
    expect(msg.textContent).toBe('The service rejected this condition (value): value for "employee_count" must be a whole number');
    const row1 = screen.getByRole('listitem', { name: 'Condition 1' });
    expect(within(row1).queryByText(/service rejected/)).toBeNull();
  });
});
