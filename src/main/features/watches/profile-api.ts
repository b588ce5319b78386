// A watch's requests go to its own profile's service, with its own token, or nowhere (issue 36 #2):
// each call asks for that profile's client afresh, so a check that outlives a profile switch is
// refused at its next request instead of sending the watch's search to the profile now active.
import type { ApiClient } from '../../platform/api/types';

/** The client of one profile; rejects (not_configured) while another profile is active. */
export type ProfileClient = (profileId: string) => Promise<ApiClient>;

/** An ApiClient whose every call goes through `clientOf(profileId)` at the moment it is sent. */
export function boundClient(clientOf: ProfileClient, profileId: string): ApiClient {
  const api = () => clientOf(profileId);
  return {
    search: async (req, co) => (await api()).search(req, co),
    esgModule: async (req, co) => (await api()).esgModule(req, co),
    processingStatus: async (id, co) => (await api()).processingStatus(id, co),
    match: async (body, co) => (await api()).match(body, co),
  };
}

/** The note of a check that waits for its own profile to be active again. */
export const WAITING_FOR_PROFILE = 'Waiting for its connection profile: another profile was chosen, so this check goes on when its own profile is active again.';
