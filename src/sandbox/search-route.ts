// POST {base_url}/search/v1/companies: filtered, paginated company search.
// Matching record indexes are cached per data epoch and canonical filter set, and records are
// pre-serialized, so walking a large result set costs a string join per page.
import type { FastifyInstance } from 'fastify';
import { API_PREFIX, type SandboxContext } from './context';
import { canonicalJson } from '../shared/canonical-json';
import { fingerprintOf, pageWindow, parsePageSize, queryKey } from './pagination';
import { compileSearch, parseSearchBody, type ParsedSearch } from './search-filters';

export const SEARCH_PATH = '/search/v1/companies';

class LruCache<V> {
  private readonly map = new Map<string, V>();
  private total = 0;
  /** `max` counts entries, or bytes when `sizeOf` is given. */
  constructor(
    private readonly max: number,
    private readonly sizeOf: (v: V) => number = () => 1,
  ) {}
  get(key: string): V | undefined {
    const v = this.map.get(key);
    if (v !== undefined) {
      this.map.delete(key);
      this.map.set(key, v);
    }
    return v;
  }
  set(key: string, value: V): void {
    this.map.set(key, value);
    this.total += this.sizeOf(value);
    while (this.total > this.max && this.map.size > 1) {
      const oldest = this.map.keys().next().value as string;
      this.total -= this.sizeOf(this.map.get(oldest)!);
      this.map.delete(oldest);
    }
  }
}

export function registerSearchRoute(app: FastifyInstance, ctx: SandboxContext): void {
  const results = new LruCache<Uint32Array>(128);
  // Whole pages are deterministic for (fingerprint, epoch, offset): an epoch's data never changes
  // and the HMAC tokens inside depend only on those, so a served page is kept as ready bytes.
  const pages = new LruCache<Buffer>(32 * 1024 * 1024, (b) => b.length);

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
  const prepared = new LruCache<{ search: ParsedSearch; searchKey: string; canonical: string; fingerprints: Map<string, string> }>(256);
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
