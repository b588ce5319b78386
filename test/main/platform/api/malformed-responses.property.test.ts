// Property tests: whatever the service (or something pretending to be it) answers — wrong types,
// truncated JSON, HTML error pages, huge bodies, odd statuses — the client ends in a typed AppError
// or a parsed value, never a crash or an untyped exception.
import fc from 'fast-check';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError, ERROR_CODES } from '../../../../src/shared/errors';
import type { FetchLike } from '../../../../src/main/platform/api/http';
import { SIMPLE_SEARCH, wire } from '../../../helpers/core-helpers';

const GOOD_TOKEN = JSON.stringify({ access_token: 'tok', scope: 'api:use', token_type: 'Bearer', expires_in: 3600 });
const FAST = { maxAttempts: 2, baseDelayMs: 0, maxDelayMs: 0, budgetMs: 1000 };
const URLS = { authUrl: 'https://auth.test', baseUrl: 'https://api.test' };

interface Canned {
  status: number;
  body: string;
  contentType: string;
}

/** A fetch that answers the token endpoint with `token` and every API call with `api`. */
function cannedFetch(token: Canned, api: Canned): FetchLike {
  return async (url) => {
    const c = url.includes('/oauth2/token') ? token : api;
    return new Response(c.status === 204 || c.status === 304 ? null : c.body, { status: c.status, headers: { 'content-type': c.contentType } });
  };
}

const jsonValue = fc.jsonValue({ maxDepth: 4 });
/** Bodies that look like a page but break it in one place. */
const brokenPage = fc.record({
  pagination: fc.oneof(fc.constant({ next: null }), jsonValue),
  count: fc.oneof(fc.integer({ min: -5, max: 5 }), fc.string(), fc.constant(null), fc.double()),
  result: fc.oneof(fc.array(fc.oneof(fc.record({ company_id: fc.oneof(fc.string(), fc.integer()) }), jsonValue), { maxLength: 4 }), jsonValue),
});
const html = fc.string().map((s) => `<!doctype html><html><body><h1>502 Bad Gateway</h1>${s}</body></html>`);
const body = fc.oneof(
  jsonValue.map((v) => JSON.stringify(v)),
  brokenPage.map((v) => JSON.stringify(v)),
  brokenPage.chain((v) => {
    const s = JSON.stringify(v);
    return fc.nat({ max: Math.max(0, s.length - 1) }).map((n) => s.slice(0, n));
  }),
  html,
  fc.string(),
  fc.uint8Array({ maxLength: 200 }).map((b) => Buffer.from(b).toString('latin1')),
);
const status = fc.oneof(fc.constantFrom(200, 201, 400, 401, 403, 404, 408, 409, 418, 429, 500, 502, 503), fc.integer({ min: 200, max: 599 }));
const contentType = fc.constantFrom('application/json', 'text/html', 'text/plain', '');

function expectTyped(e: unknown) {
  expect(e).toBeInstanceOf(AppError);
  expect(ERROR_CODES).toContain((e as AppError).code);
  expect((e as AppError).message.length).toBeGreaterThan(10);
}

describe('malformed responses (fast-check)', () => {
  it('API answers of any shape give a parsed page or a typed error', async () => {
    await fc.assert(
      fc.asyncProperty(status, body, contentType, async (st, b, ct) => {
        const w = wire(URLS, { retry: FAST, fetchImpl: cannedFetch({ status: 200, body: GOOD_TOKEN, contentType: 'application/json' }, { status: st, body: b, contentType: ct }) });
        try {
          const page = await w.api.search({ body: SIMPLE_SEARCH, pageSize: 10 });
          expect(Array.isArray(page.result)).toBe(true);
          expect(Number.isInteger(page.count)).toBe(true);
        } catch (e) {
          expectTyped(e);
          if ((e as AppError).code === 'bad_response' && st < 300) expect((e as AppError).details?.field).toBeTruthy();
        }
      }),
      { numRuns: 300 },
    );
  });

  it('token endpoint answers of any shape give a token or a typed auth error', async () => {
    await fc.assert(
      fc.asyncProperty(status, fc.oneof(body, fc.record({ error: fc.string(), error_description: fc.option(fc.string(), { nil: undefined }) }).map((o) => JSON.stringify(o))), contentType, async (st, b, ct) => {
        const w = wire(URLS, { retry: FAST, fetchImpl: cannedFetch({ status: st, body: b, contentType: ct }, { status: 200, body: '{}', contentType: 'application/json' }) });
        try {
          const t = await w.tokens.getToken();
          expect(typeof t).toBe('string');
        } catch (e) {
          expectTyped(e);
          // HTTP 429 is the one answer that is not the profile's fault: rate limited, retried.
          expect((e as AppError).code).toMatch(st === 429 ? /^rate_limited$/ : /^auth_/);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('a wrong type in a documented field names that field', () => {
    return fc.assert(
      fc.asyncProperty(fc.constantFrom('count', 'result', 'pagination'), jsonValue, async (field, value) => {
        const good = { pagination: { next: null, previous: null }, count: 1, result: [{ company_id: 'C1' }] };
        const bad = { ...good, [field]: value };
        const w = wire(URLS, { retry: FAST, fetchImpl: cannedFetch({ status: 200, body: GOOD_TOKEN, contentType: 'application/json' }, { status: 200, body: JSON.stringify(bad), contentType: 'application/json' }) });
        const r = await w.api.search({ body: SIMPLE_SEARCH, pageSize: 10 }).then(
          () => null,
          (e: unknown) => e,
        );
        if (r) {
          expectTyped(r);
          expect((r as AppError).details?.field).toMatch(new RegExp(`^${field}`));
          expect((r as AppError).message).toContain(field);
        }
      }),
      { numRuns: 150 },
    );
  });
});

describe('huge and cut-off bodies over real HTTP', () => {
  let server: Server;
  let base = '';
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url?.startsWith('/oauth2/token')) return res.writeHead(200, { 'content-type': 'application/json' }).end(GOOD_TOKEN);
      if (req.url?.startsWith('/portal/oauth2/token')) return res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Sign in</title>');
      if (req.url?.startsWith('/huge-declared')) {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(200 * 1024 * 1024) });
        return res.write('{"result":[');
      }
      if (req.url?.startsWith('/huge-chunked')) {
        res.writeHead(200, { 'content-type': 'application/json' });
        const chunk = Buffer.alloc(1024 * 1024, 'a');
        let sent = 0;
        const pump = () => {
          while (sent < 80 && res.write(chunk)) sent++;
          if (sent < 80) res.once('drain', pump);
          else res.end();
        };
        res.write('"');
        return pump();
      }
      // Declares more than it sends, then drops the socket.
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
      res.write('{"pagination":{"next":null},"count":1,"res');
      setTimeout(() => res.destroy(), 20); // the server's own behaviour (drops a little later), not a wait in the test
    }).listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((r) => server.close(r)));

  it('refuses a body declared larger than the limit, streams and caps an undeclared one, reports a cut connection', async () => {
    for (const path of ['/huge-declared', '/huge-chunked']) {
      const w = wire({ authUrl: base, baseUrl: base }, { retry: FAST });
      const client = (await import('../../../../src/main/platform/api/api-client')).createApiClient({
        profile: { baseUrl: base, searchPath: path, esgModulePathTemplate: '/e', esgStatusPathTemplate: '/s', matchPath: '/m' },
        tokens: w.tokens,
        transport: w.transport,
        retry: FAST,
      });
      const e = await client.search({ body: SIMPLE_SEARCH, pageSize: 1 }).catch((x: unknown) => x);
      expectTyped(e);
      expect((e as AppError).code).toBe('bad_response');
      expect((e as AppError).message).toMatch(/too large/);
    }
    const w = wire({ authUrl: base, baseUrl: base }, { retry: FAST });
    const e = await w.api.search({ body: SIMPLE_SEARCH, pageSize: 1 }).catch((x: unknown) => x);
    expectTyped(e);
    expect((e as AppError).code).toBe('network');
  });

  it('an auth server answering an HTML page is auth_bad_response, not a crash', async () => {
    const w = wire({ authUrl: `${base}/portal`, baseUrl: base }, { retry: FAST });
    const e = await w.tokens.getToken().catch((x: unknown) => x);
    expectTyped(e);
    expect(e).toMatchObject({ code: 'auth_bad_response', message: expect.stringMatching(/HTML page/) });
  });
});
