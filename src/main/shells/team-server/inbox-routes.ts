// The team inbox's routes: GET /v1/inbox (a page of checks with changes, newest first, read or not
// by the asking member, and their unread total), POST /v1/inbox/read ({checkIds} or {all, before})
// and POST /v1/inbox/unread ({checkIds}). Marks are the asking member's only.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../../shared/errors';
import { InboxQuerySchema, InboxReadSchema, InboxUnreadSchema } from '../../../shared/team/inbox';
import type { Member, TeamCore } from '../compose/create-team-core';
import { authenticated } from './auth';

export function registerInboxRoutes(app: FastifyInstance, core: TeamCore): void {
  const members = new WeakMap<FastifyRequest, Member>();
  const member = (req: FastifyRequest): Member => members.get(req)!;
  const inbox = () => {
    if (!core.watches) throw new AppError('not_configured', 'This server does not run watches.');
    return core.watches.inbox;
  };

  void app.register(async (r) => {
    r.addHook('onRequest', async (req) => {
      members.set(req, await authenticated(core, req));
    });
    r.get('/v1/inbox', async (req) => inbox().page(member(req).id, InboxQuerySchema.parse(req.query)));
    r.post('/v1/inbox/read', async (req) => {
      const input = InboxReadSchema.parse(req.body);
      return 'all' in input ? inbox().markAllRead(member(req).id, new Date(input.before)) : inbox().markRead(member(req).id, input.checkIds);
    });
    r.post('/v1/inbox/unread', async (req) => inbox().markUnread(member(req).id, InboxUnreadSchema.parse(req.body).checkIds));
  });
}
