// @vitest-environment jsdom
// The review queue while answers are still arriving: rows that land above or below the cursor never
// move it, so each key decides the row that was highlighted when it was pressed. A row that leaves
// the queue from elsewhere moves the cursor to the next row and says so.
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
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

// Every answer is under the threshold (0.8): each row waits for review. File lines 2..9.
const NAMES = ['Aalen', 'Bonn', 'Celle', 'Dessau', 'Essen', 'Fulda', 'Gera', 'Hagen'];
const lineOf = (name: string) => NAMES.indexOf(name) + 2;
const answer = (name: string): MatchResponse => ({ count: 1, result: [{ confidence: 0.5, company: { company_id: `${name}-1`, name: `${name} GmbH` } }] });

let dir: string;
let feature: ReturnType<typeof createMatchFeature>;
let jobId: string;
let latest: BulkJobView | undefined;
const gates = new Map<string, () => void>();
const listeners = new Set<(v: BulkJobView) => void>();
const ctx = { signal: new AbortController().signal };

/** Lets the service answer for these companies now. */
async function release(...names: string[]) {
  for (const n of names) gates.get(n)!();
  await waitFor(() => expect(names.every((n) => !gates.has(n))).toBe(true));
}

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'fs-review-live-'));
  const profile = ProfileSchema.parse({ id: 'p1', name: 'P', kind: 'remote', authUrl: 'https://a.example', baseUrl: 'https://b.example', clientId: 'c' });
  const api = new FakeMatchApi((b) => answer(String(b.name)), 0);
  const match = api.match.bind(api);
  api.match = async (body, opts) => {
    const name = String((body as { name: string }).name);
    await new Promise<void>((resolve) => gates.set(name, () => (gates.delete(name), resolve())));
    return match(body, opts);
  };
  const { deps } = matchFeatureDeps({ api, profile, dir });
  const emit = ((g: string, n: string, v: BulkJobView) => {
    if (g !== 'match' || n !== 'bulkProgress') return;
    latest = v;
    listeners.forEach((l) => l(v));
  }) as typeof deps.emit;
  feature = createMatchFeature({ ...deps, emit });
  installReviewBridge(feature, listeners);
  const h = feature.handlers;
  // All eight rows in flight at once, each waiting for its gate.
  const started = await h.bulkStart({ csvText: ['Firm', ...NAMES].join('\n'), mapping: { name: 'Firm' }, concurrency: 8 }, ctx);
  jobId = started.id;
  latest = started;
  await waitFor(() => expect(gates.size).toBe(8));
});
afterEach(async () => {
  for (const open of [...gates.values()]) open();
  cleanup();
  listeners.clear();
  await feature.dispose?.();
  await rm(dir, { recursive: true, force: true });
});

function Live() {
  const [view, setView] = useState(latest!);
  useEffect(() => {
    listeners.add(setView);
    return () => void listeners.delete(setView);
  }, []);
  return <BulkReview job={view} />;
}
const mount = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <Live />
    </QueryClientProvider>,
  );
const grid = () => screen.getByRole('grid', { name: 'Review queue' });
const queueLines = () => within(grid()).getAllByRole('row').slice(1).map((r) => Number(r.children[0]!.textContent));
const highlighted = () => Number(grid().getAttribute('aria-activedescendant')!.split('-').at(-1));
const decisions = async () => Object.fromEntries((await feature.handlers.bulkRows({ id: jobId, offset: 0, limit: 20 }, ctx)).rows.map((r) => [r.line, r.decision]));

describe('review while answers arrive', () => {
  it('keys decide exactly the rows highlighted when they were pressed, whatever lands above the cursor', async () => {
    mount();
    await release('Dessau', 'Essen', 'Fulda', 'Gera');
    await waitFor(() => expect(queueLines()).toEqual([5, 6, 7, 8]));
    const pressed: Array<{ key: string; line: number }> = [];
    const key = async (k: string) => {
      pressed.push({ key: k, line: highlighted() });
      await act(async () => void fireEvent.keyDown(grid(), { key: k }));
    };
    await key('ArrowDown'); // 5 -> 6
    expect(highlighted()).toBe(6);
    // Two answers land above the cursor: the cursor stays on line 6, not on the row now at its position.
    await release('Aalen', 'Bonn');
    await waitFor(() => expect(queueLines()).toEqual([2, 3, 5, 6, 7, 8]));
    expect(highlighted()).toBe(6);
    await key('a'); // accepts 6; the cursor goes to 7
    await waitFor(() => expect(highlighted()).toBe(7));
    await release('Celle'); // lands above again
    await waitFor(() => expect(queueLines()).toEqual([2, 3, 4, 5, 7, 8]));
    await key('ArrowDown'); // 7 -> 8
    await release('Hagen'); // lands below
    await waitFor(() => expect(queueLines()).toEqual([2, 3, 4, 5, 7, 8, 9]));
    await key('r'); // rejects 8; the cursor goes to 9
    await key('ArrowUp'); // 9 -> 7
    await key('a'); // accepts 7

    const decidedBy = Object.fromEntries(pressed.filter((p) => p.key === 'a' || p.key === 'r').map((p) => [p.line, p.key === 'a' ? 'accepted' : 'rejected']));
    expect(decidedBy).toEqual({ 6: 'accepted', 8: 'rejected', 7: 'accepted' });
    await waitFor(async () => {
      const d = await decisions();
      for (const [line, decision] of Object.entries(decidedBy)) expect(d[line]).toBe(decision);
      // Every other row is still waiting: nothing was decided that the cursor was not on.
      for (const line of [2, 3, 4, 5, 9]) expect(d[line]).toBe('pending');
    });
  });

  it('a row decided elsewhere leaves the queue: the cursor moves to the next row and says so', async () => {
    mount();
    await release(...NAMES);
    await waitFor(() => expect(queueLines()).toEqual([2, 3, 4, 5, 6, 7, 8, 9]));
    await act(async () => void fireEvent.keyDown(grid(), { key: 'End' }));
    await act(async () => void fireEvent.keyDown(grid(), { key: 'ArrowUp' }));
    expect(highlighted()).toBe(8);
    // Another view (the rows table) accepts line 8: main's progress event brings the queue without it.
    await act(async () => void (await feature.handlers.bulkDecide({ id: jobId, line: lineOf('Gera'), action: 'accept' }, ctx)));
    await waitFor(() => expect(queueLines()).toEqual([2, 3, 4, 5, 6, 7, 9]));
    expect(highlighted()).toBe(9);
    // Said by an effect after the queue renders: on a busy machine it may land one tick later.
    await waitFor(() => expect(screen.getByText('Line 8 left the queue; now on line 9.')).toBeTruthy());
  });

  it('A, ↓, A, ↓, R decides exactly rows 2, 4 and 6; Ctrl+Z and U undo the last decisions one by one, the cursor back on each row', async () => {
    mount();
    await release(...NAMES);
    await waitFor(() => expect(queueLines()).toEqual([2, 3, 4, 5, 6, 7, 8, 9]));
    const key = async (k: string, mods: { ctrlKey?: boolean } = {}) => act(async () => void fireEvent.keyDown(grid(), { key: k, ...mods }));
    for (const k of ['a', 'ArrowDown', 'a', 'ArrowDown', 'r']) await key(k);
    await waitFor(async () => expect(await decisions()).toEqual({ 2: 'accepted', 3: 'pending', 4: 'accepted', 5: 'pending', 6: 'rejected', 7: 'pending', 8: 'pending', 9: 'pending' }));
    await waitFor(() => expect(queueLines()).toEqual([3, 5, 7, 8, 9]));
    expect(highlighted()).toBe(7);

    await key('z', { ctrlKey: true });
    await waitFor(async () => expect((await decisions())[6]).toBe('pending'));
    await waitFor(() => expect(queueLines()).toEqual([3, 5, 6, 7, 8, 9]));
    expect(highlighted()).toBe(6);
    expect(screen.getByText('Undone: line 6 is as the threshold decides again.')).toBeTruthy();
    await key('u');
    await waitFor(async () => expect(await decisions()).toMatchObject({ 2: 'accepted', 4: 'pending', 6: 'pending' }));
    await waitFor(() => expect(queueLines()).toEqual([3, 4, 5, 6, 7, 8, 9]));
    expect(highlighted()).toBe(4);
  });
});
