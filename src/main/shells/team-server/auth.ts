// Who a team server request comes from: the member its "Authorization: Bearer <member token>" names.
import { AppError } from '../../../shared/errors';
import type { Member, TeamCore } from '../compose/create-team-core';

/** The member whose token the request carries; a refusal is a 401 (or a 429 while the source waits). */
export async function authenticated(core: TeamCore, req: { headers: { authorization?: string }; ip: string }): Promise<Member> {
  const header = req.headers.authorization ?? '';
  const m = /^Bearer (\S+)$/.exec(header);
  if (!m) throw new AppError('unauthorized', 'Sign in first: this call needs "Authorization: Bearer <member token>".');
  return core.members.authenticate(m[1]!, req.ip);
}
