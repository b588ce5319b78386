// @vitest-environment jsdom
// Typing weights in the list view, in a DOM with a fake bridge: a weight is saved on Enter or when
// the field is left; negative or non-numeric input is said beside its field, the text stays as typed
// and nothing is sent; an error from main is shown there too; the weighting choice is sent as chosen.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { ListInfo, ListMember } from '../../../src/shared/lists/lists';
import { ListMembersTable } from '../../../src/renderer/lists/ListMembersTable';
import { WeightingChoice } from '../../../src/renderer/lists/WeightingChoice';

const ID1 = '2f1c6b1e-8d4a-4c1e-9a0b-3e5d7f9a1b2c';
const ID2 = '00000000-0000-4000-8000-000000000002';
const list: ListInfo = { id: 4, profileId: 'p1', name: 'Portfolio A', memberCount: 2, createdAt: 1, updatedAt: 2, weighting: 'given', benchmark: null };
const member = (companyId: string, name: string, weight: number | null): ListMember => ({
  companyId,
  name,
  country: 'DE',
  countryName: 'Germany',
  industry: null,
  employees: null,
  revenue: null,
  addedAt: 1,
  record: null,
  weight,
  esg: {},
});

let sent: unknown[];
let refuse: boolean;
beforeEach(() => {
  sent = [];
  refuse = false;
  (window as unknown as { firmscope: unknown }).firmscope = {
    lists: {
      setWeights: (input: unknown) => {
        sent.push(input);
        return Promise.resolve(
          refuse
            ? { ok: false, error: { code: 'not_found', message: 'This company is no longer in the list; its weight was not saved.', retryable: false, details: { field: 'weight' } } }
            : { ok: true, value: list },
        );
      },
      onChanged: () => () => undefined,
    },
  };
});
afterEach(cleanup);

function ui(l: ListInfo = list) {
  const rows = [member(ID1, 'Apex Energy GmbH', 1234.5), member(ID2, 'Borealis SA', null)];
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <WeightingChoice list={l} />
      <ListMembersTable list={l} rows={rows} total={2} first={1} sort={null} onSort={() => {}} selected={new Set()} onSelected={() => {}} />
    </QueryClientProvider>,
  );
}

it('shows each stored weight in the app’s number format and saves a typed one on Enter', async () => {
  ui();
  const apex = screen.getByLabelText('Weight of Apex Energy GmbH') as HTMLInputElement;
  expect(apex.value).toBe('1234.5'); // no grouping: what is shown reads back as typed
  expect((screen.getByLabelText('Weight of Borealis SA') as HTMLInputElement).value).toBe('');
  fireEvent.change(apex, { target: { value: '1,212.5 %' } });
  fireEvent.keyDown(apex, { key: 'Enter' });
  await waitFor(() => expect(sent).toEqual([{ id: 4, weights: [{ companyId: ID1, weight: 1212.5 }] }]));
  // Cleared: the company has no weight (not held).
  const borealis = screen.getByLabelText('Weight of Borealis SA');
  fireEvent.change(borealis, { target: { value: '3' } });
  fireEvent.blur(borealis);
  await waitFor(() => expect(sent).toHaveLength(2));
  expect(sent[1]).toEqual({ id: 4, weights: [{ companyId: ID2, weight: 3 }] });
});

it('says a negative or non-numeric weight beside its field, keeps the text and sends nothing', async () => {
  ui();
  const apex = screen.getByLabelText('Weight of Apex Energy GmbH') as HTMLInputElement;
  fireEvent.change(apex, { target: { value: '-2' } });
  fireEvent.blur(apex);
  const error = screen.getByText('A weight cannot be negative: type 0 or more');
  expect(apex.getAttribute('aria-invalid')).toBe('true');
  expect(apex.getAttribute('aria-describedby')).toBe(error.id);
  expect(apex.value).toBe('-2');

  fireEvent.change(apex, { target: { value: 'zwölf' } });
  expect(screen.queryByText('A weight cannot be negative: type 0 or more')).toBeNull(); // typing again clears it
  fireEvent.keyDown(apex, { key: 'Enter' });
  expect(screen.getByText('“zwölf” is not a number: type a weight such as 2.5')).toBeTruthy();
  // An English screen's decimal mark is '.': "2,5" is refused, never read as 25.
  fireEvent.change(apex, { target: { value: '2,5' } });
  fireEvent.blur(apex);
  expect(screen.getByText('“2,5” is not a number: type a weight such as 2.5')).toBeTruthy();
  fireEvent.change(apex, { target: { value: 'zwölf' } });
  fireEvent.blur(apex);
  expect(apex.value).toBe('zwölf');
  await new Promise((r) => setTimeout(r, 20));
  expect(sent).toEqual([]);

  // Escape goes back to the stored weight.
  fireEvent.keyDown(apex, { key: 'Escape' });
  expect(apex.value).toBe('1234.5');
  expect(apex.getAttribute('aria-invalid')).toBeNull();
});

it('shows main’s refusal beside the field, the typed text kept', async () => {
  refuse = true;
  ui();
  const apex = screen.getByLabelText('Weight of Apex Energy GmbH') as HTMLInputElement;
  fireEvent.change(apex, { target: { value: '7' } });
  fireEvent.blur(apex);
  expect(await screen.findByText('This company is no longer in the list; its weight was not saved.')).toBeTruthy();
  expect(apex.value).toBe('7');
  expect(apex.getAttribute('aria-invalid')).toBe('true');
});

it('the weighting choice sends Equal, and an equally weighted list has no Weight column', async () => {
  ui();
  fireEvent.click(screen.getByLabelText('Equal'));
  await waitFor(() => expect(sent).toEqual([{ id: 4, weighting: 'equal' }]));
  cleanup();
  ui({ ...list, weighting: 'equal' });
  expect(screen.queryByLabelText('Weight of Apex Energy GmbH')).toBeNull();
  expect(screen.queryByRole('columnheader', { name: /Weight/ })).toBeNull();
  expect((screen.getByLabelText('Equal') as HTMLInputElement).checked).toBe(true);
});

it('the weighting chosen shows at once while it is saved, and the stored one again when main refuses it', async () => {
  const answers: Array<(r: unknown) => void> = [];
  const api = (window as unknown as { firmscope: { lists: { setWeights: unknown } } }).firmscope;
  api.lists.setWeights = (input: unknown) => (sent.push(input), new Promise((resolve) => answers.push(resolve)));
  ui({ ...list, weighting: 'equal' });
  const perCompany = screen.getByLabelText('Per company (Weight column)') as HTMLInputElement;
  fireEvent.click(perCompany);
  // Not answered yet: the radio the analyst clicked is the checked one (it does not go back to Equal).
  expect(perCompany.checked).toBe(true);
  expect((screen.getByLabelText('Equal') as HTMLInputElement).checked).toBe(false);
  await waitFor(() => expect(sent).toEqual([{ id: 4, weighting: 'given' }]));
  expect(perCompany.checked).toBe(true);
  answers[0]!({ ok: false, error: { code: 'not_found', message: 'This list no longer exists (it was deleted).', retryable: false } });
  expect(await screen.findByText('This list no longer exists (it was deleted).')).toBeTruthy();
  expect(perCompany.checked).toBe(false);
  expect((screen.getByLabelText('Equal') as HTMLInputElement).checked).toBe(true);
});
