// ESG module requests and the shared, read-only processing status operation.
import type { FastifyInstance } from 'fastify';
import { ESG_MODULES, UuidSchema, type EsgModule } from '../shared/service/schemas';
import { ApiError, badRequest } from './api-errors';
import { API_PREFIX, type SandboxContext } from './context';
import { pageWindow, parsePageSize, requestFingerprint } from './pagination';
import type { EsgItem } from './esg/content';

export const ESG_MODULE_PATH = '/esg/v1/companies/:company_id/:module';
export const ESG_STATUS_PATH = '/esg/v1/processing/:session_id';

const isUuid = (v: string) => UuidSchema.safeParse(v).success;

/** Optional narrowing of a module's items; `result_count` ignores it (spec: no filters apply to the count). */
function itemFilter(module: EsgModule, query: Record<string, unknown>): ((item: EsgItem) => boolean) | null {
  if (module === 'news' && typeof query.topic === 'string' && query.topic !== '') {
    const topic = query.topic.toLowerCase();
    return (item) => (item.topics as string[]).includes(topic);
  }
  if (module === 'commitments' && typeof query.category === 'string' && query.category !== '') {
    const category = query.category.toLowerCase();
    return (item) => item.category === category;
  }
  return null;
}

export function registerEsgRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  app.get(`${API_PREFIX}${ESG_MODULE_PATH}`, async (req, reply) => {
    const { company_id: companyId, module } = req.params as { company_id: string; module: string };
    if (!(ESG_MODULES as readonly string[]).includes(module)) {
      throw new ApiError(404, 'not_found', `Unknown ESG module "${module}"; modules are ${ESG_MODULES.join(', ')}`);
    }
    if (!isUuid(companyId)) throw badRequest('company_id must be a UUID', 'company_id');
    const query = req.query as Record<string, unknown>;
    const pageSize = parsePageSize(query.page_size);
    const mod = module as EsgModule;
    ctx.stats.moduleRequest(companyId, mod);
    const raw = ctx.esgRaw.body(companyId, mod);
    if (raw !== null) return reply.type('application/json').send(raw);
    const view = ctx.esg.request(companyId, mod);
    const filter = itemFilter(mod, query);
    const items = filter ? view.items.filter(filter) : view.items;
    const route = `/esg/v1/companies/${companyId}/${mod}`;
    const fp = requestFingerprint(route, query, null);
    const token = query.pagination_token;
    const offset = token === undefined || token === '' ? 0 : ctx.pagination.resolve(String(token), fp);
    const win = pageWindow(ctx.pagination, fp, offset, pageSize, items.length);
    return reply.send({
      pagination: { next: win.next, previous: win.previous },
      count: items.length,
      result: items.slice(offset, offset + pageSize),
      company_id: companyId,
      module: mod,
      status: view.status,
      active_processing_session: view.sessionId,
    });
  });

  app.get(`${API_PREFIX}${ESG_STATUS_PATH}`, async (req, reply) => {
    const { session_id: sessionId } = req.params as { session_id: string };
    if (!isUuid(sessionId)) throw badRequest('session_id must be a UUID (use active_processing_session)', 'session_id');
    // One instant for the answer and for the record of the call (a scaled test clock moves between two reads).
    const at = ctx.clock.now();
    const view = ctx.esg.status(sessionId.toLowerCase(), at);
    if (!view) throw new ApiError(404, 'not_found', 'No processing session with that id');
    ctx.stats.statusCall(sessionId.toLowerCase(), at);
    return reply.send(view);
  });
}
