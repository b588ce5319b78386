// Search: body validation, filter semantics, page sizes and pagination sessions, over real HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorBodySchema, SearchPageSchema } from '../../src/shared/service/schemas';
import { generateCompanies, type SandboxCompany } from '../../src/sandbox/dataset';
import type { SandboxHandle } from '../../src/sandbox/server';
import { apiPost, byCountry, getToken, searchPath, start } from './helpers';

let sb: SandboxHandle;
let token: string;
const companies = generateCompanies(42, 2000);
beforeAll(async () => {
  sb = await start();
  token = await getToken(sb);
});
afterAll(() => sb.close());

const search = (body: unknown, query: Record<string, string | number> = {}) => apiPost(sb, token, searchPath(query), body);
const f = (attribute: string, relation: string, value: unknown) => ({ attribute, relation, value });

describe('search results', () => {
  it('answers a page that parses with SearchPageSchema, default page size 10', async () => {
    const res = await search(byCountry('DE'));
    expect(res.status).toBe(200);
    const page = SearchPageSchema.parse(res.body);
    expect(page.result).toHaveLength(10);
    expect(page.count).toBe(companies.filter((c) => c.country === 'DE').length);
    expect(page.pagination.previous).toBeNull();
    expect(typeof page.pagination.next).toBe('string');
    for (const c of page.result) expect(c.company_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  const semantics: [string, unknown, (c: SandboxCompany) => boolean][] = [
    ['in (case-insensitive)', { and: [f('country', 'in', ['de', 'FR'])] }, (c) => c.country === 'DE' || c.country === 'FR'],
    ['not_in includes missing', { and: [f('city', 'not_in', ['Berlin'])] }, (c) => c.city !== 'Berlin'],
    ['between is inclusive', { and: [f('employee_count', 'between', [50, 250])] }, (c) => c.employee_count !== null && c.employee_count >= 50 && c.employee_count <= 250],
    ['greater_than skips missing', { and: [f('revenue', 'greater_than', 1e8)] }, (c) => (c.revenue ?? -1) > 1e8],
    ['contains', { and: [f('name', 'contains', 'ENERGY')] }, (c) => c.name.toLowerCase().includes('energy')],
    ['starts_with code', { and: [f('industry_code', 'starts_with', '62')] }, (c) => c.industry_code.startsWith('62')],
    ['and', { and: [f('country', 'equals', 'US'), f('founding_year', 'less_than', 1950)] }, (c) => c.country === 'US' && c.founding_year < 1950],
    ['or', { or: [f('country', 'equals', 'JP'), f('legal_form', 'equals', 'GmbH')] }, (c) => c.country === 'JP' || c.legal_form === 'GmbH'],
    ['not_equals', { and: [f('country', 'not_equals', 'US')] }, (c) => c.country !== 'US'],
  ];
  for (const [name, filters, pred] of semantics) {
    it(`filter semantics: ${name}`, async () => {
      const res = await search({ filters }, { page_size: 200 });
      expect(res.status).toBe(200);
      const expected = companies.filter(pred);
      expect(res.body.count).toBe(expected.length);
      expect(expected.length).toBeGreaterThan(0);
      expect(res.body.result.map((c: SandboxCompany) => c.company_id)).toEqual(expected.slice(0, 200).map((c) => c.company_id));
    });
  }
});

describe('page_size', () => {
  it('accepts 1 and 200', async () => {
    expect((await search(byCountry('US'), { page_size: 1 })).body.result).toHaveLength(1);
    expect((await search(byCountry('US'), { page_size: 200 })).body.result).toHaveLength(200);
  });
  for (const bad of ['0', '201', '1.5', 'abc', '-3', '']) {
    it(`rejects page_size=${JSON.stringify(bad)}`, async () => {
      const res = await search(byCountry('US'), { page_size: bad });
      expect(res.status).toBe(400);
      const body = ApiErrorBodySchema.parse(res.body);
      expect(body.field).toBe('page_size');
    });
  }
});

describe('malformed bodies answer 400 with a clear error', () => {
  const bad: [string, unknown, string][] = [
    ['no body object', [1, 2], 'body'],
    ['no filters', {}, 'filters'],
    ['no wrapper', { filters: {} }, 'filters'],
    ['two wrappers', { filters: { and: [f('country', 'equals', 'DE')], or: [f('country', 'equals', 'FR')] } }, 'filters'],
    ['unknown wrapper', { filters: { xor: [f('country', 'equals', 'DE')] } }, 'filters'],
    ['wrapper not a list', { filters: { and: f('country', 'equals', 'DE') } }, 'filters.and'],
    ['empty list', { filters: { and: [] } }, 'filters.and'],
    ['unknown attribute', { filters: { and: [f('colour', 'equals', 'red')] } }, 'filters.and[0].attribute'],
    ['unknown relation', { filters: { and: [f('country', 'like', 'DE')] } }, 'filters.and[0].relation'],
    ['relation not allowed for attribute', { filters: { and: [f('country', 'greater_than', 'DE')] } }, 'filters.and[0].relation'],
    ['value of the wrong type', { filters: { and: [f('employee_count', 'greater_than', '100')] } }, 'filters.and[0].value'],
    ['integer attribute with a fraction', { filters: { and: [f('founding_year', 'equals', 1999.5)] } }, 'filters.and[0].value'],
    ['between not a pair', { filters: { and: [f('revenue', 'between', [1])] } }, 'filters.and[0].value'],
    ['between min > max', { filters: { and: [f('revenue', 'between', [10, 1])] } }, 'filters.and[0].value'],
    ['in with empty list', { filters: { and: [f('country', 'in', [])] } }, 'filters.and[0].value'],
    ['missing value', { filters: { and: [{ attribute: 'country', relation: 'equals' }] } }, 'filters.and[0].value'],
    ['extra top-level field', { filters: { and: [f('country', 'equals', 'DE')] }, sort: 'name' }, 'sort'],
  ];
  for (const [name, body, field] of bad) {
    it(name, async () => {
      const res = await search(body);
      expect(res.status).toBe(400);
      const err = ApiErrorBodySchema.parse(res.body);
      expect(err.error).toBe('invalid_request');
      expect(err.message?.length).toBeGreaterThan(5);
      expect(err.field).toBe(field);
    });
  }
  it('invalid JSON', async () => {
    const res = await apiPost(sb, token, searchPath(), '{"filters":', true);
    expect(res.status).toBe(400);
    expect(ApiErrorBodySchema.parse(res.body).error).toBe('invalid_request');
  });
});

describe('pagination sessions', () => {
  const body = { filters: { and: [f('country', 'in', ['DE', 'FR', 'GB'])] } };

  it('walks forward to the end with every record exactly once, and back again', async () => {
    const seen: string[] = [];
    const tokens: (string | null)[] = [];
    let res = await search(body, { page_size: 37 });
    const count = res.body.count;
    for (;;) {
      seen.push(...res.body.result.map((c: SandboxCompany) => c.company_id));
      tokens.push(res.body.pagination.previous);
      if (!res.body.pagination.next) break;
      res = await search(body, { page_size: 37, pagination_token: res.body.pagination.next });
      expect(res.status).toBe(200);
    }
    expect(tokens[0]).toBeNull();
    expect(seen).toHaveLength(count);
    expect(new Set(seen).size).toBe(count);
    // previous from the last page returns the page before it.
    const back = await search(body, { page_size: 37, pagination_token: res.body.pagination.previous });
    expect(back.body.result.map((c: SandboxCompany) => c.company_id)).toEqual(seen.slice(Math.floor((count - 1) / 37) * 37 - 37, Math.floor((count - 1) / 37) * 37));
  });

  it('answers 400 pagination_mismatch when the body or page_size changes mid-session', async () => {
    const first = await search(body, { page_size: 20 });
    const next = first.body.pagination.next as string;
    const changedBody = await search({ filters: { and: [f('country', 'in', ['DE', 'FR'])] } }, { page_size: 20, pagination_token: next });
    expect(changedBody.status).toBe(400);
    expect(changedBody.body.error).toBe('pagination_mismatch');
    const changedSize = await search(body, { page_size: 21, pagination_token: next });
    expect(changedSize.status).toBe(400);
    expect(changedSize.body.error).toBe('pagination_mismatch');
    const extraParam = await search(body, { page_size: 20, pagination_token: next, foo: 'bar' });
    expect(extraParam.status).toBe(400);
    // Key order does not matter; omitting the token restarts.
    const reordered = await search({ filters: { and: [{ value: ['DE', 'FR', 'GB'], relation: 'in', attribute: 'country' }] } }, { page_size: 20, pagination_token: next });
    expect(reordered.status).toBe(200);
    const restart = await search({ filters: { and: [f('country', 'equals', 'SE')] } }, { page_size: 20 });
    expect(restart.status).toBe(200);
    expect(restart.body.pagination.previous).toBeNull();
  });

  it('is safe to retry: the same request returns the same page, tokens included', async () => {
    const first = await search(body, { page_size: 25 });
    const next = first.body.pagination.next as string;
    const a = await search(body, { page_size: 25, pagination_token: next });
    const b = await search(body, { page_size: 25, pagination_token: next });
    expect(a.status).toBe(200);
    expect(b.body).toEqual(a.body);
    expect(a.body.result[0].company_id).not.toBe(first.body.result[0].company_id);
  });

  it('rejects tampered or foreign tokens', async () => {
    const first = await search(body, { page_size: 20 });
    const next = first.body.pagination.next as string;
    const [data, sig] = next.split('.');
    const payload = JSON.parse(Buffer.from(data!, 'base64url').toString());
    const forged = `${Buffer.from(JSON.stringify({ ...payload, o: 0 })).toString('base64url')}.${sig}`;
    for (const t of [forged, `${next}x`, 'garbage', `${data}.${'A'.repeat(sig!.length)}`]) {
      const res = await search(body, { page_size: 20, pagination_token: t });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('invalid_pagination_token');
    }
    const other = await start({ companies: 2000 });
    try {
      const t2 = await getToken(other);
      const res = await apiPost(other, t2, searchPath({ page_size: 20, pagination_token: next }), body);
      expect(res.status).toBe(400);
    } finally {
      await other.close();
    }
  });

  it('has next null on the last page and a single page when everything fits', async () => {
    const res = await search({ filters: { and: [f('company_id', 'equals', companies[5]!.company_id)] } });
    expect(res.body.count).toBe(1);
    expect(res.body.pagination).toEqual({ next: null, previous: null });
    const none = await search({ filters: { and: [f('name', 'equals', 'no such company at all')] } });
    expect(none.body).toMatchObject({ count: 0, result: [], pagination: { next: null, previous: null } });
  });
});
