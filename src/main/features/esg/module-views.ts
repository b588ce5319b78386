// Module responses turned into paginated views the renderer can page through by id.
// Page tokens stay in main; the renderer only ever sees a view id and a direction.
import { randomUUID } from 'node:crypto';
import { AppError } from '../../../shared/errors';
import type { EsgModuleView } from '../../../shared/bridge/groups/esg';
import type { EsgModule, EsgModuleResponse } from '../../../shared/service/schemas';
import type { ApiClient } from '../../platform/api/types';
import { displayItems } from './display-items';
import { explainModuleError } from './status-errors';

interface ViewState {
  companyId: string;
  module: EsgModule;
  pageSize: number;
  pageNumber: number;
  next: string | null;
  previous: string | null;
}

/** Views kept for paging; the oldest are forgotten first (a forgotten view restarts from page 1). */
const MAX_VIEWS = 200;

export class ModuleViews {
  private readonly views = new Map<string, ViewState>();

  constructor(private readonly api: () => Promise<ApiClient>) {}

  /** GET the module's first page. A `processing` answer carries the session to watch. */
  async first(req: { companyId: string; module: EsgModule; pageSize: number }, signal?: AbortSignal): Promise<EsgModuleView> {
    const res = await this.fetch({ companyId: req.companyId, module: req.module, pageSize: req.pageSize }, signal);
    const viewId = randomUUID();
    return this.remember(viewId, { companyId: req.companyId, module: req.module, pageSize: req.pageSize, pageNumber: 1, next: null, previous: null }, res);
  }

  async page(viewId: string, direction: 'next' | 'previous', signal?: AbortSignal): Promise<EsgModuleView> {
    const v = this.views.get(viewId);
    if (!v) throw new AppError('pagination_expired', 'This result view is no longer held; request the module again to start from page 1.');
    const token = direction === 'next' ? v.next : v.previous;
    if (!token) throw new AppError('invalid_input', direction === 'next' ? 'There is no next page.' : 'There is no previous page.');
    const res = await this.fetch({ companyId: v.companyId, module: v.module, pageSize: v.pageSize, paginationToken: token }, signal);
    const pageNumber = direction === 'next' ? v.pageNumber + 1 : Math.max(1, v.pageNumber - 1);
    return this.remember(viewId, { ...v, pageNumber }, res);
  }

  /** A view for a session that ended `not_found`, without another request. */
  notFound(companyId: string, module: EsgModule): EsgModuleView {
    return { viewId: randomUUID(), companyId, module, status: 'not_found', sessionId: null, count: 0, items: [], pageNumber: 1, hasNext: false, hasPrevious: false };
  }

  private async fetch(req: Parameters<ApiClient['esgModule']>[0], signal?: AbortSignal): Promise<EsgModuleResponse> {
    const api = await this.api();
    try {
      return await api.esgModule(req, { signal });
    } catch (e) {
      throw explainModuleError(e);
    }
  }

  private remember(viewId: string, base: ViewState, res: EsgModuleResponse): EsgModuleView {
    const next = res.pagination.next ?? null;
    const previous = res.pagination.previous ?? null;
    this.views.delete(viewId); // re-insert: Map order doubles as recency
    this.views.set(viewId, { ...base, next, previous });
    while (this.views.size > MAX_VIEWS) this.views.delete(this.views.keys().next().value as string);
    return {
      viewId,
      companyId: res.company_id || base.companyId,
      module: res.module,
      status: res.status,
      sessionId: res.active_processing_session,
      count: res.count,
      items: displayItems(res.result as Record<string, unknown>[]),
      pageNumber: base.pageNumber,
      hasNext: next !== null,
      hasPrevious: previous !== null,
    };
  }
}
