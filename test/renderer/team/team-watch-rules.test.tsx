// @vitest-environment jsdom
// A team watch's alert rules and what its check found, in a DOM with a fake bridge (issue 38): the
// rules open as stored, are said in words, a bad one is refused by its place with nothing sent, and
// the saved rules are exactly what the words said; the server's refusal (not the maker) is shown.
// A company's several field changes are one row; a company that left says why.
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { TeamChange, TeamWatchSummary } from '../../../src/shared/team/watches';
import { TeamChanges } from '../../../src/renderer/team/TeamChanges';
import { TeamWatchRules } from '../../../src/renderer/team/TeamWatchRules';

const ok = <T,>(value: T) => Promise.resolve({ ok: true as const, value });
const WATCH: TeamWatchSummary = {
  id: '00000000-0000-4000-8000-000000000007',
  name: 'DE companies',
  item: { id: '00000000-0000-4000-8000-000000000008', name: 'DE companies', kind: 'search' },
  owner: { id: 'm1', name: 'Ada Analyst' },
  schedule: { kind: 'hourly' },
  rules: { fields: [{ kind: 'percent', field: 'employee_count', min: 10 }] },
  paused: false,
  nextDueAt: null,
  lastCheck: null,
};
const change = (c: Partial<TeamChange> & Pick<TeamChange, 'kind' | 'companyId'>): TeamChange => ({ companyName: null, field: null, oldValue: null, newValue: null, detail: null, ...c });
let sent: unknown[];
let refuse = false;
beforeEach(() => {
  sent = [];
  refuse = false;
  (window as unknown as { firmscope: unknown }).firmscope = {
    team: {
      setWatchRules: vi.fn((input: { rules: unknown }) => {
        if (refuse) return Promise.resolve({ ok: false as const, error: { code: 'forbidden', message: 'Only Ada Analyst, who made this watch, or a team admin can change its rules.' } });
        sent.push(input);
        return ok({ ...WATCH, rules: input.rules });
      }),
      changes: () =>
        ok([
          change({ kind: 'left', companyId: 'c1', companyName: 'Alpha GmbH', oldValue: { name: 'Alpha GmbH' }, detail: 'No longer matches: Country “AT” (condition: Country equals “DE”).' }),
          change({ kind: 'field', companyId: 'c2', companyName: 'Beta AG', field: 'address.street', oldValue: 'Hauptstr. 1', newValue: 'Ring 2' }),
          change({ kind: 'field', companyId: 'c2', companyName: 'Beta AG', field: 'address.city', oldValue: 'Berlin', newValue: 'Hamburg' }),
          change({ kind: 'field', companyId: 'c3', companyName: 'Gamma SE', field: 'employee_count', oldValue: 100, newValue: 130 }),
        ]),
    },
  };
});
afterEach(cleanup);

const wrap = (ui: React.ReactNode) => render(<QueryClientProvider client={new QueryClient()}>{ui}</QueryClientProvider>);

it('opens the stored rules in words, refuses a bad one by its place, saves exactly what it says', async () => {
  wrap(<TeamWatchRules watch={WATCH} onClose={() => undefined} />);
  const words = () => screen.getByTestId('watch-rules-words').textContent;
  expect(words()).toBe('Employees: alerts on a change of 10 % or more. Other fields: any change.');
  fireEvent.change(screen.getByLabelText('Value of rule 1'), { target: { value: '-3' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save the rules' }));
  expect(screen.getByRole('alert').textContent).toBe('Rule 1: Enter a percentage above 0');
  expect(sent).toEqual([]);

  fireEvent.change(screen.getByLabelText('Value of rule 1'), { target: { value: '12,5' } });
  fireEvent.click(screen.getByRole('button', { name: 'Add a rule' }));
  fireEvent.change(screen.getByLabelText('Rule 2: alert when it'), { target: { value: 'ignore' } });
  fireEvent.change(screen.getByLabelText('Field of rule 2'), { target: { value: 'phone' } });
  expect(words()).toMatch(/^Employees: alerts on a change of 12.5 % or more\. Phone: ignored\. Other fields: any change\.$/);
  fireEvent.click(screen.getByRole('button', { name: 'Save the rules' }));
  await screen.findByText('The rules of ‘DE companies’ are saved on the team server; they apply from its next check.');
  expect(sent).toEqual([{ watchId: WATCH.id, rules: { fields: [{ kind: 'percent', field: 'employee_count', min: 12.5 }, { kind: 'ignore', field: 'phone' }] } }]);

  // Removing every rule saves none: every change alerts again.
  fireEvent.click(screen.getByRole('button', { name: 'Remove rule 2' }));
  fireEvent.click(screen.getByRole('button', { name: 'Remove rule 1' }));
  expect(words()).toBe('Every change a check finds alerts.');
  refuse = true;
  fireEvent.click(screen.getByRole('button', { name: 'Save the rules' }));
  await screen.findByText('Only Ada Analyst, who made this watch, or a team admin can change its rules.');
});

it('shows a company’s several field changes as one row, and why a company left', async () => {
  wrap(<TeamChanges watch={WATCH} onClose={() => undefined} />);
  const table = await screen.findByRole('table', { name: 'Changes found by ‘DE companies’' });
  const rows = within(table).getAllByRole('row').slice(1);
  expect(rows).toHaveLength(3);
  expect(rows[0]!.textContent).toContain('No longer matches: Country “AT” (condition: Country equals “DE”).');
  expect(within(rows[1]!).getByRole('rowheader').textContent).toBe('Beta AG');
  expect(rows[1]!.textContent).toContain('Fields changed');
  expect(rows[1]!.textContent).toContain('moved (street, city)');
  expect(rows[1]!.textContent).toContain('address city: Berlin → Hamburg');
  expect(rows[2]!.textContent).toContain('Gamma SE');
});
