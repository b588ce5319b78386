// @vitest-environment jsdom
// The team's shared items in a DOM with a fake bridge: who shared each; Copy says where the copy
// went; Edit and Remove only on the analyst's own, Remove names the watches that stop; watching a
// shared list preselects no module, says the cost first and sends exactly the form's choices; a
// saved search is shared without watching it.
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { TeamItemSummary } from '../../../src/shared/team/items';
import type { TeamWatchSummary } from '../../../src/shared/team/watches';
import { TeamItems } from '../../../src/renderer/team/TeamItems';

const ok = <T,>(value: T) => Promise.resolve({ ok: true as const, value });
const item = (o: Partial<TeamItemSummary>): TeamItemSummary => ({
  id: '00000000-0000-4000-8000-0000000000a1', kind: 'search', name: 'DE companies', owner: { id: '00000000-0000-4000-8000-0000000000e1', name: 'Ada Owner' }, mine: true, version: 3, createdAt: '2026-11-27T08:00:00.000Z', updatedAt: '2026-11-28T08:00:00.000Z', size: 200, ...o,
});
const MINE = item({});
const BOS = item({ id: '00000000-0000-4000-8000-0000000000a2', kind: 'list', name: 'Portfolio B', owner: { id: '00000000-0000-4000-8000-0000000000e2', name: 'Bo Buyer' }, mine: false, size: 120 });
const watchOf = (itemId: string) => ({ id: '00000000-0000-4000-8000-0000000000f1', item: { id: itemId } }) as TeamWatchSummary;

let sent: Array<[string, unknown]>;
beforeEach(() => {
  sent = [];
  const call = (name: string, value: unknown) => vi.fn((input: unknown) => (sent.push([name, input]), ok(value)));
  (window as unknown as { firmscope: unknown }).firmscope = {
    search: { listSaved: () => ok([{ id: 's1', profileId: 'p', name: 'FR companies', body: {}, pageSize: 100, createdAt: 1, updatedAt: 1 }]) },
    lists: { all: () => ok([]), onChanged: () => () => undefined },
    team: {
      items: () => ok([MINE, BOS]),
      copyItem: call('copyItem', { kind: 'list', listId: 9, name: 'Portfolio B 2', companies: 120 }),
      watchItem: call('watchItem', { id: '00000000-0000-4000-8000-0000000000f2', name: 'Portfolio B' }),
      updateItem: call('updateItem', { ...MINE, name: 'West Europe' }),
      removeItem: call('removeItem', undefined),
      shareItem: call('shareItem', { ...MINE, name: 'FR companies' }),
    },
  };
});
afterEach(cleanup);

const ui = () => render(<QueryClientProvider client={new QueryClient()}><TeamItems watches={[watchOf(MINE.id), watchOf(MINE.id)]} /></QueryClientProvider>);
const rowOf = async (name: string) => (await screen.findByRole('rowheader', { name })).closest('tr')!;

it('says who shared each; edits and removal only on the analyst’s own; removal names the watches that stop', async () => {
  ui();
  const mine = await rowOf('DE companies');
  const bos = await rowOf('Portfolio B');
  expect(mine.textContent).toContain('You');
  expect(bos.textContent).toContain('Bo Buyer');
  expect(bos.textContent).toContain('List of 120 companies');
  expect(within(bos).queryByRole('button', { name: /^Edit/ })).toBeNull();
  fireEvent.click(within(mine).getByRole('button', { name: 'Remove: ‘DE companies’' }));
  expect(screen.getByRole('alertdialog').textContent).toContain('Remove ‘DE companies’ from the team? 2 team watches of it stop, for everyone.');
  fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
  expect(await screen.findByText('‘DE companies’ is no longer shared with the team.')).toBeTruthy();
  fireEvent.click(within(mine).getByRole('button', { name: 'Edit: ‘DE companies’' }));
  const edit = screen.getByRole('form', { name: 'Edit ‘DE companies’ for the team' });
  fireEvent.change(within(edit).getByLabelText('Name on the team server'), { target: { value: 'West Europe' } });
  fireEvent.change(await within(edit).findByLabelText('Filters from'), { target: { value: 's:s1' } });
  fireEvent.click(within(edit).getByRole('button', { name: 'Save for the team' }));
  expect(await screen.findByText('‘West Europe’ is updated for the team.')).toBeTruthy();
  expect(sent).toEqual([
    ['removeItem', { itemId: MINE.id }],
    ['updateItem', { itemId: MINE.id, version: 3, name: 'West Europe', from: { savedSearchId: 's1' } }],
  ]);
});

it('copies into the workspace and says where; watching a shared list says the cost first and sends the choices', async () => {
  ui();
  const bos = await rowOf('Portfolio B');
  fireEvent.click(within(bos).getByRole('button', { name: 'Copy to my workspace: ‘Portfolio B’' }));
  expect(await screen.findByText('Copied into your workspace as the list ‘Portfolio B 2’ (120 companies).')).toBeTruthy();
  fireEvent.click(within(bos).getByRole('button', { name: 'Watch with the team: ‘Portfolio B’' }));
  const form = screen.getByRole('form', { name: 'Watch ‘Portfolio B’ with the team' });
  for (const box of within(form).getAllByRole('checkbox')) expect((box as HTMLInputElement).checked).toBe(false);
  fireEvent.click(within(form).getByRole('button', { name: 'Watch with the team' }));
  expect(within(form).getByText('Choose at least one ESG module.')).toBeTruthy();
  fireEvent.click(within(form).getByRole('checkbox', { name: 'News' }));
  expect(screen.getByTestId('team-item-cost').textContent).toBe("About 480 requests per check (120 companies x 1 module x about 4), 480 a day from the team's daily budget.");
  fireEvent.click(within(form).getByRole('button', { name: 'Watch with the team' }));
  expect(await screen.findByText('‘Portfolio B’ is watched on the team server.')).toBeTruthy();
  expect(sent).toEqual([
    ['copyItem', { itemId: BOS.id }],
    ['watchItem', { itemId: BOS.id, schedule: { kind: 'daily', at: '07:00' }, modules: ['news'], scoreThreshold: 5 }],
  ]);
});

it('shares a saved search without watching it', async () => {
  ui();
  const form = await screen.findByRole('form', { name: 'Share with the team' });
  await within(form).findByRole('option', { name: 'FR companies' });
  fireEvent.click(within(form).getByRole('button', { name: 'Share with the team' }));
  expect(await within(form).findByText('‘FR companies’ is shared with the team.')).toBeTruthy();
  expect(sent).toEqual([['shareItem', { savedSearchId: 's1' }]]);
});
