// Match endpoint and the `npm run sandbox` CLI.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorBodySchema, MatchResponseSchema } from '../../src/shared/service/schemas';
import type { SandboxHandle } from '../../src/sandbox/server';
import { apiPost, getToken, start } from './helpers';

let sb: SandboxHandle;
let token: string;
beforeAll(async () => {
  sb = await start();
  token = await getToken(sb);
});
afterAll(() => sb.close());

describe('match', () => {
  it('ranks the exact company first with high confidence', async () => {
    const target = sb.control.dataset.companies.find((c) => c.website_domain && c.city)!;
    const res = await apiPost(sb, token, '/match/v5/companies', { name: target.name, website: `https://${target.website_domain}/about`, country: target.country, city: target.city });
    expect(res.status).toBe(200);
    const body = MatchResponseSchema.parse(res.body);
    expect(body.count).toBe(body.result.length);
    expect(body.result[0]!.company.company_id).toBe(target.company_id);
    expect(body.result[0]!.confidence).toBeGreaterThan(0.9);
    for (let i = 1; i < body.result.length; i++) expect(body.result[i]!.confidence).toBeLessThanOrEqual(body.result[i - 1]!.confidence);
  });

  it('honours limit and returns nothing for a name with no overlap', async () => {
    const target = sb.control.dataset.companies[3]!;
    const limited = MatchResponseSchema.parse((await apiPost(sb, token, '/match/v5/companies', { name: target.name, limit: 2 })).body);
    expect(limited.result.length).toBeLessThanOrEqual(2);
    const none = MatchResponseSchema.parse((await apiPost(sb, token, '/match/v5/companies', { name: 'zzqx' })).body);
    expect(none).toEqual({ count: 0, result: [] });
  });

  it('answers 400 for a missing name or a wrong type, 401 without a token', async () => {
    for (const body of [{}, { name: '' }, { name: 'x', limit: 500 }, { name: 3 }, []]) {
      const res = await apiPost(sb, token, '/match/v5/companies', body);
      expect(res.status).toBe(400);
      expect(ApiErrorBodySchema.parse(res.body).error).toBe('invalid_request');
    }
    expect((await apiPost(sb, null, '/match/v5/companies', { name: 'x' })).status).toBe(401);
  });
});

describe('CLI', () => {
  it('prints one JSON line with auth_url and base_url, and serves them', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/sandbox/cli.ts', '--port', '0', '--companies', '500', '--seed', '7'], { stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      const [line] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
      const urls = JSON.parse(line) as { auth_url: string; base_url: string };
      expect(urls.auth_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/auth$/);
      expect(urls.base_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api$/);
      const doc = await (await fetch(`${urls.auth_url}/.well-known/openid-configuration`)).json();
      expect(doc.token_endpoint).toBe(`${urls.auth_url}/oauth2/token`);
    } finally {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
  });

  it('--help lists every option', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/sandbox/cli.ts', '--help'], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout!.on('data', (d) => (out += d));
    await once(child, 'exit');
    for (const opt of ['--port', '--seed', '--companies', '--token-ttl', '--control', '--help']) expect(out).toContain(opt);
    expect(out).toContain('sandbox-analyst-secret');
  });
});
