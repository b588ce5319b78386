// The Team connection: a team server (src/main/shells/team-server) the analyst is a member of.
import { z } from 'zod';
import { event, fn, group } from '../define';
import { TeamConnectInputSchema, type TeamStatus } from '../../team/connection';

export const teamGroup = group({
  fns: {
    /** The connection as last known (no request). */
    status: fn(z.void()).returns<TeamStatus>(),
    /** Redeems an invite code at a server: the member token goes to the OS keychain, bound to that server. */
    connect: fn(TeamConnectInputSchema).returns<TeamStatus>(),
    /** Asks the server now who the token belongs to. */
    check: fn(z.void()).returns<TeamStatus>(),
    /** Forgets the server and the token on this computer (the member stays on the server). */
    disconnect: fn(z.void()).returns<TeamStatus>(),
  },
  events: {
    changed: event<TeamStatus>(),
  },
});
