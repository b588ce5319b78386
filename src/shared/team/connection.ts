// The desktop's Team connection as the page sees it: where the team server is, who the analyst is
// there, and whether it answers. The member token never crosses the bridge: main keeps it in the
// OS keychain, bound to the server URL and CA file it was issued through.
import { z } from 'zod';
import { serviceUrl } from '../profile';
import { INVITE_CODE_PATTERN, type TeamMember } from './api';

/** Connect = redeem a one-time invite code at a server (a new invite is the only way to move). */
export const TeamConnectInputSchema = z.object({
  serverUrl: serviceUrl,
  inviteCode: z
    .string()
    .trim()
    .regex(INVITE_CODE_PATTERN, 'Paste the whole invite code your team admin sent: it starts with fsi_ and is 64 characters long.'),
  /** A company CA (PEM) the server's certificate is signed with; empty: the built-in trust only. */
  caFile: z.string().trim().max(4096, 'A path can be at most 4096 characters').default(''),
});
export type TeamConnectInput = z.input<typeof TeamConnectInputSchema>;

/**
 * - `none`: no team server set up (the app works alone, as always).
 * - `connected`: the server answered the member token at `checkedAt`.
 * - `unreachable`: the last try did not reach the server (or it failed): local work goes on, the token stays.
 * - `signed_out`: the server refused the token (revoked, expired) or it cannot be sent where it was
 *   issued for: the token is gone and is not sent again; a new invite reconnects.
 */
export type TeamState = 'none' | 'connected' | 'unreachable' | 'signed_out';

export interface TeamStatus {
  state: TeamState;
  serverUrl: string | null;
  caFile: string;
  member: TeamMember | null;
  /** When the member token stops being valid (ISO), if known. */
  tokenExpiresAt: string | null;
  /** Last time the server was asked (epoch ms). */
  checkedAt: number | null;
  /** What the analyst can do, in words (unreachable, signed out). */
  message: string | null;
}

export const NO_TEAM: TeamStatus = { state: 'none', serverUrl: null, caFile: '', member: null, tokenExpiresAt: null, checkedAt: null, message: null };
