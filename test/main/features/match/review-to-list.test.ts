// "Add accepted to list": only accepted rows (auto-accepted, accepted, picked: the chosen company)
// join a list, new or existing, through the lists feature's main-side store (real SQLite).
import { mkdtemp, rm } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProfileSchema } from '../../../../src/shared/profile';
import type { MatchResponse } from '../../../../src/shared/service/schemas';
import { createListsFeature } from '../../../../src/main/features/lists/feature';
import { createMatchFeature } from '../../../../src/main/features/match/feature';
import { FakeMatchApi, miss } from './fake-api';
import { matchFeatureDeps } from './helpers/sandbox-deps';

const ids = new Map<string, string>();
const idOf = (key: string) => ids.get(key) ?? (ids.set(key, randomUUID()), ids.get(key)!);
const CONF: Record<string, number> = { High: 0.95, Twin: 0.9, Mid: 0.7, Low: 0.45, Wait: 0.5 };
function answer(name: string): MatchResponse {
  if (!(name in CONF)) return miss;
  // "Twin" is the same company as "High": a company joins a list once.
  const best = name === 'Twin' ? 'High' : name;
  return {
    count: 2,
    result: [
      { confidence: CONF[name]!, company: { company_id: idOf(best), name: `${best} Ltd`, country: 'DE', employees: 10 } },
      { confidence: CONF[name]! - 0.2, company: { company_id: idOf(`${name}-alt`), name: `${name} Alt`, country: 'FR' } },
    ],
  };
}
const TEXT = ['Firm', 'High', 'Twin', 'Mid', 'Low', 'Wait', 'Nobody'].join('\n');

describe('bulk match review: add accepted rows to a list', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'fs-review-list-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('creates a list from accepted rows only, then adds to an existing one without duplicates', async () => {
    const profile = ProfileSchema.parse({ id: 'p1', name: 'P', kind: 'remote', authUrl: 'https://a.example', baseUrl: 'https://b.example', clientId: 'c' });
    const { deps, finished } = matchFeatureDeps({ api: new FakeMatchApi((b) => answer(String(b.name))), profile, dir });
    const lists = createListsFeature(deps);
    const feature = createMatchFeature(deps, { lists });
    const ctx = { signal: new AbortController().signal };
    const { id } = await feature.handlers.bulkStart({ csvText: TEXT, mapping: { name: 'Firm' }, concurrency: 2 }, ctx);
    expect(await finished(id)).toMatchObject({ state: 'done' });

    // Lines: 2 High (auto), 3 Twin (auto, same company), 4 Mid (pick alt), 5 Low (reject), 6 Wait (pending), 7 Nobody (no match).
    await feature.handlers.bulkDecide({ id, line: 4, action: 'pick', companyId: idOf('Mid-alt') }, ctx);
    await feature.handlers.bulkDecide({ id, line: 5, action: 'reject' }, ctx);
    const made = await feature.handlers.bulkAddToList({ id, target: { newName: 'Matched suppliers' } }, ctx);
    expect(made).toMatchObject({ list: { name: 'Matched suppliers', memberCount: 2 }, added: 2, alreadyIn: 1, rejected: 1, pending: 1 });
    const members = lists.activeStore().listMembers(made.list.id);
    expect(members.map((m) => [m.companyId, m.name, m.country])).toEqual([
      [idOf('High'), 'High Ltd', 'DE'],
      [idOf('Mid-alt'), 'Mid Alt', 'FR'],
    ]);
    // The best candidate brings its record (fields beyond the name), a picked one its name and country.
    expect(members[0]!.record).toMatchObject({ employees: 10 });

    // Accept the pending one and add again: only it is new.
    await feature.handlers.bulkDecide({ id, line: 6, action: 'accept' }, ctx);
    const again = await feature.handlers.bulkAddToList({ id, target: { listId: made.list.id } }, ctx);
    expect(again).toMatchObject({ added: 1, alreadyIn: 3, pending: 0, list: { memberCount: 3 } });
    expect(lists.activeStore().memberIds(made.list.id)).not.toContain(idOf('Low'));

    // A taken name is said next to the name field; nothing accepted is explained.
    await expect(feature.handlers.bulkAddToList({ id, target: { newName: 'matched SUPPLIERS' } }, ctx)).rejects.toMatchObject({ code: 'invalid_input', details: { field: 'name' } });
    await feature.handlers.bulkSetThreshold({ id, threshold: 1 }, ctx);
    for (const line of [2, 3, 4, 6]) await feature.handlers.bulkDecide({ id, line, action: 'reject' }, ctx);
    await expect(feature.handlers.bulkAddToList({ id, target: { listId: made.list.id } }, ctx)).rejects.toThrow(/No row is accepted yet/);
    await feature.dispose?.();
  });

  it('a Gewicht column gives the companies their weights; a bad one is named by its line and that company joins without one', async () => {
    const profile = ProfileSchema.parse({ id: 'p1', name: 'P', kind: 'remote', authUrl: 'https://a.example', baseUrl: 'https://b.example', clientId: 'c' });
    const { deps, finished } = matchFeatureDeps({ api: new FakeMatchApi((b) => answer(String(b.name))), profile, dir });
    const lists = createListsFeature(deps);
    const feature = createMatchFeature(deps, { lists });
    const ctx = { signal: new AbortController().signal };
    const csv = ['Firm;Gewicht', 'High;12,5 %', 'Mid;-3', 'Wait;abc', 'Low;7'].join('\n');
    const { id } = await feature.handlers.bulkStart({ csvText: csv, mapping: { name: 'Firm' }, concurrency: 2 }, ctx);
    expect(await finished(id)).toMatchObject({ state: 'done' });
    for (const line of [3, 4, 5]) await feature.handlers.bulkDecide({ id, line, action: 'accept' }, ctx);
    const made = await feature.handlers.bulkAddToList({ id, target: { newName: 'Weighted' } }, ctx);
    expect(made.list.weighting).toBe('given');
    expect(made.weightProblems).toEqual([
      'Line 3: A weight cannot be negative: type 0 or more; the company joined without a weight.',
      'Line 4: “abc” is not a number: type a weight such as 2.5; the company joined without a weight.',
    ]);
    const weights = new Map(lists.activeStore().listMembers(made.list.id).map((m) => [m.name, m.weight]));
    expect(Object.fromEntries(weights)).toEqual({ 'High Ltd': 12.5, 'Mid Ltd': null, 'Wait Ltd': null, 'Low Ltd': 7 });
    await feature.dispose?.();
  });
});
