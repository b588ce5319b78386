// Raw and hostile ESG answers (control only): a test chooses a module's result byte for byte, so
// what JSON.stringify cannot write (1e999, a 100,000-deep nesting, a 5 MB string) reaches a client.
import { afterEach, describe, expect, it } from 'vitest';
import { HOSTILE_DEPTH, HOSTILE_STRING_CHARS } from '../../src/sandbox/esg/hostile';
import type { SandboxHandle } from '../../src/sandbox/server';
import { getToken, start } from './helpers';

const open: SandboxHandle[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});
async function sandbox(enableControl = true) {
  const sb = await start({ companies: 400, enableControl, esg: { sessionMs: 60_000 } });
  open.push(sb);
  return { sb, token: await getToken(sb), company: sb.control.esgCompanies('known', 1)[0]!.company_id };
}
const moduleText = async (sb: SandboxHandle, token: string, id: string, module: string) => {
  const res = await fetch(`${sb.baseUrl}/esg/v1/companies/${id}/${module}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  return res.text();
};
const control = (sb: SandboxHandle, method: string, path: string, body?: unknown) =>
  fetch(`${sb.baseUrl}/__control${path}`, { method, headers: body === undefined ? {} : { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });

describe('raw ESG answers', () => {
  it('PUT __control/esg/raw serves the text verbatim as a complete answer, until cleared', async () => {
    const { sb, token, company } = await sandbox();
    const res = await control(sb, 'PUT', '/esg/raw', { company_id: company, module: 'scores', result: '[{"overall":1e999,"social":-1e999}]' });
    expect(await res.json()).toEqual({ count: 1 });
    const text = await moduleText(sb, token, company, 'scores');
    expect(text).toContain('"result":[{"overall":1e999,"social":-1e999}]');
    const body = JSON.parse(text);
    expect(body).toMatchObject({ count: 1, status: 'complete', active_processing_session: null, company_id: company, module: 'scores' });
    expect(body.result[0].overall).toBe(Infinity);
    // Other modules still come from the engine.
    expect(JSON.parse(await moduleText(sb, token, company, 'news')).status).toBe('processing');
    expect(await (await control(sb, 'DELETE', `/esg/raw?company_id=${company}`)).json()).toEqual({ cleared: 1 });
    expect(JSON.parse(await moduleText(sb, token, company, 'scores')).status).toBe('processing');
  });

  it('refuses a result that is not the text of a JSON array', async () => {
    const { sb, company } = await sandbox();
    for (const result of ['{"a":1}', '[1,', 'not json']) {
      const res = await control(sb, 'PUT', '/esg/raw', { company_id: company, module: 'news', result });
      expect(res.status, result).toBe(400);
    }
  });

  it('hostile kinds: content (1e999, javascript: links, HTML), huge (5 MB strings), deep (100,000 levels)', async () => {
    const { sb, token } = await sandbox();
    const ids = sb.control.esgCompanies('known', 3).map((c) => c.company_id);
    expect(await (await control(sb, 'PUT', '/esg/hostile', { company_id: ids[0], kind: 'content' })).json()).toEqual({ modules: ['news', 'commitments', 'scores'] });
    expect(await (await control(sb, 'PUT', '/esg/hostile', { company_id: ids[1], kind: 'huge' })).json()).toEqual({ modules: ['news', 'commitments'] });
    expect(sb.control.setEsgHostile(ids[2]!, 'deep')).toEqual(['news', 'commitments', 'scores']);

    const scores = await moduleText(sb, token, ids[0]!, 'scores');
    expect(scores).toContain('"overall":1e999');
    expect(JSON.parse(scores).result[0].environmental).toBe(-Infinity);
    const news = JSON.parse(await moduleText(sb, token, ids[0]!, 'news')).result as { url: string; title: string }[];
    expect(news.map((a) => a.url)).toContain('javascript:window.__hostile=3');
    expect(news[0]!.title).toContain('<img src=x onerror=');

    const huge = JSON.parse(await moduleText(sb, token, ids[1]!, 'news')).result[0].title as string;
    expect(huge.length).toBeGreaterThan(HOSTILE_STRING_CHARS);

    const deep = await moduleText(sb, token, ids[2]!, 'news');
    expect(deep).toContain('['.repeat(HOSTILE_DEPTH) + ']'.repeat(HOSTILE_DEPTH));
  });

  it('without enableControl the routes do not exist', async () => {
    const { sb, token, company } = await sandbox(false);
    const res = await fetch(`${sb.baseUrl}/__control/esg/hostile`, { method: 'PUT', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ company_id: company, kind: 'content' }) });
    expect(res.status).toBe(404);
  });
});
