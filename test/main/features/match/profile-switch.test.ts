// A bulk match keeps running when the analyst switches connection profile, but its progress belongs
// to the profile that started it: the other profile's list never receives it, and it shows again
// (with every row done) once the analyst switches back.
import { stringify } from 'csv-stringify/sync';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ApiClient } from '../../../../src/main/platform/api/types';
import { createMatchFeature } from '../../../../src/main/features/match/feature';
import type { BulkJobView } from '../../../../src/shared/bridge/groups/match';
import { ProfileSchema, type Profile } from '../../../../src/shared/profile';
import { startSandbox, type SandboxHandle } from '../../../../src/sandbox/server';
import { testWorkspacePort } from '../../../helpers/workspace';
import { matchFeatureDeps, realClient, sandboxDeps } from './helpers/sandbox-deps';

const ctx = { signal: new AbortController().signal };
/** The service's answer time (simulated latency), not a wait before an assertion. */
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
let sb: SandboxHandle;
beforeAll(async () => {
  sb = await startSandbox({ companies: 500, seed: 12 });
});
afterAll(async () => {
  await sb?.close();
});

it("another profile's running bulk match sends no progress into the shown profile's list", async () => {
  const { dir } = await sandboxDeps(sb);
  const profile = (id: string, name: string): Profile =>
    ProfileSchema.parse({ id, name, kind: 'sandbox', authUrl: sb.authUrl, baseUrl: sb.baseUrl, clientId: sb.control.clients.analyst.id });
  const first = profile('sandbox', 'Sandbox');
  const second = profile('second', 'Second');
  let active = first;
  const client = realClient(sb);
  // Slow enough that the job is still running after the switch.
  // Rows answered, told as each one is.
  let answered = 0;
  const answers = new EventTarget();
  const answeredAtLeast = (n: number) =>
    new Promise<void>((resolve) => {
      const check = () => void (answered >= n && (answers.removeEventListener('answer', check), resolve()));
      answers.addEventListener('answer', check);
      check();
    });
  const api: ApiClient = {
    ...client,
    match: async (body, opts) => {
      await sleep(40);
      const r = await client.match(body, opts);
      answered++;
      answers.dispatchEvent(new Event('answer'));
      return r;
    },
  };
  const { deps, events, until } = matchFeatureDeps({ api, profile: first, dir });
  const feature = createMatchFeature({ ...deps, activeProfile: () => active, workspace: testWorkspacePort(dir, () => active.id) });
  const firms = sb.control.dataset.companies.slice(0, 30);
  const started = await feature.handlers.bulkStart(
    { csvText: stringify([['Company', 'Country'], ...firms.map((c) => [c.name, c.country])]), fileName: 'firms.csv', mapping: { name: 'Company', country: 'Country' }, concurrency: 1 },
    ctx,
  );
  const ofJob = () => events.filter((e: BulkJobView) => e.id === started.id);
  await until((e) => e.id === started.id);

  active = second;
  const atSwitch = ofJob().length;
  expect(await feature.handlers.bulkJobs(undefined, ctx)).toEqual([]);
  // The job matches on: 5 rows of 40 ms each span two progress intervals, none of which reaches this profile.
  await answeredAtLeast(answered + 5);
  expect(ofJob().length).toBe(atSwitch);

  active = first;
  const back = await feature.handlers.bulkJobs(undefined, ctx);
  expect(back.map((j) => j.id)).toEqual([started.id]);
  expect(back[0]!.done).toBeGreaterThan(ofJob().at(-1)?.done ?? 0);
  await until((e) => e.id === started.id && e.state === 'done');
  expect(ofJob().at(-1)?.done).toBe(30);
  await feature.dispose?.();
}, 60_000);
