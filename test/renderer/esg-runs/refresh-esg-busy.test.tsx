// @vitest-environment jsdom
// The Refresh ESG dialog says when it is starting a run: `aria-busy` is false through the modules step
// and the confirmation (nothing is sent there, however long the analyst reads), true from Start run
// until main answered, and false again when main refused the run. A fake bridge the test answers.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RunInfo, StartRunInput } from '../../../src/shared/esg-runs/schemas';
import { RefreshEsg } from '../../../src/renderer/esg-runs/RefreshEsg';

type Answer = (r: { ok: true; value: unknown } | { ok: false; error: { code: string; message: string } }) => void;

let starts: Array<{ input: StartRunInput; answer: Answer }>;
let started: RunInfo[];
beforeEach(() => {
  vi.useFakeTimers();
  starts = [];
  started = [];
  (window as unknown as { firmscope: unknown }).firmscope = {
    esgRuns: { start: (input: StartRunInput) => new Promise((r) => starts.push({ input, answer: r as Answer })) },
    profiles: { listProfiles: async () => ({ ok: true, value: { activeId: 'sandbox', profiles: [{ id: 'sandbox', requestsPerSecond: null }] } }) },
  };
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function open() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RefreshEsg label="Beta portfolio" listId={7} count={40} companies={() => [{ companyId: 'c1', companyName: 'One' }]} onStarted={(run) => started.push(run)} />
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Refresh ESG' }));
  return screen.getByRole('dialog', { name: 'Refresh ESG for Beta portfolio' });
}

describe('Refresh ESG dialog busy state', () => {
  it('is not busy and sends nothing before Start run; busy until the run has started', async () => {
    const dialog = open();
    expect(dialog.getAttribute('aria-busy')).toBe('false');
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'News' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(within(dialog).getByTestId('refresh-esg-confirm')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(dialog.getAttribute('aria-busy')).toBe('false');
    expect(starts).toHaveLength(0);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Start run' }));
    expect(dialog.getAttribute('aria-busy')).toBe('true');
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(starts).toHaveLength(1);
    expect(dialog.getAttribute('aria-busy')).toBe('true');
    await act(async () => {
      starts[0]!.answer({ ok: true, value: { id: 5, label: 'Beta portfolio' } });
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(started.map((r) => r.id)).toEqual([5]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a refused start ends busy, with the reason shown', async () => {
    const dialog = open();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Scores' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start run' }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(dialog.getAttribute('aria-busy')).toBe('true');
    await act(async () => {
      starts[0]!.answer({ ok: false, error: { code: 'invalid_input', message: 'No companies.' } });
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(dialog.getAttribute('aria-busy')).toBe('false');
    expect(dialog.textContent).toContain('Could not start the run');
    expect(started).toHaveLength(0);
  });
});
