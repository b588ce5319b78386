// Property tests: for any page size and filter set, walking `next` partitions the result set
// exactly, and any change of page_size answers pagination_mismatch.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalJson } from '../../src/shared/canonical-json';
import { PaginationTokens, requestFingerprint } from '../../src/sandbox/pagination';
import type { SandboxHandle } from '../../src/sandbox/server';
import { apiPost, getToken, searchPath, start } from './helpers';

let sb: SandboxHandle;
let token: string;
beforeAll(async () => {
  sb = await start({ companies: 600 });
  token = await getToken(sb);
});
afterAll(() => sb.close());

const countries = ['US', 'GB', 'DE', 'FR', 'JP', 'IN', 'SE'];
const filterArb = fc.oneof(
  fc.subarray(countries, { minLength: 1 }).map((v) => ({ attribute: 'country', relation: 'in', value: v })),
  fc.integer({ min: 1850, max: 2025 }).map((y) => ({ attribute: 'founding_year', relation: 'greater_than', value: y })),
  fc.constantFrom('a', 'e', 'tech', 'ö').map((s) => ({ attribute: 'name', relation: 'contains', value: s })),
);

describe('pagination properties', () => {
  it('walking next visits every result exactly once, in order', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 8, max: 200 }), fc.constantFrom('and', 'or'), fc.array(filterArb, { minLength: 1, maxLength: 3 }), async (pageSize, op, filters) => {
        const body = { filters: { [op]: filters } };
        const all = await apiPost(sb, token, searchPath({ page_size: 200 }), body);
        const seen: string[] = [];
        let res = await apiPost(sb, token, searchPath({ page_size: pageSize }), body);
        let pages = 0;
        for (;;) {
          expect(res.status).toBe(200);
          expect(res.body.count).toBe(all.body.count);
          expect(res.body.pagination.previous === null).toBe(pages === 0);
          seen.push(...res.body.result.map((c: { company_id: string }) => c.company_id));
          pages++;
          const next = res.body.pagination.next;
          if (!next) break;
          const mismatch = await apiPost(sb, token, searchPath({ page_size: pageSize === 200 ? 199 : pageSize + 1, pagination_token: next }), body);
          expect(mismatch.body.error).toBe('pagination_mismatch');
          res = await apiPost(sb, token, searchPath({ page_size: pageSize, pagination_token: next }), body);
        }
        expect(seen.length).toBe(all.body.count);
        expect(new Set(seen).size).toBe(seen.length);
        if (all.body.count <= 200) expect(seen).toEqual(all.body.result.map((c: { company_id: string }) => c.company_id));
      }),
      { numRuns: 15 },
    );
  });

  it('a token resolves only for the exact request that issued it', () => {
    const tokens = new PaginationTokens();
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), fc.nat(10_000), (a, b, offset) => {
        const fa = requestFingerprint('/r', { page_size: '10' }, a);
        const t = tokens.issue(fa, offset);
        expect(tokens.resolve(t, fa)).toBe(offset);
        const fb = requestFingerprint('/r', { page_size: '10' }, b);
        if (canonicalJson(a) !== canonicalJson(b)) expect(() => tokens.resolve(t, fb)).toThrow(/changed/);
      }),
    );
  });
});
