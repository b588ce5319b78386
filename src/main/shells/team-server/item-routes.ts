// The team items' routes (issue 37): GET/POST /v1/items, GET/PUT/DELETE /v1/items/:id. The member
// is authenticated as the request arrives, before its body is read, so only members can make the
// server read an item-sized body (TEAM_ITEM_BODY_MAX_BYTES; every other call takes 16 KiB).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { TEAM_ITEM_BODY_MAX_BYTES } from '../../../shared/team/items';
import type { Member, TeamCore } from '../compose/create-team-core';
import { authenticated } from './auth';

type ById = { Params: { id: string } };

export function registerItemRoutes(app: FastifyInstance, core: TeamCore): void {
  const members = new WeakMap<FastifyRequest, Member>();
  const member = (req: FastifyRequest): Member => members.get(req)!;
  const big = { bodyLimit: TEAM_ITEM_BODY_MAX_BYTES };

  void app.register(async (items) => {
    items.addHook('onRequest', async (req) => {
      members.set(req, await authenticated(core, req));
    });

    items.get('/v1/items', async (req) => ({ items: await core.items.list(member(req)) }));

    items.post('/v1/items', big, async (req, reply) => reply.status(201).send({ item: await core.items.share(member(req), req.body) }));

    items.get<ById>('/v1/items/:id', async (req) => ({ item: await core.items.get(member(req), req.params.id) }));

    // The body is the whole item again and the version it was edited from.
    items.put<ById>('/v1/items/:id', big, async (req) => {
      const { version, ...item } = isRecord(req.body) ? req.body : {};
      return { item: await core.items.update(member(req), req.params.id, item, version) };
    });

    items.delete<ById>('/v1/items/:id', async (req, reply) => {
      await core.items.remove(member(req), req.params.id);
      return reply.status(204).send();
    });
  });
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}
