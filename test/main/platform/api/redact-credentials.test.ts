// Credentials never reach the page in an error built from a service's answer (issue 36): a real local
// service echoes the Authorization header, the form body and the token in every error body; the
// errors search.start, Test connection and a refused sign-in return through the bridge hold no trace of
// the canary token, the client secret or the Basic credentials.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { REDACTED, redactCredentials, redactError } from '../../../../src/main/platform/api/redact-credentials';
import { createDispatcher } from '../../../../src/main/platform/bridge/dispatcher';
import { createMemoryVault } from '../../../../src/main/platform/secrets/memory-vault';
import { createCore } from '../../../../src/main/shells/compose/create-core';
import { fnChannel } from '../../../../src/shared/bridge/define';
import { bridgeTable } from '../../../../src/shared/bridge/table';
import { AppError } from '../../../../src/shared/errors';
import { ProfileInputSchema } from '../../../../src/shared/profile';
import { tempDir, testShell } from '../../../helpers/core-helpers';

const CANARY_TOKEN = 'canary-token-5f9c2e7a1b3d4c6e8f0a';
const CLIENT_ID = 'echo-client';
const CLIENT_SECRET = 'canary-secret-8e1d3c5b7a9f';
const BASIC = Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64');
const ctx = { signal: new AbortController().signal };

let server: Server;
let origin: string;
/** What the token endpoint does: hand out the canary token, or refuse and echo what it got. */
let tokenAnswer: 'token' | 'refuse' = 'token';

/** Every form an echo may take: the header, the bare values, JSON-escaped and in a URL. */
const echo = (req: { headers: Record<string, string | string[] | undefined>; url?: string }, body: string) => {
  const auth = String(req.headers.authorization ?? '');
  const bare = auth.replace(/^\S+\s+/, '');
  return `Request refused. You sent Authorization: ${auth} (credential ${bare}); headers ${JSON.stringify(req.headers)}; body ${body}; see https://${CLIENT_ID}:${bare}@${req.headers.host}${req.url}`;
};

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      if (req.url?.endsWith('/oauth2/token')) {
        if (tokenAnswer === 'token') return res.end(JSON.stringify({ access_token: CANARY_TOKEN, token_type: 'Bearer', expires_in: 3600, scope: 'api:use' }));
        res.statusCode = 403;
        return res.end(JSON.stringify({ error: 'access_denied', error_description: echo(req, body) }));
      }
      // Every API call: a 400 (search, match) whose message echoes what was sent.
      res.statusCode = 400;
      res.end(JSON.stringify({ error: 'bad_request', message: echo(req, body), field: `token ${CANARY_TOKEN}` }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((r) => server.close(r)));

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  tokenAnswer = 'token';
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function bootOnEchoService() {
  const d = tempDir();
  const core = await createCore({ dataDir: d.dir, shell: testShell(), vault: createMemoryVault(), sandbox: { companies: 10 } });
  cleanups.push(d.cleanup, () => core.close());
  const dispatch = createDispatcher(bridgeTable, core.handlers);
  const call = (group: string, name: string, input: unknown) => dispatch.call(fnChannel(group, name), input, ctx);
  const profile = ProfileInputSchema.parse({ name: 'Echo', authUrl: `${origin}/auth`, baseUrl: `${origin}/api`, clientId: CLIENT_ID });
  const saved = (await call('profiles', 'saveProfile', { profile, secret: CLIENT_SECRET })) as { ok: true; value: { id: string } };
  expect(saved.ok).toBe(true);
  await call('profiles', 'activate', { id: saved.value.id });
  return { call, id: saved.value.id };
}

const leaks = (answer: unknown) => {
  const text = JSON.stringify(answer);
  return [CANARY_TOKEN, CLIENT_SECRET, BASIC].filter((s) => text.includes(s));
};

describe('an echoing service', () => {
  it('search.start: the error names the refusal but holds no token', async () => {
    const { call } = await bootOnEchoService();
    const answer = (await call('search', 'start', { body: { filters: { and: [{ attribute: 'country', relation: 'equals', value: 'DE' }] } }, requestId: 'r1' })) as {
      ok: false;
      error: { code: string; message: string; details?: Record<string, unknown> };
    };
    expect(answer.ok).toBe(false);
    expect(answer.error.code).toBe('bad_request');
    expect(answer.error.message).toContain('Request refused. You sent Authorization: Bearer [redacted]');
    expect(answer.error.details?.field).toBe(`token ${REDACTED}`);
    expect(leaks(answer)).toEqual([]);
  });

  it('Test connection: no step of the report holds the token', async () => {
    const { call, id } = await bootOnEchoService();
    const report = (await call('profiles', 'testConnection', { id })) as { ok: true; value: { steps: Array<{ message: string }> } };
    expect(report.ok).toBe(true);
    expect(report.value.steps.some((s) => s.message.includes('Request refused'))).toBe(true);
    expect(leaks(report)).toEqual([]);
  });

  it('a refused sign-in: the error holds neither the client secret nor the Basic credentials', async () => {
    tokenAnswer = 'refuse';
    const { call, id } = await bootOnEchoService();
    const status = await call('profiles', 'activate', { id });
    const report = await call('profiles', 'testConnection', { id });
    expect(JSON.stringify(report)).toContain('Request refused');
    expect(leaks(status)).toEqual([]);
    expect(leaks(report)).toEqual([]);
  });
});

describe('redactCredentials', () => {
  it('blanks known values in every form and credential-shaped text whatever its value', () => {
    const secret = 'p@ss "word"/1';
    const text = [
      `raw ${secret}`,
      `json ${JSON.stringify(secret)}`,
      `url ${encodeURIComponent(secret)}`,
      'Authorization: Bearer other.token-of_an.earlier-attempt',
      'Proxy-Authorization: Basic dXNlcjpodW50ZXIy',
      'access_token=abc123&client_secret=xyz789',
      '{"password": "hunter2"}',
      'http://user:hunter2@proxy.example:3128/',
    ].join('\n');
    const out = redactCredentials(text, [secret]);
    for (const gone of [secret, encodeURIComponent(secret), 'other.token', 'dXNlcjpodW50ZXIy', 'abc123', 'xyz789', 'hunter2']) expect(out).not.toContain(gone);
    expect(out).toContain('Authorization: Bearer [redacted]');
    expect(out).toContain('access_token=[redacted]&client_secret=[redacted]');
    expect(out).toContain('http://user:[redacted]@proxy.example:3128/');
    // Ordinary text stays.
    expect(redactCredentials('The field country is not known.', ['abc'])).toBe('The field country is not known.');
  });

  it('redacts an AppError message and its text details, keeping code and retryable', () => {
    const e = new AppError('server_error', `failed with ${CANARY_TOKEN}`, { retryable: true, details: { status: 500, field: CANARY_TOKEN } });
    const r = redactError(e, [CANARY_TOKEN]) as AppError;
    expect([r.code, r.retryable, r.message, r.details]).toEqual(['server_error', true, `failed with ${REDACTED}`, { status: 500, field: REDACTED }]);
  });
});
