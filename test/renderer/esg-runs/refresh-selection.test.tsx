// @vitest-environment jsdom
// "Refresh ESG for N selected" from the result grid in a DOM: it appears once rows are ticked, names
// the run after the companies (never their ids), starts a run without a list with those companies
// and their names, and opens the board of the run it started.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RunInfo, StartRunInput } from '../../../src/shared/esg-runs/schemas';
import type { CompanyRecord } from '../../../src/shared/service/schemas';
import { NavigationContext, type Route } from '../../../src/renderer/state/navigation';
import { selectionRunLabel } from '../../../src/renderer/esg-runs/selection-label';
import { emptyPrefs } from '../../../src/renderer/ui/grid/column-prefs';
import { GridSelectionActions } from '../../../src/renderer/lists/GridSelectionActions';
import { ResultGrid } from '../../../src/renderer/ui/grid/ResultGrid';

const id = (n: number) => `${String(n).padStart(8, '0')}-8d4a-4c1e-9a0b-3e5d7f9a1b2c`;
const record = (n: number, name: string | null = `Company ${n}`): CompanyRecord => ({ company_id: id(n), ...(name ? { name } : {}), country: 'DE' });

describe('selectionRunLabel', () => {
  it('names one to three companies, then two and how many others', () => {
    expect(selectionRunLabel(['Apex Energy'])).toBe('Apex Energy');
    expect(selectionRunLabel(['Apex Energy', 'Borealis'])).toBe('Apex Energy and Borealis');
    expect(selectionRunLabel(['Apex Energy', 'Borealis', 'Cobalt'])).toBe('Apex Energy, Borealis and Cobalt');
    expect(selectionRunLabel(['A', 'B', 'C', 'D'])).toBe('A, B and 2 other companies');
    expect(selectionRunLabel(Array.from({ length: 1_202 }, (_, i) => `C${i}`))).toBe('C0, C1 and 1,200 other companies');
  });

  it('counts companies without a name instead of showing ids, and keeps long names short', () => {
    expect(selectionRunLabel([null, ' '])).toBe('2 selected companies');
    expect(selectionRunLabel([null])).toBe('1 selected company');
    expect(selectionRunLabel(['Apex Energy', null])).toBe('Apex Energy and 1 other company');
    const long = selectionRunLabel(['x'.repeat(300), 'y'.repeat(300), 'z'.repeat(300), 'w']);
    expect(long.length).toBeLessThanOrEqual(200);
    expect(long).toMatch(/^x+…, y+… and 2 other companies$/);
  });

  it('makes each name one line without bidi controls: the label becomes a notification title (issue 36)', () => {
    expect(selectionRunLabel(['Acme \u202Egnp.exe\r\nESG run failed', 'Borealis\u200F'])).toBe('Acme gnp.exe ESG run failed and Borealis');
  });
});

describe('Refresh ESG for the grid selection', () => {
  let starts: StartRunInput[];
  let routes: Route[];
  beforeEach(() => {
    // jsdom lays nothing out: give the scroller a size so the virtualisers mount rows and columns.
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(400);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1200);
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(400);
    vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockReturnValue(1200);
    starts = [];
    routes = [];
    (window as unknown as { firmscope: unknown }).firmscope = {
      esgRuns: {
        start: async (input: StartRunInput) => {
          starts.push(input);
          const run = { id: 41, label: input.label, listId: input.listId ?? null, modules: input.modules, companies: input.companies.length } as Partial<RunInfo>;
          return { ok: true, value: run };
        },
      },
      lists: { all: async () => ({ ok: true, value: [] }), onChanged: () => () => {} },
      profiles: { listProfiles: async () => ({ ok: true, value: { activeId: 'sandbox', profiles: [{ id: 'sandbox', requestsPerSecond: 5 }] } }) },
    };
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  function renderGrid(rows: CompanyRecord[]) {
    return render(
      <QueryClientProvider client={new QueryClient()}>
        <NavigationContext.Provider value={{ route: { screen: 'search' }, navigate: (r) => void routes.push(r) }}>
          <ResultGrid
            rows={rows}
            firstRow={1}
            available={['company_id', 'name', 'country']}
            prefs={emptyPrefs()}
            onPrefsChange={() => {}}
            onOpen={() => {}}
            selectionActions={(selected) => <GridSelectionActions selected={selected} />}
          />
        </NavigationContext.Provider>
      </QueryClientProvider>,
    );
  }

  it('offers nothing until rows are ticked, then names how many', () => {
    renderGrid([record(1), record(2), record(3)]);
    expect(screen.queryByRole('button', { name: /^Refresh ESG/ })).toBeNull();
    fireEvent.click(screen.getByLabelText('Select row 1', { exact: true }));
    expect(screen.getByRole('button', { name: 'Refresh ESG for 1 selected' })).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Select row 3', { exact: true }));
    expect(screen.getByRole('button', { name: 'Refresh ESG for 2 selected' })).toBeTruthy();
  });

  it('starts a run without a list for the ticked companies by name, with the chosen modules, and opens its board', async () => {
    renderGrid([record(1, 'Apex Energy GmbH'), record(2, 'Borealis Wind'), record(3, null), record(4, 'Cobalt Mining')]);
    for (const n of [1, 2, 3]) fireEvent.click(screen.getByLabelText(`Select row ${n}`, { exact: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Refresh ESG for 3 selected' }));
    const dialog = screen.getByRole('dialog', { name: 'Refresh ESG for Apex Energy GmbH, Borealis Wind and 1 other company' });
    expect(within(dialog).getByText('Modules to request for 3 companies')).toBeTruthy();
    expect(dialog.textContent).not.toContain(id(1));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'News' }));
    expect(within(dialog).getByText(/^6 module requests/)).toBeTruthy();
    // A confirmation with the cost comes first; nothing is sent before Start run.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText(/~5 s at 5 requests\/s\.$/)).toBeTruthy();
    expect(within(dialog).getByTestId('refresh-esg-confirm').textContent).toBe(
      'Refresh commitments and scores for “Apex Energy GmbH, Borealis Wind and 1 other company” (3 companies): 6 module requests, about 24 requests with status checks and data reads, ~5 s at 5 requests/s.',
    );
    expect(starts).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start run' }));
    await waitFor(() => expect(routes).toEqual([{ screen: 'runs', runId: 41 }]));
    expect(starts).toHaveLength(1);
    expect(starts[0]).toMatchObject({
      label: 'Apex Energy GmbH, Borealis Wind and 1 other company',
      listId: null,
      companies: [
        { companyId: id(1), companyName: 'Apex Energy GmbH' },
        { companyId: id(2), companyName: 'Borealis Wind' },
        { companyId: id(3), companyName: null },
      ],
    });
    expect(starts[0]!.modules).not.toContain('news');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says why a run could not start and stays on the grid', async () => {
    (window as unknown as { firmscope: { esgRuns: { start: unknown } } }).firmscope.esgRuns.start = vi.fn(async () => ({
      ok: false,
      error: { code: 'forbidden', message: 'This account has no access to ESG data.' },
    }));
    renderGrid([record(1)]);
    fireEvent.click(screen.getByLabelText('Select row 1', { exact: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Refresh ESG for 1 selected' }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    fireEvent.click(screen.getByRole('button', { name: 'Start run' }));
    expect(await screen.findByText('Could not start the run')).toBeTruthy();
    expect(routes).toEqual([]);
  });
});
