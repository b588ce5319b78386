// The team server's HTTP answers, written once for the server (src/main/shells/team-server) and the
// desktop's Team connection (src/main/features/team), so both read the same shapes.
import { z } from 'zod';

export const TeamMemberSchema = z.object({
  id: z.string().min(1).max(100),
  name: z.string().min(1).max(200),
  email: z.string().max(320).nullable(),
  role: z.enum(['admin', 'member']),
});
export type TeamMember = z.infer<typeof TeamMemberSchema>;

/** POST /v1/invites/redeem `{ code }`. */
export const RedeemAnswerSchema = z.object({
  token: z.string().min(1).max(300),
  expiresAt: z.iso.datetime(),
  member: TeamMemberSchema,
});
export type RedeemAnswer = z.infer<typeof RedeemAnswerSchema>;

/** GET /v1/me. */
export const MeAnswerSchema = z.object({ member: TeamMemberSchema });

/** Every refusal: `{ error: { code, message } }` with a sentence a member can act on. */
export const TeamErrorAnswerSchema = z.object({ error: z.object({ code: z.string(), message: z.string() }) });

/** An invite code or member token as the server issues them (features/members/credentials.ts). */
export const INVITE_CODE_PATTERN = /^fsi_[0-9a-f]{16}_[A-Za-z0-9_-]{43}$/;
