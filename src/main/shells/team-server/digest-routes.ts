// Digest routes: a member's subscriptions and deliveries (GET/POST /v1/subscriptions, DELETE
// /v1/subscriptions/:id, GET /v1/deliveries, POST /v1/deliveries/:id/resend), and the unsubscribe
// page a digest links to. A GET of that page never unsubscribes (mail scanners follow links): it
// shows a button that POSTs; RFC 8058 one-click clients POST directly.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../../shared/errors';
import { DigestSubscribeSchema } from '../../../shared/team/digests';
import type { Member, TeamCore } from '../compose/create-team-core';
import { authenticated } from './auth';

type ById = { Params: { id: string } };
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export function registerDigestRoutes(app: FastifyInstance, core: TeamCore): void {
  const digests = () => {
    if (!core.digests) throw new AppError('not_configured', 'This server does not send digests: ask your team admin to set them up.');
    return core.digests;
  };
  const members = new WeakMap<FastifyRequest, Member>();
  const member = (req: FastifyRequest): Member => members.get(req)!;

  void app.register(async (r) => {
    r.addHook('onRequest', async (req) => {
      members.set(req, await authenticated(core, req));
    });
    r.get('/v1/subscriptions', async (req) => ({ subscriptions: await digests().subscriptions.list(member(req).id) }));
    r.post('/v1/subscriptions', async (req, reply) => {
      const input = DigestSubscribeSchema.parse(req.body);
      const m = member(req);
      if (!(await core.watches?.store.get(input.watchId))) throw new AppError('not_found', 'No such team watch (it may have been removed).');
      const target = input.target || (input.channel === 'email' ? m.email : null);
      if (!target) throw new AppError('invalid_input', input.channel === 'email' ? 'Give an e-mail address: your membership has none.' : 'Give the incoming-webhook URL of the channel.', { details: { field: 'target' } });
      const subscription = await digests().subscriptions.subscribe({ memberId: m.id, watchId: input.watchId, cadence: input.cadence, channel: input.channel, target });
      return reply.status(201).send({ subscription });
    });
    r.delete<ById>('/v1/subscriptions/:id', async (req, reply) => {
      if (!(await digests().subscriptions.remove(member(req).id, req.params.id).catch(() => false))) throw new AppError('not_found', 'No such subscription of yours.');
      return reply.status(204).send();
    });
    r.get('/v1/deliveries', async (req) => ({ deliveries: await digests().outbox.deliveriesOf(member(req).id) }));
    r.post<ById>('/v1/deliveries/:id/resend', async (req, reply) => {
      if (!(await digests().outbox.resend(member(req).id, req.params.id).catch(() => false))) throw new AppError('not_found', 'No delivery of yours that can be sent again (only failed or uncertain ones can).');
      return reply.status(202).send({ queued: true });
    });
  });

  void app.register(async (r) => {
    r.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))));
    r.get<{ Querystring: { token?: string } }>('/unsubscribe', async (req, reply) => {
      const token = req.query.token ?? '';
      if (!TOKEN.test(token)) return page(reply, 400, 'This unsubscribe link is not complete', '<p>Open the link from the digest again, or change your digests in Firmscope (Team).</p>');
      return page(reply, 200, 'Stop these digests?', `<form method="post" action="/unsubscribe?token=${token}"><button type="submit">Unsubscribe</button></form>`);
    });
    r.post<{ Querystring: { token?: string }; Body: Record<string, string> | undefined }>('/unsubscribe', async (req, reply) => {
      const token = req.query.token ?? req.body?.token ?? '';
      const done = TOKEN.test(token) ? await digests().subscriptions.unsubscribe(token) : null;
      return done
        ? page(reply, 200, 'Unsubscribed', '<p>You will get no more of these digests. You can follow the watch again in Firmscope (Team).</p>')
        : page(reply, 404, 'Already unsubscribed', '<p>This link ends nothing now: the subscription was already ended.</p>');
    });
  });
}

/** A small page of fixed text (no input echoed but the token, which matched [A-Za-z0-9_-]). */
function page(reply: FastifyReply, status: number, title: string, body: string) {
  return reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', "default-src 'none'; form-action 'self'")
    .send(`<!doctype html><html lang="en"><meta charset="utf-8"><title>${title}</title><h1>${title}</h1>${body}</html>`);
}
