// @vitest-environment jsdom
// The team's What changed inbox in a DOM with a fake bridge: the unread count, each check's counts in
// words, Open marks read and opens that check, Mark unread/read per check, Mark all as read up to the
// newest shown, and older pages on request.
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { Inbox, InboxEntry } from '../../../src/shared/team/inbox';
import { TeamInbox } from '../../../src/renderer/team/TeamInbox';

const ok = <T,>(value: T) => Promise.resolve({ ok: true as const, value });
const W1 = '00000000-0000-4000-8000-000000000001';
const entry = (checkId: number, read: boolean, counts: Record<string, number>, finishedAt: string): InboxEntry => ({
  checkId,
  watch: { id: W1, name: 'DE manufacturing > 500' },
  item: { id: '00000000-0000-4000-8000-0000000000a1', name: 'DE manufacturing > 500', kind: 'search' },
  finishedAt,
  counts,
  read,
});
let calls: Array<[string, unknown]>;
let pages: Record<string, Inbox>;
beforeEach(() => {
  calls = [];
  pages = {
    first: { entries: [entry(9, false, { entered: 12, left: 3, field: 1 }, '2026-11-28T08:00:00.000Z'), { ...entry(7, true, { field: 40 }, '2026-11-27T08:00:00.000Z'), companies: { field: 12 } }], unread: 1, nextBefore: 7 },
    7: { entries: [entry(4, true, { entered: 1 }, '2026-11-26T08:00:00.000Z')], unread: 1, nextBefore: null },
  };
  const marked = (name: string) =>
    vi.fn((input: unknown) => {
      calls.push([name, input]);
      return ok({ changed: 1, unread: 0 });
    });
  (window as unknown as { firmscope: unknown }).firmscope = {
    team: {
      status: () => ok({ state: 'connected', serverUrl: 'https://team.example.test', caFile: '', member: { id: 'm1', name: 'Ada', email: null, role: 'member' }, tokenExpiresAt: null, checkedAt: 1, message: null }),
      onChanged: () => () => undefined,
      inbox: vi.fn((q: { before?: number }) => {
        calls.push(['inbox', q]);
        return ok(pages[q.before === undefined ? 'first' : String(q.before)]);
      }),
      markRead: marked('markRead'),
      markUnread: marked('markUnread'),
    },
  };
});
afterEach(cleanup);

const ui = (onOpen = vi.fn()) => {
  render(<QueryClientProvider client={new QueryClient()}><TeamInbox onOpen={onOpen} /></QueryClientProvider>);
  return onOpen;
};
const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;

it('says how many checks are unread and what each found, in words', async () => {
  ui();
  expect(await screen.findByText('1 check with changes unread')).toBeTruthy();
  const row = await rowOf('12 companies entered, 3 companies left, 1 field change');
  expect(within(row).getByText('Unread')).toBeTruthy();
  expect(within(await rowOf('40 field changes in 12 companies')).getByText('Read')).toBeTruthy();
});

it('Open marks the check read and opens it; Mark unread and Mark all as read send what is shown', async () => {
  const onOpen = ui();
  const unread = await rowOf('12 companies entered, 3 companies left, 1 field change');
  fireEvent.click(within(unread).getByRole('button', { name: /^Open the changes of ‘DE manufacturing > 500’/ }));
  expect(onOpen).toHaveBeenCalledWith(expect.objectContaining({ checkId: 9 }));
  fireEvent.click(within(await rowOf('40 field changes in 12 companies')).getByRole('button', { name: /^Mark unread/ }));
  fireEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
  await vi.waitFor(() => expect(calls.filter(([n]) => n !== 'inbox')).toEqual([
    ['markRead', { checkIds: [9] }],
    ['markUnread', { checkIds: [7] }],
    ['markRead', { all: true, before: '2026-11-28T08:00:00.000Z' }],
  ]));
});

it('shows older checks on request, from the last one shown', async () => {
  ui();
  fireEvent.click(await screen.findByRole('button', { name: 'Show older checks' }));
  expect(await screen.findByText('1 company entered')).toBeTruthy();
  expect(calls.filter(([n]) => n === 'inbox').map(([, q]) => q)).toEqual([{ limit: 50 }, { limit: 50, before: 7 }]);
  expect(screen.queryByRole('button', { name: 'Show older checks' })).toBeNull();
});
