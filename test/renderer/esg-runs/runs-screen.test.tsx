// @vitest-environment jsdom
// The ESG runs screen in a DOM: no list is chosen for the analyst, Refresh ESG waits for a choice,
// a costly run starts with no module ticked, a confirmation names the list, its size and the cost,
// and nothing is sent before Start run. The runs list says a cancelled run's progress truthfully.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RunInfo, StartRunInput, TaskCounts } from '../../../src/shared/esg-runs/schemas';
import { NavigationContext } from '../../../src/renderer/state/navigation';
import { RunsScreen } from '../../../src/renderer/esg-runs/RunsScreen';

const counts = (c: Partial<TaskCounts>): TaskCounts => ({ queued: 0, requesting: 0, processing: 0, complete: 0, not_found: 0, failed: 0, no_access: 0, cancelled: 0, ...c });
const cancelledRun: RunInfo = {
  id: 7, profileId: 'sandbox', label: 'Portfolio A', listId: 1, modules: ['news', 'commitments', 'scores'], status: 'cancelled',
  createdAt: Date.UTC(2026, 10, 20, 9), finishedAt: Date.UTC(2026, 10, 20, 10), counts: counts({ complete: 1899, cancelled: 852 }), total: 2751, companies: 917, etaAt: null,
};
const id = (n: number) => `${String(n).padStart(8, '0')}-8d4a-4c1e-9a0b-3e5d7f9a1b2c`;

let starts: StartRunInput[];
let memberReads: number;
beforeEach(() => {
  starts = [];
  memberReads = 0;
  (window as unknown as { firmscope: unknown }).firmscope = {
    lists: {
      all: async () => ({ ok: true, value: [{ id: 1, name: 'Portfolio A', memberCount: 917 }, { id: 2, name: 'DAX 40', memberCount: 40 }] }),
      onChanged: () => () => {},
      members: async ({ offset }: { offset: number }) => {
        memberReads++;
        const rows = offset === 0 ? Array.from({ length: 917 }, (_, i) => ({ companyId: id(i), name: `Company ${i}` })) : [];
        return { ok: true, value: { rows, total: 917 } };
      },
    },
    esgRuns: {
      list: async () => ({ ok: true, value: [cancelledRun] }),
      onEsgRunUpdate: () => () => {},
      board: () => new Promise(() => {}),
      start: async (input: StartRunInput) => {
        starts.push(input);
        return { ok: true, value: { ...cancelledRun, id: 8, status: 'running', counts: counts({ queued: 1834 }), total: 1834 } };
      },
    },
    profiles: { listProfiles: async () => ({ ok: true, value: { activeId: 'sandbox', profiles: [{ id: 'sandbox', requestsPerSecond: 10 }] } }) },
  };
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function renderScreen() {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <NavigationContext.Provider value={{ route: { screen: 'runs' }, navigate: () => {} }}>
        <RunsScreen />
      </NavigationContext.Provider>
    </QueryClientProvider>,
  );
}

describe('ESG runs screen', () => {
  it('says a cancelled run is cancelled with its count, never 100 % done', async () => {
    renderScreen();
    const table = await screen.findByRole('table', { name: 'ESG runs of this profile, newest first' });
    const row = within(table).getByRole('button', { name: 'Portfolio A' }).closest('tr')!;
    expect(row.textContent).toContain('1,899 of 2,751 cells done (69 %) · 852 cancelled');
    expect(row.textContent).not.toContain('100 %');
  });

  it('chooses no list and no module for the analyst, and starts only after the confirmation', async () => {
    renderScreen();
    const picker = await screen.findByRole('combobox', { name: 'List' });
    expect((picker as HTMLSelectElement).value).toBe('');
    expect(within(picker).getByRole('option', { selected: true }).textContent).toBe('Choose a list…');
    const refresh = screen.getByRole('button', { name: 'Refresh ESG' });
    expect((refresh as HTMLButtonElement).disabled).toBe(true);
    expect(refresh.getAttribute('aria-describedby')).toBe(screen.getByText('Choose a list first.').id);

    fireEvent.change(picker, { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Refresh ESG' }));
    const dialog = screen.getByRole('dialog', { name: 'Refresh ESG for Portfolio A' });
    expect(within(dialog).getByText('Modules to request for 917 companies')).toBeTruthy();
    // 2,751 module requests with all three: nothing is ticked, and Continue waits for a choice.
    for (const m of ['News', 'Commitments', 'Scores']) expect((within(dialog).getByRole('checkbox', { name: m }) as HTMLInputElement).checked).toBe(false);
    expect((within(dialog).getByRole('button', { name: 'Continue' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'News' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Scores' }));
    expect(within(dialog).getByText(/^1,834 module requests/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));

    const confirm = within(dialog).getByTestId('refresh-esg-confirm');
    await waitFor(() => expect(confirm.textContent).toContain('at 10 requests/s'));
    expect(confirm.textContent).toBe('Refresh news and scores for “Portfolio A” (917 companies): 1,834 module requests, about 7,300 requests with status checks and data reads, ~12 min at 10 requests/s.');
    expect(document.activeElement).toBe(confirm);
    expect(dialog.getAttribute('aria-describedby')).toBe(confirm.id);
    expect(starts).toHaveLength(0);
    expect(memberReads).toBe(0);
    // Back keeps the choice and gives focus back to Continue.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Continue' }));
    expect((within(dialog).getByRole('checkbox', { name: 'Scores' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));

    fireEvent.click(within(dialog).getByRole('button', { name: 'Start run' }));
    await waitFor(() => expect(starts).toHaveLength(1));
    expect(starts[0]).toMatchObject({ label: 'Portfolio A', listId: 1, modules: ['news', 'scores'] });
    expect(starts[0]!.companies).toHaveLength(917);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
