// An automatic search check pages at once when the profile is quiet, and waits while anyone else's
// requests are let through or wait, until they have been quiet for QUIET_MS.
import { expect, it } from 'vitest';
import { BACKGROUND_SHARE, politeApi, QUIET_MS } from '../../../../src/main/features/watches/polite-api';
import { companies, fakeSearch } from './helpers/fake-search';

const BODY = { filters: { and: [{ attribute: 'country', relation: 'equals', value: 'DE' }] } };

function world(requestsPerSecond: number | null = null) {
  const svc = fakeSearch(companies(10));
  let t = 0;
  const limiter = { granted: 0, waiting: 0 };
  const sleeps: number[] = [];
  /** What others do while the check sleeps, by the time it wakes up. */
  let others: (t: number) => void = () => {};
  // The check's own requests are let through as they are sent.
  const counted = { ...svc.api, search: (req: Parameters<typeof svc.api.search>[0], o?: Parameters<typeof svc.api.search>[1]) => (limiter.granted++, svc.api.search(req, o)) };
  const api = politeApi(counted, {
    budget: () => ({ ...limiter, requestsPerSecond }),
    now: () => t,
    sleep: async (ms) => {
      sleeps.push(ms);
      t += ms;
      others(t);
    },
  });
  return { api, limiter, sleeps, setOthers: (f: (t: number) => void) => (others = f), advance: (ms: number) => (t += ms) };
}

it('goes at once when nobody else uses the profile', async () => {
  const w = world();
  for (let i = 0; i < 5; i++) await w.api.search({ body: BODY, pageSize: 200 });
  expect(w.sleeps).toEqual([]);
});

it('uses at most BACKGROUND_SHARE of the profile pace, so the burst credit stays for the analyst', async () => {
  const w = world(10);
  for (let i = 0; i < 4; i++) await w.api.search({ body: BODY, pageSize: 200 });
  expect(w.sleeps).toEqual([1, 2, 3].map(() => 1000 / (10 * BACKGROUND_SHARE)));
});

it('waits while others are let through or wait, and goes once they were quiet for QUIET_MS', async () => {
  const w = world();
  await w.api.search({ body: BODY, pageSize: 200 });
  // Someone else's requests until t = 400 (one each 50 ms), then nothing.
  w.setOthers((t) => {
    if (t <= 400) w.limiter.granted++;
  });
  w.limiter.granted++;
  await w.api.search({ body: BODY, pageSize: 200 });
  // It looks every QUIET_MS: others' requests seen at t = 0 and 250 hold it; at 500 they were quiet for QUIET_MS.
  expect(QUIET_MS).toBe(250);
  expect(w.sleeps).toEqual([250, 250]);

  // A waiter of another caller holds it too.
  w.sleeps.length = 0;
  w.limiter.waiting = 1;
  w.setOthers((t) => {
    if (t >= 1000) w.limiter.waiting = 0;
  });
  await w.api.search({ body: BODY, pageSize: 200 });
  expect(w.sleeps.length).toBeGreaterThan(0);
});

it('stops waiting when the check is stopped', async () => {
  const w = world();
  await w.api.search({ body: BODY, pageSize: 200 });
  w.limiter.waiting = 1;
  const ac = new AbortController();
  w.setOthers(() => ac.abort());
  await expect(w.api.search({ body: BODY, pageSize: 200 }, { signal: ac.signal })).rejects.toMatchObject({ code: 'cancelled' });
});
