// @vitest-environment jsdom
// Watch a list with the team, in a DOM with a fake bridge: nothing costly is preselected (no ESG
// module), the cost of a check is said before anything is shared and follows the choices, a bad
// threshold is refused next to its field with nothing sent, and what is sent is what the form shows.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { WatchListWithTeam } from '../../../src/renderer/team/WatchListWithTeam';

const ok = <T,>(value: T) => Promise.resolve({ ok: true as const, value });
let sent: unknown[];
beforeEach(() => {
  sent = [];
  (window as unknown as { firmscope: unknown }).firmscope = {
    lists: {
      all: () => ok([{ id: 7, name: 'Portfolio A', memberCount: 120, createdAt: 1, updatedAt: 1 }, { id: 8, name: 'Peers', memberCount: 1, createdAt: 1, updatedAt: 1 }]),
      onChanged: () => () => undefined,
    },
    team: {
      watchList: vi.fn((input: unknown) => {
        sent.push(input);
        return ok({ id: '00000000-0000-4000-8000-000000000001', name: 'Portfolio A' });
      }),
    },
  };
});
afterEach(cleanup);

const ui = () => render(<QueryClientProvider client={new QueryClient()}><WatchListWithTeam /></QueryClientProvider>);
const cost = () => screen.getByTestId('team-list-cost').textContent;

it('preselects no module, says the cost first, and sends exactly what the form shows', async () => {
  ui();
  await screen.findByRole('option', { name: 'Portfolio A (120 companies)' });
  for (const box of screen.getAllByRole('checkbox')) expect((box as HTMLInputElement).checked).toBe(false);
  expect(cost()).toBe('Choose the ESG modules to see what a check costs.');

  fireEvent.click(screen.getByRole('checkbox', { name: 'Scores' }));
  expect(cost()).toBe("About 480 requests per check (120 companies x 1 module x about 4), 480 a day from the team's daily budget.");
  fireEvent.change(screen.getByLabelText('When the server checks the list'), { target: { value: 'hourly' } });
  expect(cost()).toBe("About 480 requests per check (120 companies x 1 module x about 4), 11,520 a day from the team's daily budget.");
  fireEvent.change(screen.getByLabelText('Score change that counts (points)'), { target: { value: '2,5' } });
  fireEvent.click(screen.getByRole('button', { name: 'Share and watch the list with the team' }));
  await screen.findByText('‘Portfolio A’ is shared with the team and its ESG watched on the server.');
  expect(sent).toEqual([{ listId: 7, modules: ['scores'], scoreThreshold: 2.5, schedule: { kind: 'hourly' } }]);
});

it('refuses a missing module and a bad threshold next to their fields, and sends nothing', async () => {
  ui();
  await screen.findByRole('option', { name: 'Peers (1 company)' });
  fireEvent.change(screen.getByLabelText('List'), { target: { value: '8' } });
  fireEvent.change(screen.getByLabelText('Score change that counts (points)'), { target: { value: '500' } });
  fireEvent.click(screen.getByRole('button', { name: 'Share and watch the list with the team' }));
  expect(screen.getByText('Choose at least one ESG module.')).toBeTruthy();
  expect(screen.getByLabelText('Score change that counts (points)').getAttribute('aria-invalid')).toBe('true');
  expect(screen.getByText('Enter a number of points from 0.1 to 100.')).toBeTruthy();
  fireEvent.click(screen.getByRole('checkbox', { name: 'News' }));
  expect(cost()).toBe("About 4 requests per check (1 company x 1 module x about 4), 4 a day from the team's daily budget.");
  await waitFor(() => expect(sent).toEqual([]));
});

it('takes alert rules, says them in words as typed, refuses a bad one by its place, and sends what it says', async () => {
  ui();
  await screen.findByRole('option', { name: 'Portfolio A (120 companies)' });
  fireEvent.click(screen.getByRole('checkbox', { name: 'Scores' }));
  fireEvent.change(screen.getByLabelText('Overall score: points that count'), { target: { value: '200' } });
  fireEvent.change(screen.getByLabelText('Rating changes'), { target: { value: 'downgrades' } });
  fireEvent.click(screen.getByRole('button', { name: 'Share and watch the list with the team' }));
  expect(screen.getByRole('alert').textContent).toBe('Overall score: Enter score points from 0.1 to 100');
  expect(sent).toEqual([]);

  fireEvent.change(screen.getByLabelText('Overall score: points that count'), { target: { value: '2,5' } });
  expect(screen.getByTestId('watch-rules-words').textContent).toBe('Overall score: alerts on a move of 2.5 points or more. Ratings: downgrades only.');
  fireEvent.click(screen.getByRole('button', { name: 'Share and watch the list with the team' }));
  await screen.findByText('‘Portfolio A’ is shared with the team and its ESG watched on the server.');
  expect(sent).toEqual([{ listId: 7, modules: ['scores'], scoreThreshold: 5, schedule: { kind: 'daily', at: '07:00' }, rules: { pillars: { overall: 2.5 }, ratings: 'downgrades' } }]);
});
