// POST {base_url}/search/v1/companies: filtered, paginated company search.
// Matching record indexes are cached per data epoch and canonical filter set, and records are
// pre-serialized, so walking a large result set costs a string join per page.
import type { FastifyInstance } from 'fastify';
import { LRUCache } from 'lru-cache';
import { API_PREFIX, type SandboxContext } from './context';
import { canonicalJson } from '../shared/canonical-json';
import { fingerprintOf, pageWindow, parsePageSize, queryKey } from './pagination';
import { compileSearch, parseSearchBody, type ParsedSearch } from './search-filters';

export const SEARCH_PATH = '/search/v1/companies';

/** Bytes of ready pages the route keeps (a page walk re-reads its pages from here). */
export const PAGE_CACHE_BYTES = 32 * 1024 * 1024;

/**
 * Served pages by `fingerprint:epoch:offset`, least recently used dropped first, bounded in bytes:
 * a replaced entry's size is taken off before the new one's is added (lru-cache keeps the count).
 * A page larger than the whole budget is served but not kept.
 */
export function createPageCache(maxBytes = PAGE_CACHE_BYTES): LRUCache<string, Buffer> {
  return new LRUCache<string, Buffer>({ maxSize: maxBytes, sizeCalculation: (b) => Math.max(1, b.length) });
}

export function registerSearchRoute(app: FastifyInstance, ctx: SandboxContext): void {
  const results = new LRUCache<string, Uint32Array>({ max: 128 });
  // Whole pages are deterministic for (fingerprint, epoch, offset): an epoch's data never changes
  // and the HMAC tokens inside depend only on those, so a served page is kept as ready bytes.
  const pages = createPageCache();

  function matching(search: ParsedSearch, searchKey: string, epoch: number): Uint32Array {
    const key = `${epoch}|${searchKey}`;
    let hit = results.get(key);
    if (!hit) {
      const { companies } = ctx.data.at(epoch);
      const pred = compileSearch(search);
      const idx: number[] = [];
      for (let i = 0; i < companies.length; i++) if (pred(companies[i]!)) idx.push(i);
      hit = Uint32Array.from(idx);
      results.set(key, hit);
    }
    return hit;
  }

  // Validated bodies by their plain JSON text: repeated requests (page walks, retries) skip
  // validation, canonicalisation and hashing. Invalid bodies throw before they are cached.
  const prepared = new LRUCache<string, { search: ParsedSearch; searchKey: string; canonical: string; fingerprints: Map<string, string> }>({ max: 256 });
  function prepare(body: unknown, query: Record<string, unknown>) {
    const bodyKey = JSON.stringify(body) ?? '';
    let p = prepared.get(bodyKey);
    if (!p) {
      const search = parseSearchBody(body);
      p = { search, searchKey: canonicalJson(search), canonical: canonicalJson(body ?? null), fingerprints: new Map() };
      prepared.set(bodyKey, p);
    }
    const q = queryKey(query);
    let fp = p.fingerprints.get(q);
    if (fp === undefined) {
      fp = fingerprintOf(SEARCH_PATH, q, p.canonical);
      if (p.fingerprints.size < 64) p.fingerprints.set(q, fp);
    }
    return { p, fp };
  }

  app.post(`${API_PREFIX}${SEARCH_PATH}`, async (req, reply) => {
    ctx.stats.search();
    const query = req.query as Record<string, unknown>;
    const pageSize = parsePageSize(query.page_size);
    const { p, fp } = prepare(req.body, query);
    const token = query.pagination_token;
    // A walk keeps the epoch of its first page (carried in its tokens), across an epoch boundary too.
    let offset = 0;
    let epoch: number;
    if (token === undefined || token === '') epoch = ctx.data.epoch();
    else {
      const at = ctx.pagination.resolvePage(String(token), fp);
      offset = at.offset;
      epoch = at.epoch ?? ctx.data.epoch();
    }
    const cacheKey = `${fp}:${epoch}:${offset}`;
    let page = pages.get(cacheKey);
    if (!page) {
      const hits = matching(p.search, p.searchKey, epoch);
      const dataset = ctx.data.at(epoch);
      const win = pageWindow(ctx.pagination, fp, offset, pageSize, hits.length, epoch);
      const end = Math.min(hits.length, offset + pageSize);
      const parts: string[] = [];
      for (let i = offset; i < end; i++) parts.push(dataset.recordJson(hits[i]!)); // end <= hits.length
      page = Buffer.from(
        `{"pagination":{"next":${JSON.stringify(win.next)},"previous":${JSON.stringify(win.previous)}},` +
          `"count":${hits.length},"result":[${parts.join(',')}]}`,
      );
      pages.set(cacheKey, page);
    }
    return reply.type('application/json; charset=utf-8').send(page);
  });
}
