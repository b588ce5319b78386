import { z } from 'zod';
import { event, fn, group } from '../define';
import { ProfileInputSchema, type ConnectionStatus, type ProfileView, type TestReport } from '../../profile';

/** A CA file main's dialog opened: an opaque handle for saveProfile and the name to show. */
export interface PickedCaFile {
  caFileHandle: string;
  fileName: string;
}

const ProfileId = z.object({ id: z.string().min(1).max(64) });

export const profilesGroup = group({
  fns: {
    listProfiles: fn(z.void()).returns<{ profiles: ProfileView[]; activeId: string | null }>(),
    /** The secret goes in and never comes back out. Omit it to keep the stored one. */
    saveProfile: fn(
      z.object({
        profile: ProfileInputSchema,
        secret: z.string().min(1).max(4096).optional(),
        /** The profile's proxy password (Settings → Network); same rules as the secret. */
        proxyPassword: z.string().min(1).max(4096).optional(),
        /** Desktop app: the CA file chosen with pickCaFile; it replaces network.caFile (the page never sends a path there). */
        caFileHandle: z.uuid().optional(),
      }),
    ).returns<ProfileView>(),
    /** Desktop app: main's own open dialog for the company CA file; null = cancelled. Browser mode refuses (type the path). */
    pickCaFile: fn(z.void()).returns<PickedCaFile | null>(),
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
