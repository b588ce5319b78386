// @vitest-environment jsdom
// Focus after "Remove condition" stays in the builder (the next condition's attribute, the previous
// one's after the last, "Add condition" when none is left), and the builder's comboboxes select
// their text on focus, so typing replaces it.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { FilterBuilder } from '../../../src/renderer/search/FilterBuilder';
import { emptyCondition, type BuilderState } from '../../../src/renderer/state/filter-model';

afterEach(cleanup);

function Harness({ initial }: { initial: BuilderState }) {
  const [state, setState] = useState(initial);
  return <FilterBuilder state={state} onChange={setState} showErrors={false} snapshotId={null} fieldError={null} />;
}
function mount(attributes: string[]) {
  const initial: BuilderState = { op: 'and', conditions: attributes.map((a) => ({ ...emptyCondition(a, 'equals'), input: `${a}-value` })) };
  render(
    <QueryClientProvider client={new QueryClient()}>
      <Harness initial={initial} />
    </QueryClientProvider>,
  );
}
const attribute = (n: number) => screen.getByLabelText(`Attribute of condition ${n}`) as HTMLInputElement;
const selected = (el: HTMLInputElement) => [el.selectionStart, el.selectionEnd];

describe('Remove condition', () => {
  it('moves focus to the next condition, the previous after the last one, never to <body>', () => {
    mount(['name', 'city', 'legal_form']);
    fireEvent.click(screen.getByRole('button', { name: 'Remove condition 2' }));
    // The third condition is now the second: its attribute has focus, its text selected.
    expect(document.activeElement).toBe(attribute(2));
    expect(attribute(2).value).toBe('legal_form');
    expect(selected(attribute(2))).toEqual([0, 'legal_form'.length]);
    fireEvent.click(screen.getByRole('button', { name: 'Remove condition 2' }));
    expect(document.activeElement).toBe(attribute(1));
    expect(attribute(1).value).toBe('name');
  });
});

describe('select on focus', () => {
  it('selects the whole text of the attribute, relation and value pickers when they get focus', () => {
    mount(['city']);
    const relation = screen.getByRole('combobox', { name: 'Relation of condition 1' }) as HTMLInputElement;
    relation.focus();
    expect(relation.value).toBe('equals');
    expect(selected(relation)).toEqual([0, relation.value.length]);
    const value = screen.getByRole('combobox', { name: 'Value of condition 1' }) as HTMLInputElement;
    value.focus();
    expect(selected(value)).toEqual([0, 'city-value'.length]);
    attribute(1).focus();
    expect(selected(attribute(1))).toEqual([0, 'city'.length]);
  });
});
