// @vitest-environment jsdom
// The Watch… dialog in a DOM with a fake bridge: nothing costly is preselected (checks only on
// "Check now", not at start, no ESG module), the cost line follows the choices from main's estimate,
// Create sends exactly what the form shows, and problems show next to their field (ours and main's).
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { pageTimeZone } from '../../../src/renderer/ui/format';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { NavigationContext, type Route } from '../../../src/renderer/state/navigation';
import { WatchButton } from '../../../src/renderer/watches/WatchButton';
import { WatchDialog } from '../../../src/renderer/watches/WatchDialog';
import type { WatchTargetRef } from '../../../src/renderer/watches/watch-form';
import { installFakeWatches, watchInfo, type FakeWatches } from './fake-watches-bridge';

const search: WatchTargetRef = { kind: 'search', savedSearchId: 's1', name: 'DE manufacturing' };
const list: WatchTargetRef = { kind: 'list', listId: 7, name: 'Portfolio A', memberCount: 10 };

let fake: FakeWatches;
let routes: Route[];
beforeEach(() => {
  fake = installFakeWatches();
  routes = [];
});
afterEach(cleanup);

function ui(el: ReactElement) {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <NavigationContext.Provider value={{ route: { screen: 'search' }, navigate: (r) => void routes.push(r) }}>{el}</NavigationContext.Provider>
    </QueryClientProvider>,
  );
}
const cost = () => screen.getByTestId('watch-cost');

describe('Watch… dialog', () => {
  it('prefills the name, preselects nothing costly, and shows the cost of a check before Create', async () => {
    ui(<WatchDialog target={search} onClose={() => {}} onSaved={() => {}} />);
    expect(screen.getByRole('dialog', { name: 'Watch saved search ‘DE manufacturing’' })).toBeTruthy();
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('DE manufacturing');
    expect((screen.getByLabelText('When to check') as HTMLSelectElement).value).toBe('manual');
    expect((screen.getByLabelText('Also check when the app starts') as HTMLInputElement).checked).toBe(false);
    await waitFor(() => expect(cost().textContent).toBe('About 5 requests per check; checked only when you click Check now; daily budget 2,000.'));
    expect(fake.calls.create).toBeUndefined();
  });

  it('alert rules: typed, said in words, refused next to the rules with their number, sent with the watch (issue 38)', async () => {
    ui(<WatchDialog target={search} onClose={() => {}} onSaved={() => {}} />);
    expect(screen.getByTestId('watch-rules-words').textContent).toBe('Every change a check finds alerts.');
    fireEvent.click(screen.getByRole('button', { name: 'Add a rule' }));
    expect(screen.getByTestId('watch-rules-words').textContent).toBe('Employees: alerts on a change of 10 % or more. Other fields: any change.');
    fireEvent.change(screen.getByLabelText('Value of rule 1'), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create watch' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Rule 1: Enter a percentage above 0'));
    expect(fake.calls.create).toBeUndefined();
    fireEvent.change(screen.getByLabelText('Value of rule 1'), { target: { value: '12,5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add a rule' }));
    fireEvent.change(screen.getByLabelText('Rule 2: alert when it'), { target: { value: 'ignore' } });
    fireEvent.change(screen.getByLabelText('Field of rule 2'), { target: { value: 'website_domain' } });
    expect(screen.getByTestId('watch-rules-words').textContent).toBe('Employees: alerts on a change of 12.5 % or more. Website domain: ignored. Other fields: any change.');
    fireEvent.click(screen.getByRole('button', { name: 'Create watch' }));
    await waitFor(() => expect(fake.calls.create).toHaveLength(1));
    expect((fake.calls.create![0] as { rules: unknown }).rules).toEqual({ fields: [{ kind: 'percent', field: 'employee_count', min: 12.5 }, { kind: 'ignore', field: 'website_domain' }] });
  });

  it('Escape and Cancel close it without sending anything', () => {
    const close = vi.fn();
    ui(<WatchDialog target={search} onClose={close} onSaved={() => {}} />);
    fireEvent.keyDown(screen.getByLabelText('Name'), { key: 'Escape' });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(close).toHaveBeenCalledTimes(2);
    expect(fake.calls.create).toBeUndefined();
  });

  it('the cost line follows the schedule; Create sends exactly the schedule shown', async () => {
    const saved = vi.fn();
    ui(<WatchDialog target={search} onClose={() => {}} onSaved={saved} />);
    fireEvent.change(screen.getByLabelText('When to check'), { target: { value: 'hourly' } });
    await waitFor(() => expect(cost().textContent).toBe('About 5 requests per check; 120 per day at this schedule; daily budget 2,000.'));
    fireEvent.change(screen.getByLabelText('When to check'), { target: { value: 'weekly' } });
    fireEvent.change(screen.getByLabelText('Day'), { target: { value: '3' } });
    fireEvent.change(screen.getByLabelText(/^Time/), { target: { value: '07:30' } });
    fireEvent.click(screen.getByLabelText('Also check when the app starts'));
    await waitFor(() => expect(cost().textContent).toBe('About 5 requests per check; 1 per day at this schedule; one more check at every app start; daily budget 2,000.'));
    // The cost does not depend on the hour or day: retyping them asks main nothing more.
    expect(fake.calls.estimate!.at(-1)).toEqual({ target: { kind: 'search', savedSearchId: 's1' }, schedule: { kind: 'weekly', day: 0, at: '00:00' } });
    const asked = fake.calls.estimate!.length;
    fireEvent.change(screen.getByLabelText(/^Time/), { target: { value: '07:45' } });
    fireEvent.change(screen.getByLabelText(/^Time/), { target: { value: '07:30' } });
    expect(fake.calls.estimate).toHaveLength(asked);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'DE manufacturing, weekly' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create watch' }));
    await waitFor(() => expect(saved).toHaveBeenCalled());
    expect(fake.calls.create).toEqual([
      { name: 'DE manufacturing, weekly', target: { kind: 'search', savedSearchId: 's1' }, schedule: { kind: 'weekly', day: 3, at: '07:30', timeZone: pageTimeZone() }, checkAtStart: true, scoreThreshold: 5 },
    ]);
  });

  it('a list needs at least one module (none is ticked), sends the modules and threshold shown, and warns beyond the budget', async () => {
    fake.budget = { dailyBudget: 500, usedToday: 0, resetsAt: 0 };
    ui(<WatchDialog target={list} onClose={() => {}} onSaved={() => {}} />);
    const modules = screen.getByRole('group', { name: 'ESG modules to check for 10 companies' });
    for (const box of within(modules).getAllByRole('checkbox')) expect((box as HTMLInputElement).checked).toBe(false);
    expect(cost().textContent).toBe('Choose at least one ESG module to see what a check costs.');
    expect((screen.getByLabelText('Score change that counts (points)') as HTMLInputElement).value).toBe('5');

    fireEvent.click(screen.getByRole('button', { name: 'Create watch' }));
    expect(await screen.findByText('Choose at least one ESG module to watch')).toBeTruthy();
    expect(fake.calls.create).toBeUndefined();

    fireEvent.click(within(modules).getByLabelText('Scores'));
    fireEvent.click(within(modules).getByLabelText('News'));
    fireEvent.change(screen.getByLabelText('When to check'), { target: { value: 'hourly' } });
    await waitFor(() => expect(cost().textContent).toMatch(/^About 80 requests per check; 1,920 per day at this schedule; daily budget 500\. That is more than the daily budget/));
    fireEvent.change(screen.getByLabelText('Score change that counts (points)'), { target: { value: '2,5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create watch' }));
    await waitFor(() => expect(fake.calls.create).toHaveLength(1));
    // Modules in the service's order, whatever order they were ticked in.
    expect(fake.calls.create![0]).toEqual({ name: 'Portfolio A', target: { kind: 'list', listId: 7, modules: ['news', 'scores'] }, schedule: { kind: 'hourly' }, checkAtStart: false, scoreThreshold: 2.5 });
  });

  it('shows our own problems and main’s invalid_input next to the field', async () => {
    ui(<WatchDialog target={search} onClose={() => {}} onSaved={() => {}} />);
    fireEvent.change(screen.getByLabelText('When to check'), { target: { value: 'daily' } });
    fireEvent.change(screen.getByLabelText(/^Time/), { target: { value: '25:00' } });
    expect(cost().textContent).toBe('Enter the time as HH:MM to see what a check costs.');
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: '  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create watch' }));
    const time = screen.getByLabelText(/^Time/);
    await waitFor(() => expect(time.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(time.getAttribute('aria-describedby')!.split(' ')[0]!)!.textContent).toBe('Enter a time as HH:MM (24-hour clock)');
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Name is required')).toBeTruthy();

    // Main refuses the name (e.g. a watch of that name exists): the message shows under Name.
    const api = (window as unknown as { firmscope: { watches: { create: Mock<(input: unknown) => Promise<unknown>> } } }).firmscope.watches;
    api.create.mockImplementationOnce(() =>
      Promise.resolve({ ok: false, error: { code: 'invalid_input', message: 'Invalid input: name: A watch of this name exists', retryable: false, details: { field: 'name' } } }),
    );
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Taken' } });
    fireEvent.change(screen.getByLabelText(/^Time/), { target: { value: '09:15' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create watch' }));
    expect(await screen.findByText('A watch of this name exists')).toBeTruthy();
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('Edit starts from the watch and sends its changes with the id', async () => {
    const w = watchInfo({ id: 3, name: 'Portfolio A scores', target: { kind: 'list', listId: 7, modules: ['scores'] }, targetName: 'Portfolio A', schedule: { kind: 'daily', at: '06:00' }, scoreThreshold: 7 });
    fake.watches = [w];
    ui(<WatchDialog existing={w} onClose={() => {}} onSaved={() => {}} />);
    expect(screen.getByRole('dialog', { name: 'Edit watch ‘Portfolio A scores’' })).toBeTruthy();
    expect((screen.getByLabelText(/^Time/) as HTMLInputElement).value).toBe('06:00');
    expect((screen.getByLabelText('Scores') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByLabelText('Commitments'));
    fireEvent.click(screen.getByRole('button', { name: 'Save watch' }));
    await waitFor(() => expect(fake.calls.update).toHaveLength(1));
    expect(fake.calls.update![0]).toEqual({
      id: 3,
      name: 'Portfolio A scores',
      target: { kind: 'list', listId: 7, modules: ['commitments', 'scores'] },
      schedule: { kind: 'daily', at: '06:00', timeZone: pageTimeZone() },
      checkAtStart: false,
      scoreThreshold: 7,
    });
  });
});

describe('Watch… button', () => {
  it('opens the dialog, says what was created and leads to What changed', async () => {
    ui(<WatchButton target={search} />);
    fireEvent.click(screen.getByRole('button', { name: 'Watch saved search DE manufacturing…' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Create watch' }));
    await waitFor(() => expect(screen.getByText(/Watching ‘DE manufacturing’: only when you click Check now\./)).toBeTruthy());
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Open What changed' }));
    expect(routes).toEqual([{ screen: 'watches' }]);
  });
});
