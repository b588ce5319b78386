// @vitest-environment jsdom
// Earlier bulk matches in a DOM: each is listed with its counts, opens by its button, and is deleted
// only after the confirmation (Escape keeps it); a running job offers no Delete.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BulkJobView } from '../../../src/shared/bridge/groups/match';
import { BulkJobHistory } from '../../../src/renderer/match/BulkJobHistory';
import { matchKeys } from '../../../src/renderer/data/match';

const view = (id: string, over: Partial<BulkJobView> = {}): BulkJobView => ({
  id,
  state: 'done',
  fileName: `${id}.csv`,
  reading: false,
  total: 40,
  done: 40,
  matched: 30,
  noMatch: 5,
  errors: 0,
  invalid: 5,
  startedAt: Date.UTC(2026, 10, 20, 9, 30),
  review: { threshold: 0.8, auto: 20, accepted: 2, picked: 1, rejected: 1, pending: 6 },
  ...over,
});

afterEach(() => {
  cleanup();
  delete (window as unknown as { firmscope?: unknown }).firmscope;
});

function mount(jobs: BulkJobView[]) {
  const bulkDelete = vi.fn(async () => ({ ok: true, value: undefined }));
  (window as unknown as { firmscope: unknown }).firmscope = { match: { bulkDelete } };
  const qc = new QueryClient();
  qc.setQueryData(matchKeys.jobs, jobs);
  const onOpen = vi.fn();
  render(
    <QueryClientProvider client={qc}>
      <BulkJobHistory jobs={jobs} onOpen={onOpen} />
    </QueryClientProvider>,
  );
  return { bulkDelete, onOpen, qc };
}

describe('earlier bulk matches', () => {
  it('lists each job with its counts, opens one, and offers no Delete while a job runs', () => {
    const { onOpen } = mount([view('running', { state: 'running', done: 10 }), view('firms')]);
    const items = within(screen.getByRole('region', { name: 'Earlier bulk matches' })).getAllByRole('listitem');
    expect(items[1]!.textContent).toContain('firms.csv');
    expect(items[1]!.textContent).toContain('40 rows · 30 matched · 6 waiting for review · Finished');
    expect(within(items[0]!).queryByRole('button', { name: /^Delete/ })).toBeNull();
    fireEvent.click(within(items[1]!).getByRole('button', { name: /^Open firms\.csv/ }));
    expect(onOpen).toHaveBeenCalledWith('firms');
  });

  it('deletes only after the confirmation, which names the decisions that go with it', async () => {
    const { bulkDelete, qc } = mount([view('firms')]);
    fireEvent.click(screen.getByRole('button', { name: /^Delete firms\.csv/ }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog.textContent).toContain('with its 40 rows and your 4 review decisions');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(bulkDelete).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: /^Delete firms\.csv/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete bulk match' }));
    await waitFor(() => expect(bulkDelete).toHaveBeenCalledWith({ id: 'firms' }));
    await waitFor(() => expect(qc.getQueryData(matchKeys.jobs)).toEqual([]));
  });
});
