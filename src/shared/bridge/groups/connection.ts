import { z } from 'zod';
import { event, fn, group } from '../define';
import { ProfileInputSchema, type ConnectionStatus, type ProfileView, type TestReport } from '../../profile';

const ProfileId = z.object({ id: z.string().min(1).max(64) });

export const connectionGroup = group({
  fns: {
    listProfiles: fn(z.void()).returns<{ profiles: ProfileView[]; activeId: string | null }>(),
    /** The secret goes in and never comes back out. Omit it to keep the stored one. */
    saveProfile: fn(
      z.object({
        profile: ProfileInputSchema,
        secret: z.string().min(1).max(4096).optional(),
        /** The profile's proxy password (Settings → Network); same rules as the secret. */
        proxyPassword: z.string().min(1).max(4096).optional(),
      }),
    ).returns<ProfileView>(),
    deleteProfile: fn(ProfileId).returns<void>(),
    activate: fn(ProfileId).returns<ConnectionStatus>(),
    status: fn(z.void()).returns<ConnectionStatus>(),
    testConnection: fn(ProfileId).returns<TestReport>(),
    signOut: fn(z.void()).returns<ConnectionStatus>(),
  },
  events: {
    statusChanged: event<ConnectionStatus>(),
  },
});
