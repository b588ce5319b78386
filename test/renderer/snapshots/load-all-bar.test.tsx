// @vitest-environment jsdom
// The Load all bar says what a load costs before the analyst clicks: requests, time at the last
// load's pace (or that it is measured on the first load), disk; a cap above the default is marked
// as such; the figures follow the cap as it is typed, and the button is described by them.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LoadEstimate } from '../../../src/shared/snapshots/snapshot';
import { LoadAllBar } from '../../../src/renderer/snapshots/LoadAllBar';
import { aboutBytes, aboutDuration } from '../../../src/renderer/snapshots/load-cost';

let asked: number[];
let measured: boolean;

function estimate(rows: number): LoadEstimate {
  const bytesPerRow = measured ? 1_500 : 1_550;
  return {
    rows,
    pages: Math.ceil(rows / 200),
    seconds: measured ? rows / 2_000 : null,
    bytes: rows * bytesPerRow,
    basis: { rate: measured ? { rows: 50_000, rowsPerSecond: 2_000, finishedAt: 1 } : null, disk: measured ? 'workspace' : 'typical', bytesPerRow },
  };
}

beforeEach(() => {
  asked = [];
  measured = false;
  (window as unknown as { firmscope: unknown }).firmscope = {
    snapshots: {
      estimate: async ({ rows }: { rows: number }) => {
        asked.push(rows);
        return { ok: true, value: estimate(rows) };
      },
    },
  };
});
afterEach(cleanup);

function bar(count: number, extra: Partial<Parameters<typeof LoadAllBar>[0]> = {}) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <LoadAllBar body={{ filters: {} }} count={count} unavailable={null} latest={null} hasSnapshot={false} {...extra} />
    </QueryClientProvider>,
  );
}

describe('Load all cost', () => {
  it('before any load: requests and disk at the typical size, time measured on the first load', async () => {
    bar(40_000);
    const cost = await screen.findByTestId('load-cost');
    expect(asked).toEqual([40_000]);
    expect(cost.textContent).toBe(
      '40,000 rows: 200 requests, time measured on the first load of 1,000 rows or more, about 62 megabytes of disk (1,550 bytes a row, typical).',
    );
    expect(cost.textContent).not.toMatch(/Above the usual/);
    expect(screen.getByRole('button', { name: 'Load all 40,000 results' }).getAttribute('aria-describedby')).toBe(cost.id);
  });

  it('a cap above 100,000 shows its cost, marked, before it starts; the figures follow the cap typed', async () => {
    measured = true;
    bar(2_500_000);
    await waitFor(() => expect(screen.getByTestId('load-cost').textContent).toMatch(/^100,000 rows: 500 requests, under a minute at this profile's last load/));
    fireEvent.change(screen.getByLabelText('Row cap'), { target: { value: '1000000' } });
    await waitFor(() => expect(screen.getByTestId('load-cost').textContent).toContain('1,000,000 rows'));
    const cost = screen.getByTestId('load-cost');
    expect(cost.textContent).toBe(
      "Above the usual 100,000 rows. 1,000,000 rows: 5,000 requests, about 8 minutes at this profile's last load (2,000 rows a second), about 1.5 gigabytes of disk (1,500 bytes a row, as in this workspace).",
    );
    expect(cost.className).toContain('load-all__cost--large');
    expect(screen.getByRole('button', { name: 'Load first 1,000,000 of 2,500,000 results' })).toBeTruthy();
    expect(asked).toContain(1_000_000);
  });

  it('keeps the cap the Search screen remembers for the profile, and reports what is typed', async () => {
    const typed: string[] = [];
    bar(300_000, { capText: '250000', onCapText: (t) => typed.push(t) });
    expect((screen.getByLabelText('Row cap') as HTMLInputElement).value).toBe('250000');
    expect((await screen.findByTestId('load-cost')).textContent).toMatch(/^Above the usual 100,000 rows\. 250,000 rows: 1,250 requests/);
    fireEvent.change(screen.getByLabelText('Row cap'), { target: { value: '5000' } });
    expect(typed).toEqual(['5000']);
  });

  it('says nothing about cost while a snapshot is shown or the cap is invalid', async () => {
    bar(1_000, { hasSnapshot: true });
    expect(screen.queryByTestId('load-cost')).toBeNull();
    cleanup();
    bar(1_000, { capText: '0' });
    expect(screen.getByText(/Row cap must be a whole number/)).toBeTruthy();
    expect(screen.queryByTestId('load-cost')).toBeNull();
    expect(asked).toEqual([]);
  });
});

describe('cost in words', () => {
  it('rounds time to minutes and hours, and sizes to megabytes and gigabytes', () => {
    expect(aboutDuration(30)).toBe('under a minute');
    expect(aboutDuration(500)).toBe('about 8 minutes');
    expect(aboutDuration(3_600)).toBe('about 1 hour');
    expect(aboutDuration(4_800)).toBe('about 1 hour 20 minutes');
    expect(aboutBytes(500_000)).toBe('under a megabyte');
    expect(aboutBytes(155e6)).toBe('about 155 megabytes');
    expect(aboutBytes(1.55e9)).toBe('about 1.6 gigabytes');
  });
});
