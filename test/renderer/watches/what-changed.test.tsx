// @vitest-environment jsdom
// The "What changed" screen in a DOM with a fake bridge: watches in words (target with its name,
// schedule, last check or the budget's wait, cost, unread), Check now naming its cost, the inbox
// grouped by watch and check with formatted values and unread marks, kind and unread filters sent to
// main, Mark read per row / check / all, Open the company, Export, and the latest check's words.
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NavigationContext, type Route } from '../../../src/renderer/state/navigation';
import { createScreenStore, initialScreenStates } from '../../../src/renderer/state/screen-states';
import { ScreenStateProvider } from '../../../src/renderer/state/screen-store';
import { initialWatchesState, type WatchesScreenState } from '../../../src/renderer/state/watches-state';
import { restoreWatches, toPersisted } from '../../../src/renderer/state/persisted-shapes';
import { groupChanges } from '../../../src/renderer/watches/inbox-groups';
import { useCheckFinishedNotifications } from '../../../src/renderer/watches/check-finished-notify';
import { useWatchesLiveUpdates } from '../../../src/renderer/data/watches';
import { WhatChangedScreen } from '../../../src/renderer/watches/WhatChangedScreen';
import { change, ID2, installFakeWatches, watchInfo, type FakeWatches } from './fake-watches-bridge';

const at1 = Date.UTC(2026, 2, 4, 10, 0);
const at0 = Date.UTC(2026, 2, 3, 10, 0);
const search = watchInfo({
  id: 1,
  name: 'DE manufacturing > 500',
  schedule: { kind: 'daily', at: '08:00' },
  nextDueAt: Date.UTC(2026, 2, 5, 8, 0),
  lastCheck: { id: 11, watchId: 1, trigger: 'manual', status: 'done', startedAt: at1 - 5000, finishedAt: at1, requests: 6, changes: 3, baseline: false },
  cost: { requestsPerCheck: 5, requestsPerDay: 5, basis: 'pages' },
});
const list = watchInfo({
  id: 2,
  name: 'Portfolio A',
  target: { kind: 'list', listId: 7, modules: ['scores', 'news'] },
  targetName: 'Portfolio A',
  schedule: { kind: 'hourly' },
  checkAtStart: true,
  lastCheck: { id: 21, watchId: 2, trigger: 'schedule', status: 'waiting', startedAt: at1, finishedAt: null, requests: 0, changes: 0, baseline: false, note: "Waiting for tomorrow's budget: 1,940 of 2,000 used" },
  cost: { requestsPerCheck: 2751, requestsPerDay: 66024, basis: 'companies x modules' },
});
const changes = [
  change({ id: 1, watchId: 1, checkId: 11, kind: 'entered', at: at1 }),
  change({ id: 2, watchId: 1, checkId: 11, kind: 'left', companyId: ID2, companyName: 'Borealis AG', at: at1 }),
  change({ id: 3, watchId: 1, checkId: 11, kind: 'field', field: 'employee_count', oldValue: 12500, newValue: 13250, at: at1, read: true }),
  change({ id: 4, watchId: 2, checkId: 20, kind: 'score', module: 'scores', field: 'overall', oldValue: 61.46, newValue: 68.7, at: at0 }),
  change({ id: 5, watchId: 2, checkId: 20, kind: 'rating', module: 'scores', field: 'rating', oldValue: 'A', newValue: 'BB', detail: 'downgrade', at: at0 }),
  change({ id: 6, watchId: 2, checkId: 20, kind: 'news', module: 'news', newValue: 'Apex opens a plant in Leipzig', detail: 'Apex opens a plant in Leipzig', at: at0 }),
  change({ id: 7, watchId: 1, checkId: 10, kind: 'field', field: 'address.city', oldValue: 'Köln', newValue: 'Bonn', at: at0 }),
];

let fake: FakeWatches;
let routes: Route[];
beforeEach(() => {
  fake = installFakeWatches({ watches: [search, list], changes });
  routes = [];
});
afterEach(cleanup);

function Frame() {
  useWatchesLiveUpdates();
  useCheckFinishedNotifications();
  return <WhatChangedScreen />;
}

function renderScreen(state: Partial<WatchesScreenState> = {}) {
  const store = createScreenStore({ ...initialScreenStates(), watches: { ...initialWatchesState(), ...state } });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <NavigationContext.Provider value={{ route: { screen: 'watches' }, navigate: (r) => void routes.push(r) }}>
        <ScreenStateProvider store={store}>
          <Frame />
        </ScreenStateProvider>
      </NavigationContext.Provider>
    </QueryClientProvider>,
  );
  return store;
}
const card = (name: string) => screen.getByRole('listitem', { name });
const rows = () => screen.getAllByTestId('change-row');

describe('watches on the What changed screen', () => {
  it('says what each watch watches, when, its last check, next check and cost, and the day’s budget', async () => {
    renderScreen();
    expect(screen.getByRole('heading', { level: 1, name: 'What changed' })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('watch-budget').textContent).toBe('Checks used 340 of the 2,000-request daily budget today; only scheduled checks wait when it is spent (counted again from midnight).'));
    const s = within(await screen.findByRole('listitem', { name: 'DE manufacturing > 500' }));
    expect(s.getByText('Saved search ‘DE manufacturing’')).toBeTruthy();
    expect(s.getByText('Daily at 08:00')).toBeTruthy();
    expect(s.getByTestId('watch-last-check').textContent).toMatch(/^Checked .+: 3 changes \(6 requests\)$/);
    expect(s.getByText(/^Next check /)).toBeTruthy();
    expect(s.getByText('Cost: about 5 requests per check, 5 per day')).toBeTruthy();
    expect(s.getByText('3 unread')).toBeTruthy();
    expect(within(card('Portfolio A')).getByText('3 unread')).toBeTruthy();
    const l = within(card('Portfolio A'));
    expect(l.getByText('List ‘Portfolio A’ (news, scores)')).toBeTruthy();
    expect(l.getByText('Every hour, and when the app starts')).toBeTruthy();
    expect(l.getByTestId('watch-last-check').textContent).toBe("Waiting for tomorrow's budget: 1,940 of 2,000 used");
    expect(l.getByText('Cost: about 2,751 requests per check, 66,024 per day')).toBeTruthy();
  });

  it('Check now is described by its cost; a costly check asks first, naming the watch and cost', async () => {
    renderScreen();
    const cheap = within(await screen.findByRole('listitem', { name: 'DE manufacturing > 500' })).getByRole('button', { name: 'Check now: DE manufacturing > 500' });
    expect(document.getElementById(cheap.getAttribute('aria-describedby')!)!.textContent).toBe('Cost: about 5 requests per check, 5 per day');
    fireEvent.click(cheap);
    await waitFor(() => expect(fake.calls.checkNow).toEqual([{ id: 1 }]));

    fireEvent.click(within(card('Portfolio A')).getByRole('button', { name: 'Check now: Portfolio A' }));
    const ask = within(card('Portfolio A')).getByRole('alertdialog');
    expect(ask.textContent).toContain('Check ‘Portfolio A’ now: about 2,751 requests.');
    expect(fake.calls.checkNow).toHaveLength(1);
    fireEvent.click(within(ask).getByRole('button', { name: 'Start check' }));
    await waitFor(() => expect(fake.calls.checkNow).toEqual([{ id: 1 }, { id: 2 }]));
  });

  it('Pause sends paused; Delete asks first and then deletes', async () => {
    renderScreen();
    fireEvent.click(within(await screen.findByRole('listitem', { name: 'Portfolio A' })).getByRole('button', { name: 'Pause Portfolio A' }));
    await waitFor(() => expect(fake.calls.update).toEqual([{ id: 2, paused: true }]));
    await waitFor(() => expect(within(card('Portfolio A')).getByRole('button', { name: 'Resume Portfolio A' })).toBeTruthy());
    fireEvent.click(within(card('Portfolio A')).getByRole('button', { name: 'Delete Portfolio A' }));
    const ask = within(card('Portfolio A')).getByRole('alertdialog');
    expect(ask.textContent).toContain('Delete the watch ‘Portfolio A’ with its checks and changes? The list, its snapshots and ESG results stay.');
    expect(fake.calls.delete).toBeUndefined();
    fireEvent.click(within(ask).getByRole('button', { name: 'Delete watch' }));
    await waitFor(() => expect(fake.calls.delete).toEqual([{ id: 2 }]));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Portfolio A' })).toBeNull());
  });
});

describe('the inbox', () => {
  it('groups changes by watch and check, newest first, with formatted values, names and unread marks', async () => {
    renderScreen();
    await waitFor(() => expect(rows()).toHaveLength(7));
    expect(screen.getByTestId('inbox-summary').textContent).toBe('Changes 1–7 of 7 · 6 unread');
    const inbox = within(screen.getByRole('region', { name: 'Changes' }));
    expect(inbox.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['DE manufacturing > 500', 'Portfolio A']);
    const checks = inbox.getAllByRole('heading', { level: 4 }).map((h) => h.textContent);
    expect(checks).toHaveLength(3);
    expect(checks[0]).toMatch(/^Check of .+ · 3 changes in \d+ compan(y|ies), 2 unread$/);
    expect(checks[1]).toMatch(/^Check of .+ · 1 change in 1 company, 1 unread$/);
    expect(checks[2]).toMatch(/^Check of .+ · 3 changes in \d+ compan(y|ies), 3 unread$/);
    const text = rows().map((r) => r.textContent);
    expect(text[0]).toBe('Unread: Entered the searchApex Energy GmbHMark read');
    expect(text[1]).toBe('Unread: Left the searchBorealis AGMark read');
    expect(text[2]).toBe('Field changedApex Energy GmbHemployee count: 12,500 → 13,250');
    expect(text[3]).toBe('Unread: Field changedApex Energy GmbHaddress city: Köln → BonnMark read');
    expect(text[4]).toBe('Unread: ESG score movedApex Energy GmbHOverall score: 61.46 → 68.7 (+7.2 points)Mark read');
    expect(text[5]).toBe('Unread: ESG rating changedApex Energy GmbHA → BB (downgrade)Mark read');
    expect(text[6]).toBe('Unread: New newsApex Energy GmbHApex opens a plant in LeipzigMark read');
    expect(rows()[0]!.className).toContain('change--unread');
    expect(rows()[2]!.className).not.toContain('change--unread');
  });

  it('sends the kind, watch and unread filters to main and keeps them in the screen store', async () => {
    const store = renderScreen();
    await waitFor(() => expect(rows()).toHaveLength(7));
    fireEvent.click(screen.getByLabelText('ESG score moved'));
    fireEvent.click(screen.getByLabelText('Entered the search'));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(fake.calls.changes!.at(-1)).toEqual({ kinds: ['entered', 'score'], unreadOnly: false, offset: 0, limit: 200 });
    fireEvent.change(screen.getByLabelText('Watch'), { target: { value: '2' } });
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(fake.calls.changes!.at(-1)).toEqual({ watchId: 2, kinds: ['entered', 'score'], unreadOnly: false, offset: 0, limit: 200 });
    fireEvent.click(screen.getByLabelText('Unread only'));
    await waitFor(() => expect(fake.calls.changes!.at(-1)).toMatchObject({ unreadOnly: true }));
    expect(store.get().watches).toEqual({ watchId: 2, kinds: ['entered', 'score'], unreadOnly: true, page: 0 });
    // What a restart brings back.
    const saved = toPersisted('watches', store.get());
    expect(saved).toEqual({ v: 1, watchId: 2, kinds: ['entered', 'score'], unreadOnly: true });
    expect(restoreWatches(saved)).toEqual({ watchId: 2, kinds: ['entered', 'score'], unreadOnly: true, page: 0 });
    expect(restoreWatches({ v: 1, watchId: 'x', kinds: [], unreadOnly: false })).toBeNull();
    // "Show changes" on a card is the same filter.
    fireEvent.click(within(card('DE manufacturing > 500')).getByRole('button', { name: 'Show changes of DE manufacturing > 500' }));
    expect(store.get().watches.watchId).toBe(1);
  });

  it('Mark read per row, per check and for a watch; the unread counts follow', async () => {
    renderScreen();
    await waitFor(() => expect(rows()).toHaveLength(7));
    fireEvent.click(screen.getByRole('button', { name: 'Mark read: Entered the search, Apex Energy GmbH' }));
    await waitFor(() => expect(screen.getByTestId('inbox-summary').textContent).toBe('Changes 1–7 of 7 · 5 unread'));
    expect(fake.calls.markRead).toEqual([{ ids: [1] }]);
    expect(rows()[0]!.className).not.toContain('change--unread');
    await waitFor(() => expect(within(card('DE manufacturing > 500')).getByText('2 unread')).toBeTruthy());

    const portfolioCheck = screen.getAllByRole('heading', { level: 4 })[2]!;
    fireEvent.click(within(portfolioCheck.parentElement!).getByRole('button', { name: /^Mark read: the check of .+ of Portfolio A$/ }));
    await waitFor(() => expect(fake.calls.markRead!.at(-1)).toEqual({ checkId: 20 }));
    await waitFor(() => expect(screen.getByTestId('inbox-summary').textContent).toBe('Changes 1–7 of 7 · 2 unread'));

    fireEvent.change(screen.getByLabelText('Watch'), { target: { value: '1' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Mark all of ‘DE manufacturing > 500’ read' }));
    await waitFor(() => expect(fake.calls.markRead!.at(-1)).toEqual({ watchId: 1 }));
    await waitFor(() => expect(screen.getByTestId('inbox-summary').textContent).toBe('Changes 1–4 of 4 · 0 unread'));
  });

  it('opens the company by name on the ESG screen, with the module for ESG changes', async () => {
    renderScreen();
    await waitFor(() => expect(rows()).toHaveLength(7));
    fireEvent.click(within(rows()[1]!).getByRole('button', { name: 'Borealis AG' }));
    fireEvent.click(within(rows()[4]!).getByRole('button', { name: 'Apex Energy GmbH' }));
    // The change that led there goes along, in words with its check's time (said above the company's record).
    expect(routes).toEqual([
      { screen: 'esg', companyId: ID2, companyName: 'Borealis AG', fromChange: expect.stringMatching(/^Left the search \(.+\)$|^[A-Z].+ \(.+\)$/) },
      { screen: 'esg', companyId: changes[0]!.companyId, companyName: 'Apex Energy GmbH', module: 'scores', fromChange: expect.stringMatching(/^ESG score moved: .+ \(.+\)$/) },
    ]);
  });

  it('exports a watch’s changes and a check’s, offering the file for download', async () => {
    renderScreen({ watchId: 1 });
    await waitFor(() => expect(rows()).toHaveLength(4));
    fireEvent.click(screen.getByRole('button', { name: 'Export changes (XLSX): the changes of DE manufacturing > 500' }));
    expect(await screen.findByText(/^Exported 4 changes to changes\.xlsx\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download changes.xlsx' }).getAttribute('href')).toBe('/download/changes.xlsx');
    expect(fake.calls.exportChanges).toEqual([{ id: 1 }]);
    fireEvent.click(screen.getAllByRole('button', { name: /^Export this check: the check of .+ of DE manufacturing > 500$/ })[0]!);
    await waitFor(() => expect(fake.calls.exportChanges!.at(-1)).toEqual({ id: 1, checkId: 11 }));
  });

  it('says the latest check that found something, and refreshes on main’s changed event', async () => {
    renderScreen();
    await waitFor(() => expect(rows()).toHaveLength(7));
    fake.changes = [change({ id: 8, watchId: 1, checkId: 12, kind: 'entered', companyName: 'Cobalt SE' }), ...fake.changes];
    act(() => {
      fake.emitCheckFinished({ watchId: 1, checkId: 12, changes: 1, title: 'What changed: DE manufacturing > 500', body: "1 company entered 'DE manufacturing > 500'" });
      fake.emitChanged();
    });
    expect(screen.getByTestId('check-finished').textContent).toMatch(/: What changed: DE manufacturing > 500\. 1 company entered 'DE manufacturing > 500'$/);
    await waitFor(() => expect(rows()).toHaveLength(8));
    expect(rows()[0]!.textContent).toContain('Cobalt SE');
  });
});

describe('groupChanges', () => {
  it('keeps the order of arrival and counts unread per check', () => {
    const g = groupChanges(changes);
    expect(g.map((w) => [w.watchId, w.checks.map((c) => [c.checkId, c.rows.length, c.unread])])).toEqual([
      [1, [[11, 3, 2], [10, 1, 1]]],
      [2, [[20, 3, 3]]],
    ]);
  });
});
