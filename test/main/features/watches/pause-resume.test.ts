// Issue 36 #9: Pause and Resume send `paused` alone. Through the bridge (the dispatcher parses the
// input with the table's schema, as both shells do) they change nothing else: a watch set to check at
// start with a threshold of 12 points keeps both.
import { expect, it } from 'vitest';
import { createDispatcher } from '../../../../src/main/platform/bridge/dispatcher';
import { fnChannel } from '../../../../src/shared/bridge/define';
import { watchesGroup } from '../../../../src/shared/bridge/groups/watches';
import type { WatchTarget } from '../../../../src/shared/watches/watches';
import { companies, fakeSearch } from './helpers/fake-search';
import { tempDataDir, watchWorld } from './helpers/world';

const ctx = { signal: new AbortController().signal };

it('Pause and Resume keep Check at start and the score threshold', async () => {
  const svc = fakeSearch(companies(10));
  const w = watchWorld({ dataDir: tempDataDir(), api: async () => svc.api });
  const bridge = createDispatcher({ watches: watchesGroup }, { watches: w.watches.handlers });
  const update = async (input: unknown) => {
    const r = await bridge.call(fnChannel('watches', 'update'), input, ctx);
    if (!r.ok) throw new Error(r.error.message);
    return r.value;
  };
  try {
    const { list } = w.lists.store('sandbox').createList({ name: 'Portfolio', companies: [{ companyId: 'a', name: 'A' }] });
    const target: WatchTarget = { kind: 'list', listId: list.id, modules: ['scores'] };
    const watch = await w.call.create({ name: 'Portfolio', target, schedule: { kind: 'daily', at: '07:30' }, checkAtStart: true, scoreThreshold: 12 });
    const settings = { name: 'Portfolio', target, schedule: { kind: 'daily', at: '07:30' }, checkAtStart: true, scoreThreshold: 12 };

    expect(await update({ id: watch.id, paused: true })).toMatchObject({ ...settings, paused: true });
    expect(await update({ id: watch.id, paused: false })).toMatchObject({ ...settings, paused: false });
    expect(await update({ id: watch.id, name: 'Portfolio A' })).toMatchObject({ ...settings, name: 'Portfolio A' });
    expect((await w.call.all())[0]).toMatchObject({ ...settings, name: 'Portfolio A', paused: false });
  } finally {
    await w.close();
  }
});
