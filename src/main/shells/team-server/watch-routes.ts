// The team watches' routes: GET/POST /v1/watches, POST /v1/watches/:id/check,
// GET /v1/watches/:id/changes, PUT /v1/watches/:id/rules, DELETE /v1/watches/:id. Every member sees
// and checks the team's watches; the one who made a watch, or an admin, changes its rules or removes it.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../../shared/errors';
import { TeamWatchInputSchema, TeamWatchRulesInputSchema } from '../../../shared/team/watches';
import type { Member, TeamCore } from '../compose/create-team-core';
import { authenticated } from './auth';

type ById = { Params: { id: string } };
const Uuid = z.uuid();
const CheckQuery = z.object({ check: z.coerce.number().int().positive().optional() });

export function registerWatchRoutes(app: FastifyInstance, core: TeamCore): void {
  const members = new WeakMap<FastifyRequest, Member>();
  const member = (req: FastifyRequest): Member => members.get(req)!;
  const watches = () => {
    if (!core.watches) throw new AppError('not_configured', 'This server does not run watches.');
    return core.watches;
  };
  const known = async (id: string) => {
    const found = Uuid.safeParse(id).success ? await watches().store.summary(id) : null;
    if (!found) throw new AppError('not_found', 'No such team watch (it may have been removed).');
    return found;
  };

  void app.register(async (r) => {
    r.addHook('onRequest', async (req) => {
      members.set(req, await authenticated(core, req));
    });

    r.get('/v1/watches', async () => ({ watches: await watches().store.summaries() }));

    r.post('/v1/watches', async (req, reply) => {
      const input = TeamWatchInputSchema.parse(req.body);
      // The target must be a team item every member can read: get() refuses what is not there.
      await core.items.get(member(req), input.itemId);
      const created = await watches().store.create({ ...input, ownerId: member(req).id });
      return reply.status(201).send({ watch: await watches().store.summary(created.id) });
    });

    r.post<ById>('/v1/watches/:id/check', async (req, reply) => {
      const w = await known(req.params.id);
      return reply.status(202).send({ checkId: await watches().checkNow(w.id) });
    });

    r.get<ById>('/v1/watches/:id/changes', async (req) => {
      const w = await known(req.params.id);
      const { check } = CheckQuery.parse(req.query);
      return { changes: await watches().store.changes(w.id, check ?? null) };
    });

    r.put<ById>('/v1/watches/:id/rules', async (req) => {
      const w = await known(req.params.id);
      const m = member(req);
      if (w.owner.id !== m.id && m.role !== 'admin') throw new AppError('forbidden', `Only ${w.owner.name}, who made this watch, or a team admin can change its rules.`);
      const { rules } = TeamWatchRulesInputSchema.parse(req.body);
      await watches().store.setRules(w.id, rules);
      return { watch: await watches().store.summary(w.id) };
    });

    r.delete<ById>('/v1/watches/:id', async (req, reply) => {
      const w = await known(req.params.id);
      const m = member(req);
      if (w.owner.id !== m.id && m.role !== 'admin') throw new AppError('forbidden', `Only ${w.owner.name}, who made this watch, or a team admin can remove it.`);
      await watches().store.remove(w.id);
      return reply.status(204).send();
    });
  });
}
