import { z } from 'zod';
import { fn, group } from '../define';
import { ID_MAX_CHARS, jsonWithin } from '../../limits';
import { LocaleChoiceSchema, type AnalystLocale } from '../../locale';

/** Screens whose working state (conditions, inputs, columns, page viewed, open list, inbox filters) outlives a restart. */
export const PERSISTED_SCREENS = ['search', 'esg', 'match', 'lists', 'watches'] as const;
export type PersistedScreen = (typeof PERSISTED_SCREENS)[number];

/** Upper bound for one screen's saved state (JSON text); the renderer trims before it gets here. */
export const SCREEN_STATE_MAX_CHARS = 64 * 1024;

const ProfileId = z.string().min(1).max(ID_MAX_CHARS);
/** Any JSON value whose text fits the cap; the renderer owns (and validates) the shape per screen. */
const ScreenStateValue = jsonWithin(SCREEN_STATE_MAX_CHARS, 'The screen state');

export const uiStateGroup = group({
  fns: {
    /** The saved state of every screen for one profile ({} when nothing was saved). */
    load: fn(z.object({ profileId: ProfileId })).returns<Partial<Record<PersistedScreen, unknown>>>(),
    /** Replaces one screen's saved state for one profile; `null` forgets it. */
    save: fn(z.object({ profileId: ProfileId, screen: z.enum(PERSISTED_SCREENS), state: ScreenStateValue.nullable() })).returns<void>(),
    /** The analyst's locale: chosen ("system" by default), this computer's, and the one in force. */
    locale: fn(z.void()).returns<AnalystLocale>(),
    /** Sets it for every screen and for main's sentences (the page reloads to take it up everywhere). */
    setLocale: fn(z.object({ locale: LocaleChoiceSchema })).returns<AnalystLocale>(),
  },
  events: {},
});
