// @vitest-environment jsdom
// Filter entry without traps (issue 27): an attribute typed by its label, Enter taking the highlighted
// suggestion in closed catalogues (typed text kept in free text, and after Escape), and NACE sections.
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { FilterBuilder } from '../../../src/renderer/search/FilterBuilder';
import { emptyCondition, listItems, serialise, type BuilderState } from '../../../src/renderer/state/filter-model';
import { findSection, sectionClasses } from '../../../src/renderer/search/pickers/nace-sections';

afterEach(cleanup);

let latest: BuilderState;
function Harness({ initial }: { initial: BuilderState }) {
  const [state, setState] = useState(initial);
  latest = state;
  return <FilterBuilder state={state} onChange={setState} showErrors={false} snapshotId={null} fieldError={null} />;
}
function mount(attribute = '', relation = 'equals') {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <Harness initial={{ op: 'and', conditions: [emptyCondition(attribute, relation)] }} />
    </QueryClientProvider>,
  );
}
const filter = () => (serialise(latest).body as { filters: { and: Array<{ attribute: string; relation: string; value: unknown }> } }).filters.and[0];
const combo = (name: string) => screen.getByRole('combobox', { name }) as HTMLInputElement;
const type = (el: HTMLElement, value: string) => fireEvent.change(el, { target: { value } });
const key = (el: HTMLElement, k: string) => fireEvent.keyDown(el, { key: k });
const highlighted = (el: HTMLElement) => document.getElementById(el.getAttribute('aria-activedescendant') ?? '')?.textContent ?? null;
const row = () => screen.getByRole('listitem', { name: 'Condition 1' });
const C = sectionClasses(findSection('C')!);

describe('attribute by label or field name', () => {
  it('"Country" (any case) is the attribute country: no "Unknown attribute", the body sends the field name', () => {
    mount();
    const attribute = combo('Attribute of condition 1');
    for (const typed of ['Country', ' COUNTRY ', 'country']) {
      type(attribute, typed);
      expect(latest.conditions[0]!.attribute).toBe('country');
      expect(attribute.getAttribute('aria-invalid')).toBeNull();
      expect(row().textContent).not.toMatch(/Unknown attribute/);
    }
    key(attribute, 'Enter');
    expect(attribute.value).toBe('country');
    expect(filter()!.attribute).toBe('country');
    // The value editor followed: the country picker.
    expect(combo('Value of condition 1').placeholder).toBe('country name or code');
  });

  it('the list shows labels with the field name; typed "Coun" highlights Country and Enter picks it', () => {
    mount();
    const attribute = combo('Attribute of condition 1');
    type(attribute, 'Coun');
    expect(attribute.getAttribute('aria-expanded')).toBe('true');
    expect(attribute.getAttribute('aria-autocomplete')).toBe('list');
    expect(highlighted(attribute)).toBe('Countrycountry');
    key(attribute, 'Enter');
    expect(attribute.value).toBe('country');
    expect(latest.conditions[0]!.attribute).toBe('country');
  });

  it('a label that is a prefix of another resolves to its own attribute only; unknown text is flagged', () => {
    mount();
    const attribute = combo('Attribute of condition 1');
    type(attribute, 'Industry');
    expect(latest.conditions[0]!.attribute).toBe('industry_label');
    type(attribute, 'colour');
    fireEvent.blur(attribute);
    expect(attribute.getAttribute('aria-invalid')).toBe('true');
    expect(row().textContent).toContain('Unknown attribute "colour"');
  });
});

describe('Enter takes the highlighted suggestion', () => {
  it('country: "Germ" + Enter is DE', () => {
    mount('country', 'equals');
    const value = combo('Value of condition 1');
    type(value, 'Germ');
    expect(value.getAttribute('aria-activedescendant')).toBeTruthy();
    key(value, 'Enter');
    expect(filter()!.value).toBe('DE');
  });

  it('country chips: "Germ" + Enter adds DE; Escape then Enter keeps the typed text', () => {
    mount('country', 'in');
    const add = combo('Add a value to condition 1');
    type(add, 'Germ');
    key(add, 'Enter');
    expect(listItems(latest.conditions[0]!)).toEqual(['DE']);
    type(add, 'Fra');
    key(add, 'Escape');
    expect(add.getAttribute('aria-activedescendant')).toBeNull();
    key(add, 'Enter');
    expect(listItems(latest.conditions[0]!)).toEqual(['DE', 'Fra']);
  });

  it('relation: "great" + Enter is greater than', () => {
    mount('employee_count', 'equals');
    const relation = combo('Relation of condition 1');
    type(relation, 'great');
    expect(highlighted(relation)).toMatch(/^greater than/);
    key(relation, 'Enter');
    expect(filter()!.relation).toBe('greater_than');
    expect(relation.value).toBe('greater than');
  });

  it('free text (name contains) stays as typed: nothing is highlighted until an arrow key', () => {
    mount('name', 'contains');
    const value = combo('Value of condition 1');
    type(value, 'Apex');
    expect(value.getAttribute('aria-activedescendant')).toBeNull();
    key(value, 'Enter');
    expect(filter()!.value).toBe('Apex');
  });
});

describe('NACE sections', () => {
  it('"Manuf" + Enter in an in-list sends every class of C, shown as one chip that opens on demand', () => {
    mount('industry_code', 'in');
    const add = combo('Add a value to condition 1');
    type(add, 'Manuf');
    expect(highlighted(add)).toBe('C Manufacturingwhole section: 8 classes');
    key(add, 'Enter');
    expect(filter()).toEqual({ attribute: 'industry_code', relation: 'in', value: C });
    const chips = within(screen.getByRole('list', { name: 'Values of condition 1' }));
    expect(chips.getAllByRole('listitem')).toHaveLength(1);
    expect(chips.getByRole('listitem').textContent).toMatch(/^C Manufacturing8 codes×/);
    const toggle = screen.getByRole('button', { name: '8 codes of section C, condition 1' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const codes = within(screen.getByRole('list', { name: 'Codes of section C, condition 1' })).getAllByRole('listitem');
    expect(codes.map((li) => li.textContent?.slice(0, 5))).toEqual(C);
    // Removing one code leaves the others as plain chips; removing the section removes them all.
    fireEvent.click(screen.getByRole('button', { name: 'Remove 10.71 from condition 1' }));
    expect(filter()!.value).toEqual(C.slice(1));
    expect(screen.queryByRole('button', { name: /of section C/ })).toBeNull();
    type(add, 'C');
    key(add, 'Enter');
    expect(filter()!.value).toEqual([...C.slice(1), '10.71']);
    fireEvent.click(screen.getByRole('button', { name: 'Remove section C from condition 1' }));
    expect(screen.queryByRole('list', { name: 'Values of condition 1' })).toBeNull();
  });

  it('a section picked for "equals" turns the condition into "is one of" its classes, and says so', () => {
    mount('industry_code', 'equals');
    const value = combo('Value of condition 1');
    type(value, 'Manufacturing');
    key(value, 'Enter');
    expect(filter()).toEqual({ attribute: 'industry_code', relation: 'in', value: C });
    expect(combo('Relation of condition 1').value).toBe('is one of');
    expect(screen.getByRole('status').textContent).toBe('Section C has no single code that "equals" can match: this condition now sends "is one of" with its 8 classes.');
    // The note belongs to those values: a change to them clears it.
    fireEvent.click(screen.getByRole('button', { name: 'Remove section C from condition 1' }));
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('starts_with: a one-division section is its prefix', () => {
    mount('industry_code', 'starts_with');
    const value = combo('Value of condition 1');
    type(value, 'D');
    expect(highlighted(value)).toMatch(/^D Electricity/);
    key(value, 'Enter');
    expect(filter()).toEqual({ attribute: 'industry_code', relation: 'starts_with', value: '35' });
  });
});
