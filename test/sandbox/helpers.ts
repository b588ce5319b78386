// Shared helpers for the sandbox conformance suite: everything goes over real HTTP.
import { SANDBOX_CLIENTS } from '../../src/sandbox/clients';
import { startSandbox, type SandboxHandle, type SandboxOptions } from '../../src/sandbox/server';

export type Client = { id: string; secret: string };

export async function start(opts: SandboxOptions = {}): Promise<SandboxHandle> {
  return startSandbox({ companies: 2000, ...opts });
}

export function basic(id: string, secret: string): string {
  const enc = (s: string) => encodeURIComponent(s).replace(/%20/g, '+');
  return `Basic ${Buffer.from(`${enc(id)}:${enc(secret)}`).toString('base64')}`;
}

export async function tokenRequest(
  sb: SandboxHandle,
  client: Client | null,
  form: Record<string, string> = { grant_type: 'client_credentials', scope: 'api:use' },
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(`${sb.authUrl}/oauth2/token`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(client ? { authorization: basic(client.id, client.secret) } : {}),
      ...headers,
    },
    body: new URLSearchParams(form).toString(),
  });
}

export async function getToken(sb: SandboxHandle, client: Client = SANDBOX_CLIENTS.analyst): Promise<string> {
  const res = await tokenRequest(sb, client);
  if (res.status !== 200) throw new Error(`token request failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

export interface ApiResult {
  status: number;
  headers: Headers;
  body: any;
}

async function toResult(res: Response): Promise<ApiResult> {
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    /* keep the raw text: some tests expect malformed bodies */
  }
  return { status: res.status, headers: res.headers, body };
}

export async function apiGet(sb: SandboxHandle, token: string | null, path: string): Promise<ApiResult> {
  return toResult(await fetch(`${sb.baseUrl}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} }));
}

export async function apiPost(sb: SandboxHandle, token: string | null, path: string, body: unknown, raw = false): Promise<ApiResult> {
  return toResult(
    await fetch(`${sb.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: raw ? (body as string) : JSON.stringify(body),
    }),
  );
}

export function searchPath(query: Record<string, string | number> = {}): string {
  const q = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  return `/search/v1/companies${q ? `?${q}` : ''}`;
}

export const byCountry = (code: string) => ({ filters: { and: [{ attribute: 'country', relation: 'equals', value: code }] } });
