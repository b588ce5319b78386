import { z } from 'zod';
import { fn, group } from '../define';

/** Screens whose working state (conditions, inputs, columns, page viewed) outlives a restart. */
export const PERSISTED_SCREENS = ['search', 'esg', 'match'] as const;
export type PersistedScreen = (typeof PERSISTED_SCREENS)[number];

/** Upper bound for one screen's saved state (JSON text); the renderer trims before it gets here. */
export const SCREEN_STATE_MAX_CHARS = 128 * 1024;

const ProfileId = z.string().min(1).max(200);

/** Any JSON value whose text fits the cap; the renderer owns (and validates) the shape per screen. */
const ScreenStateValue = z.unknown().superRefine((v, ctx) => {
  let text: string | undefined;
  try {
    text = JSON.stringify(v);
  } catch {
    text = undefined;
  }
  if (text === undefined) ctx.addIssue({ code: 'custom', message: 'The screen state must be plain JSON.' });
  else if (text.length > SCREEN_STATE_MAX_CHARS) {
    ctx.addIssue({ code: 'custom', message: `The screen state is larger than ${SCREEN_STATE_MAX_CHARS} characters.` });
  }
});

export const uiStateGroup = group({
  fns: {
    /** The saved state of every screen for one profile ({} when nothing was saved). */
    load: fn(z.object({ profileId: ProfileId })).returns<Partial<Record<PersistedScreen, unknown>>>(),
    /** Replaces one screen's saved state for one profile; `null` forgets it. */
    save: fn(z.object({ profileId: ProfileId, screen: z.enum(PERSISTED_SCREENS), state: ScreenStateValue.nullable() })).returns<void>(),
  },
  events: {},
});
