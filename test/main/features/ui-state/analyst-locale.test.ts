// The analyst's locale (issue 39 #5): "system" by default (this computer's), a chosen tag otherwise,
// kept in the settings file; main's own sentences follow it at once, and a tag Intl does not know
// is refused at the bridge with a sentence.
import { afterEach, describe, expect, it } from 'vitest';
import { uiStateGroup } from '../../../../src/shared/bridge/groups/ui-state';
import { createUiStateHandlers } from '../../../../src/main/features/ui-state/ui-state-handlers';
import { sentenceCount, setSentenceLocale } from '../../../../src/shared/sentence-numbers';
import { LimitError } from '../../../../src/shared/limits';
import { ctx, memorySettings } from '../search/fake-deps';

afterEach(() => setSentenceLocale('en-US'));

describe('analyst locale', () => {
  it('is this computer’s by default, and main’s sentences are written in it', async () => {
    const h = createUiStateHandlers(memorySettings(), Date.now, () => 'de-DE');
    expect(await h.locale(undefined, ctx())).toEqual({ chosen: 'system', system: 'de-DE', effective: 'de-DE' });
    expect(sentenceCount(25_155)).toBe('25.155');
    expect(new LimitError('The file', 1_000_000, 'bytes').message).toBe('The file is over the limit of 1.000.000 bytes.');
  });

  it('a chosen locale is kept in the settings file and wins over the computer’s, for main’s sentences too', async () => {
    const settings = memorySettings();
    const h = createUiStateHandlers(settings, Date.now, () => 'de-DE');
    const set = uiStateGroup.fns.setLocale.input.parse({ locale: 'en-GB' });
    expect(await h.setLocale(set, ctx())).toEqual({ chosen: 'en-GB', system: 'de-DE', effective: 'en-GB' });
    expect(sentenceCount(25_155)).toBe('25,155');
    // A new core on the same settings starts in the chosen locale.
    setSentenceLocale('fr-FR');
    const again = createUiStateHandlers(settings, Date.now, () => 'de-DE');
    expect((await again.locale(undefined, ctx())).effective).toBe('en-GB');
    expect(sentenceCount(25_155)).toBe('25,155');
    await h.setLocale(uiStateGroup.fns.setLocale.input.parse({ locale: 'system' }), ctx());
    expect(sentenceCount(25_155)).toBe('25.155');
  });

  it('refuses a tag that is not a language and region, in words', () => {
    const r = uiStateGroup.fns.setLocale.input.safeParse({ locale: 'not a locale!' });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]!.message).toBe('Choose a language and region such as de-DE, or "system"');
  });
});
