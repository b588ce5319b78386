// @vitest-environment jsdom
// The review queue in a DOM, over the real match feature (main's handlers behind a window.firmscope
// made of them): keys A, R, 1-9, U and the arrows decide on the active row; the slider moves the line.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BulkJobView } from '../../../src/shared/bridge/groups/match';
import { ProfileSchema } from '../../../src/shared/profile';
import type { MatchResponse } from '../../../src/shared/service/schemas';
import { createMatchFeature } from '../../../src/main/features/match/feature';
import { BulkReview } from '../../../src/renderer/match/BulkReview';
import { FakeMatchApi } from '../../main/features/match/fake-api';
import { matchFeatureDeps } from '../../main/features/match/helpers/sandbox-deps';
import { installReviewBridge } from './helpers/review-bridge';

const CONF: Record<string, number> = { Alpha: 0.95, Beta: 0.7, Gamma: 0.6, Delta: 0.5 };
const answer = (name: string): MatchResponse => ({
  count: 2,
  result: [
    { confidence: CONF[name]!, company: { company_id: `${name}-1`, name: `${name} One` } },
    { confidence: CONF[name]! - 0.1, company: { company_id: `${name}-2`, name: `${name} Two` } },
  ],
});

let dir: string;
let feature: ReturnType<typeof createMatchFeature>;
let job: BulkJobView;
const listeners = new Set<(v: BulkJobView) => void>();
const ctx = { signal: new AbortController().signal };

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'fs-review-dom-'));
  const profile = ProfileSchema.parse({ id: 'p1', name: 'P', kind: 'remote', authUrl: 'https://a.example', baseUrl: 'https://b.example', clientId: 'c' });
  const { deps, finished } = matchFeatureDeps({ api: new FakeMatchApi((b) => answer(String(b.name))), profile, dir });
  const emit = ((g: string, n: string, v: BulkJobView) => {
    (deps.emit as (...a: unknown[]) => void)(g, n, v);
    if (g === 'match' && n === 'bulkProgress') listeners.forEach((l) => l(v));
  }) as typeof deps.emit;
  feature = createMatchFeature({ ...deps, emit });
  installReviewBridge(feature, listeners);
  const h = feature.handlers;
  const started = await h.bulkStart({ csvText: ['Firm', 'Alpha', 'Beta', 'Gamma', 'Delta'].join('\n'), mapping: { name: 'Firm' }, concurrency: 2 }, ctx);
  expect(await finished(started.id)).toMatchObject({ state: 'done' });
  job = (await h.bulkJobs(undefined, ctx)).find((j) => j.id === started.id)!;
});
afterEach(async () => {
  cleanup();
  listeners.clear();
  await feature.dispose?.();
  await rm(dir, { recursive: true, force: true });
});

/** Renders the review with the job as main reports it (progress events re-render it). */
function Live() {
  const [view, setView] = useState(job);
  useEffect(() => {
    listeners.add(setView);
    return () => void listeners.delete(setView);
  }, []);
  return <BulkReview job={view} />;
}
function mount() {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <Live />
    </QueryClientProvider>,
  );
}
const queueLines = () => within(screen.getByRole('grid', { name: 'Review queue' })).getAllByRole('row').slice(1).map((r) => r.children[0]!.textContent);
const decisions = async () => (await feature.handlers.bulkRows({ id: job.id, offset: 0, limit: 10 }, ctx)).rows.map((r) => r.decision);

describe('BulkReview', () => {
  it('decides by keyboard: arrows move, A accepts, 2 picks the second candidate, R rejects, U undoes', async () => {
    mount();
    await waitFor(() => expect(queueLines()).toEqual(['3', '4', '5']));
    expect(screen.getByRole('status').textContent).toContain('3 waiting for review · 1 auto-accepted');
    const grid = () => screen.getByRole('grid', { name: 'Review queue' });
    // fireEvent runs in act and React renders before it returns.
    const key = (k: string) => fireEvent.keyDown(grid(), { key: k });
    key('ArrowDown');
    await waitFor(() => expect(grid().getAttribute('aria-activedescendant')).toMatch(/-4$/));
    key('2'); // line 4 (Gamma): its second candidate
    await waitFor(() => expect(queueLines()).toEqual(['3', '5']));
    key('ArrowUp');
    key('a'); // line 3 (Beta)
    await waitFor(() => expect(queueLines()).toEqual(['5']));
    key('R'); // line 5 (Delta)
    await waitFor(() => expect(screen.getByText('Nothing waits for review.')).toBeTruthy());
    expect(await decisions()).toEqual(['auto', 'accepted', 'picked', 'rejected']);
    expect((await feature.handlers.bulkRows({ id: job.id, offset: 0, limit: 10 }, ctx)).rows[2]!.chosenId).toBe('Gamma-2');

    // U takes a decided row back to what the threshold says (it waits again).
    fireEvent.change(screen.getByLabelText('Show in review'), { target: { value: 'decided' } });
    await waitFor(() => expect(queueLines()).toEqual(['2', '3', '4', '5']));
    key('End');
    await waitFor(() => expect(grid().getAttribute('aria-activedescendant')).toMatch(/-5$/));
    key('u');
    await waitFor(async () => expect((await decisions())[3]).toBe('pending'));
  });

  it('A then R pressed at once decide two rows: the accepted row leaves the queue before the rows are read again', async () => {
    mount();
    await waitFor(() => expect(queueLines()).toEqual(['3', '4', '5']));
    const grid = screen.getByRole('grid', { name: 'Review queue' });
    // Two key presses (React renders after each) with no await between: main's answer to the first,
    // and the refetch of the queue, cannot land before the second.
    fireEvent.keyDown(grid, { key: 'a' });
    fireEvent.keyDown(grid, { key: 'r' });
    await waitFor(async () => expect(await decisions()).toEqual(['auto', 'accepted', 'rejected', 'pending']));
    await waitFor(() => expect(queueLines()).toEqual(['5']));
  });

  it('the slider sends the threshold once it rests and the queue follows', async () => {
    mount();
    await waitFor(() => expect(queueLines()).toEqual(['3', '4', '5']));
    const slider = screen.getByRole('slider');
    fireEvent.change(slider, { target: { value: '55' } });
    expect(screen.getByText('Accept automatically at or above 55% confidence')).toBeTruthy();
    // Beta (70 %) and Gamma (60 %) are accepted now; Delta (50 %) still waits.
    await waitFor(() => expect(queueLines()).toEqual(['5']));
    expect(await decisions()).toEqual(['auto', 'auto', 'auto', 'pending']);
    fireEvent.change(slider, { target: { value: '40' } });
    await waitFor(() => expect(screen.getByText('Nothing waits for review.')).toBeTruthy());
  });
});
