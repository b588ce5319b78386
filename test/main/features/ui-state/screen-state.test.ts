import { describe, expect, it } from 'vitest';
import { uiStateGroup, SCREEN_STATE_MAX_CHARS } from '../../../../src/shared/bridge/groups/ui-state';
import { createUiStateHandlers } from '../../../../src/main/features/ui-state/ui-state-handlers';
import { SCREEN_STATE_KEY, SCREEN_STATE_MAX_PROFILES } from '../../../../src/main/features/ui-state/screen-state-store';
import { ctx, memorySettings } from '../search/fake-deps';

function setup() {
  const settings = memorySettings();
  let clock = 0;
  const h = createUiStateHandlers(settings, () => ++clock);
  const save = (input: unknown) => h.save(uiStateGroup.fns.save.input.parse(input), ctx());
  const load = (profileId: string) => h.load(uiStateGroup.fns.load.input.parse({ profileId }), ctx());
  return { settings, save, load };
}

describe('screen state per profile', () => {
  it('keeps each screen of each profile apart, replaces on save and forgets on null', async () => {
    const { save, load } = setup();
    await save({ profileId: 'a', screen: 'search', state: { pageSize: '25' } });
    await save({ profileId: 'a', screen: 'esg', state: { companyId: 'c1' } });
    await save({ profileId: 'b', screen: 'search', state: { pageSize: '7' } });
    await save({ profileId: 'a', screen: 'search', state: { pageSize: '50' } });
    expect(await load('a')).toEqual({ search: { pageSize: '50' }, esg: { companyId: 'c1' } });
    expect(await load('b')).toEqual({ search: { pageSize: '7' } });
    expect(await load('nobody')).toEqual({});
    await save({ profileId: 'a', screen: 'esg', state: null });
    expect(await load('a')).toEqual({ search: { pageSize: '50' } });
  });

  it('refuses a state above the size cap and keeps the previous one', async () => {
    const { save, load } = setup();
    await save({ profileId: 'a', screen: 'match', state: { fields: { name: 'x' } } });
    expect(() => uiStateGroup.fns.save.input.parse({ profileId: 'a', screen: 'match', state: { text: 'x'.repeat(SCREEN_STATE_MAX_CHARS) } })).toThrow(
      /over the limit/,
    );
    expect(() => uiStateGroup.fns.save.input.parse({ profileId: 'a', screen: 'elsewhere', state: {} })).toThrow();
    expect(await load('a')).toEqual({ match: { fields: { name: 'x' } } });
  });

  it('remembers a bounded number of profiles, dropping the least recently saved', async () => {
    const { save, load, settings } = setup();
    for (let i = 0; i < SCREEN_STATE_MAX_PROFILES + 3; i++) await save({ profileId: `p${i}`, screen: 'search', state: { i } });
    expect(Object.keys(settings.data.get(SCREEN_STATE_KEY) as object)).toHaveLength(SCREEN_STATE_MAX_PROFILES);
    expect(await load('p0')).toEqual({});
    expect(await load(`p${SCREEN_STATE_MAX_PROFILES + 2}`)).toEqual({ search: { i: SCREEN_STATE_MAX_PROFILES + 2 } });
  });
});
