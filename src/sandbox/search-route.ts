// POST {base_url}/search/v1/companies: filtered, paginated company search.
// Matching record indexes are cached per canonical filter set, and records are pre-serialized,
// so walking a large result set costs a string join per page.
import type { FastifyInstance } from 'fastify';
import { API_PREFIX, type SandboxContext } from './context';
import { canonicalJson, fingerprintOf, pageWindow, parsePageSize, queryKey } from './pagination';
import { compileSearch, parseSearchBody } from './search-filters';

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
  // Whole pages are deterministic for (fingerprint, offset): the data never changes and the
  // HMAC tokens inside depend only on those, so a served page is kept as ready bytes.
  const pages = new LruCache<Buffer>(32 * 1024 * 1024, (b) => b.length);
  const { companies } = ctx.dataset;

  function matching(body: unknown): Uint32Array {
    const parsed = parseSearchBody(body);
    const key = canonicalJson(parsed);
    let hit = results.get(key);
    if (!hit) {
      const pred = compileSearch(parsed);
      const idx: number[] = [];
      for (let i = 0; i < companies.length; i++) if (pred(companies[i])) idx.push(i);
      hit = Uint32Array.from(idx);
      results.set(key, hit);
    }
    return hit;
  }

  // Validated bodies by their plain JSON text: repeated requests (page walks, retries) skip
  // validation, canonicalisation and hashing. Invalid bodies throw before they are cached.
  const prepared = new LruCache<{ hits: Uint32Array; canonical: string; fingerprints: Map<string, string> }>(256);
  function prepare(body: unknown, query: Record<string, unknown>): { hits: Uint32Array; fp: string } {
    const bodyKey = JSON.stringify(body) ?? '';
    let p = prepared.get(bodyKey);
    if (!p) {
      p = { hits: matching(body), canonical: canonicalJson(body ?? null), fingerprints: new Map() };
      prepared.set(bodyKey, p);
    }
    const q = queryKey(query);
    let fp = p.fingerprints.get(q);
    if (fp === undefined) {
      fp = fingerprintOf(SEARCH_PATH, q, p.canonical);
      if (p.fingerprints.size < 64) p.fingerprints.set(q, fp);
    }
    return { hits: p.hits, fp };
  }

  app.post(`${API_PREFIX}${SEARCH_PATH}`, async (req, reply) => {
    ctx.stats.search();
    const query = req.query as Record<string, unknown>;
    const pageSize = parsePageSize(query.page_size);
    const { hits, fp } = prepare(req.body, query);
    const token = query.pagination_token;
    const offset = token === undefined || token === '' ? 0 : ctx.pagination.resolve(String(token), fp);
    const cacheKey = `${fp}:${offset}`;
    let page = pages.get(cacheKey);
    if (!page) {
      const win = pageWindow(ctx.pagination, fp, offset, pageSize, hits.length);
      const end = Math.min(hits.length, offset + pageSize);
      const parts: string[] = [];
      for (let i = offset; i < end; i++) parts.push(ctx.dataset.recordJson(hits[i]));
      page = Buffer.from(
        `{"pagination":{"next":${JSON.stringify(win.next)},"previous":${JSON.stringify(win.previous)}},` +
          `"count":${hits.length},"result":[${parts.join(',')}]}`,
      );
      pages.set(cacheKey, page);
    }
    return reply.type('application/json; charset=utf-8').send(page);
  });
}
