// @vitest-environment jsdom
// The weighted portfolio in a list's Analytics, in a DOM with a fake bridge: the weighted-average
// scores with coverage by weight, the holdings' contributions, the benchmark and the active weights
// are main's numbers written by the app's one formatter (en-US here); picking a benchmark stores it.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { WeightedAnalytics, WeightedSummary } from '../../../src/shared/analytics/weighted';
import { HOLDINGS_SHOWN, WeightedPanel } from '../../../src/renderer/analytics/WeightedPanel';

const summary = (label: string, held: number, avgs: [number | null, number][]): WeightedSummary => ({
  label,
  companies: held + 2,
  held,
  averages: (['overall', 'environmental', 'social', 'governance'] as const).map((part, i) => ({ part, average: avgs[i]![0], coverage: avgs[i]![1], companies: held - 1 })),
});
const holdings = Array.from({ length: 20 }, (_, i) => ({
  companyId: `c${i}`,
  name: `Company ${i}`,
  weight: i === 0 ? 25.125 : 75 / 19,
  given: null,
  overall: i === 19 ? null : 50 + i,
  contribution: i === 19 ? null : i === 0 ? 12.5625 : 2.1,
  share: i === 0 ? 21.375 : 3.5,
}));
const weighted: WeightedAnalytics = {
  list: { id: 4, name: 'Portfolio A' },
  weighting: 'given',
  portfolio: summary('List “Portfolio A”', 20, [[58.76, 96.05], [61.2, 96.05], [null, 0], [55.04, 90]]),
  holdings,
  notHeld: 2,
  benchmarkRef: { kind: 'list', listId: 8 },
  benchmark: summary('List “MSCI Europe”', 150, [[52.3, 100], [50, 100], [49.95, 88.5], [57, 100]]),
  benchmarkProblem: null,
  activeByCountry: [
    { key: 'DE', label: 'Germany', portfolio: 40.5, benchmark: 22.25, active: 18.25 },
    { key: 'FR', label: 'France', portfolio: 10, benchmark: 22.5, active: -12.5 },
    { key: 'unknown', label: 'Country unknown', portfolio: 0, benchmark: 0.5, active: -0.5 },
  ],
  activeByDivision: [{ key: '62', label: '62 Computer programming, consultancy and related activities', portfolio: 60, benchmark: 30, active: 30 }],
  computedAt: 1,
};

let sent: unknown[];
beforeEach(() => {
  sent = [];
  const ok = <T,>(value: T) => Promise.resolve({ ok: true as const, value });
  (window as unknown as { firmscope: unknown }).firmscope = {
    analytics: { weighted: () => ok(weighted) },
    lists: {
      all: () => ok([{ id: 4, name: 'Portfolio A', memberCount: 22 }, { id: 8, name: 'MSCI Europe', memberCount: 152 }, { id: 9, name: 'DAX 40', memberCount: 40 }]),
      setBenchmark: (input: unknown) => (sent.push(input), ok({})),
      onChanged: () => () => undefined,
    },
    snapshots: { list: () => ok([{ id: 12, status: 'complete', rowCount: 3000, startedAt: Date.UTC(2026, 10, 20, 9), finishedAt: Date.UTC(2026, 10, 20, 9, 5) }]), onProgress: () => () => undefined },
  };
});
afterEach(cleanup);

const cells = (table: HTMLElement) => within(table).getAllByRole('row').slice(1).map((r) => [...r.children].map((c) => c.textContent));

it('shows the weighted averages, coverage by weight, contributions and active weights, formatted', async () => {
  render(<QueryClientProvider client={new QueryClient()}><WeightedPanel listId={4} /></QueryClientProvider>);
  expect((await screen.findByTestId('weighted-about')).textContent).toBe('Weights as given for 20 of 22 companies, scaled to sum to 100%. 2 without a weight above 0 are not held.');

  const scores = screen.getByRole('table', { name: 'Weighted-average scores against List “MSCI Europe”' });
  expect(within(scores).getAllByRole('columnheader').map((c) => c.textContent)).toEqual(['Score', 'Portfolio', 'Coverage by weight', 'Benchmark', 'Benchmark coverage']);
  expect(cells(scores)).toEqual([
    ['Overall', '58.8', '96.05%', '52.3', '100%'],
    ['Environmental', '61.2', '96.05%', '50', '100%'],
    ['Social', '—', '0%', '50', '88.5%'],
    ['Governance', '55', '90%', '57', '100%'],
  ]);

  const held = screen.getByRole('table', { name: /^Holdings and their contribution/ });
  expect(cells(held)).toHaveLength(HOLDINGS_SHOWN);
  expect(cells(held)[0]).toEqual(['Company 0', '25.13%', '50', '12.56', '21.38%']);
  fireEvent.click(screen.getByRole('button', { name: 'Show all 20 holdings' }));
  expect(cells(held)).toHaveLength(20);
  expect(cells(held)[19]).toEqual(['Company 19', '3.95%', '—', '—', '3.5%']);

  expect(cells(screen.getByRole('table', { name: /^Active weights by country/ }))).toEqual([
    ['Germany', '40.5%', '22.25%', '+18.25%'],
    ['France', '10%', '22.5%', '−12.5%'],
    ['Country unknown', '0%', '0.5%', '−0.5%'],
  ]);
  expect(cells(screen.getByRole('table', { name: /^Active weights by industry division/ }))).toEqual([['62 Computer programming, consultancy and related activities', '60%', '30%', '+30%']]);
});

it('offers the other lists and the loaded result sets as benchmark, and stores the one picked', async () => {
  render(<QueryClientProvider client={new QueryClient()}><WeightedPanel listId={4} /></QueryClientProvider>);
  const picker = (await screen.findByLabelText('Benchmark')) as HTMLSelectElement;
  await screen.findByRole('option', { name: 'DAX 40 (40)' });
  await screen.findByRole('option', { name: /^Loaded .* \(3,000 rows\)$/ });
  expect(within(picker).queryByRole('option', { name: /Portfolio A/ })).toBeNull();
  expect(picker.value).toBe('list:8');
  fireEvent.change(picker, { target: { value: 'snapshot:12' } });
  await waitFor(() => expect(sent).toEqual([{ id: 4, benchmark: { kind: 'snapshot', snapshotId: 12 } }]));
  fireEvent.change(picker, { target: { value: '' } });
  await waitFor(() => expect(sent).toHaveLength(2));
  expect(sent[1]).toEqual({ id: 4, benchmark: null });
});

it('the benchmark picked shows at once while it is saved, and the stored one again when main refuses it', async () => {
  const answers: Array<(r: unknown) => void> = [];
  const api = (window as unknown as { firmscope: { lists: { setBenchmark: unknown } } }).firmscope;
  api.lists.setBenchmark = (input: unknown) => (sent.push(input), new Promise((resolve) => answers.push(resolve)));
  render(<QueryClientProvider client={new QueryClient()}><WeightedPanel listId={4} /></QueryClientProvider>);
  const picker = (await screen.findByLabelText('Benchmark')) as HTMLSelectElement;
  await screen.findByRole('option', { name: 'DAX 40 (40)' });
  fireEvent.change(picker, { target: { value: 'list:9' } });
  // Not answered yet: the pick is what the select says (it does not jump back to the stored list:8).
  expect(picker.value).toBe('list:9');
  await waitFor(() => expect(sent).toEqual([{ id: 4, benchmark: { kind: 'list', listId: 9 } }]));
  expect(picker.value).toBe('list:9');
  answers[0]!({ ok: false, error: { code: 'not_found', message: 'That list no longer exists.', retryable: false } });
  expect(await screen.findByText('That list no longer exists.')).toBeTruthy();
  expect(picker.value).toBe('list:8');
});
