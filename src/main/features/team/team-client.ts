// The desktop's calls to the team server: redeem an invite, ask who the token belongs to. Each
// answer becomes one outcome the connection acts on: a refusal (the server said no: never sent
// again as it was), unreachable (no answer, or not a team server's: try again later), or the value.
import type { z } from 'zod';
import { httpSend, TransportError, type FetchLike } from '../../platform/api/http';
import { MeAnswerSchema, RedeemAnswerSchema, TeamErrorAnswerSchema, type RedeemAnswer, type TeamMember } from '../../../shared/team/api';

/** A team server answers within this, or the app says it cannot be reached. */
export const TEAM_TIMEOUT_MS = 10_000;
/** The largest answer a call takes (a team's watches, a check's changes). */
const MAX_ANSWER_BYTES = 16 * 1024 * 1024;

export type TeamOutcome<T> =
  | { kind: 'ok'; value: T }
  /** 401/403: the code or token is refused (403: this member may not do that). `message` is the server's sentence. */
  | { kind: 'refused'; message: string; status: 401 | 403 }
  /** 400/404/409/413: what was asked cannot be done as asked; the server says why. */
  | { kind: 'invalid'; message: string }
  /** 503 with the server's sentence: this server does not offer that (no digests set up); it is up. */
  | { kind: 'unavailable'; message: string }
  /** 429: try after `retryAfterS`. */
  | { kind: 'slowed'; message: string; retryAfterS: number }
  /** No answer, a failure, or something that is not a team server's answer. */
  | { kind: 'unreachable'; message: string };

export type TeamMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface TeamClient {
  redeem(code: string): Promise<TeamOutcome<RedeemAnswer>>;
  me(token: string): Promise<TeamOutcome<TeamMember>>;
  /** Any member call of `path` with the token, its answer read with `schema`. */
  call<T>(token: string, method: TeamMethod, path: string, schema: z.ZodType<T>, body?: unknown): Promise<TeamOutcome<T>>;
}

export function createTeamClient(serverUrl: string, fetchImpl: FetchLike): TeamClient {
  const base = serverUrl.replace(/\/+$/, '');
  const call = async <T>(path: string, schema: z.ZodType<T>, init: { method: TeamMethod; token?: string; body?: unknown }): Promise<TeamOutcome<T>> => {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    let res;
    try {
      res = await httpSend(
        { method: init.method, url: base + path, headers, body: init.body === undefined ? undefined : JSON.stringify(init.body), timeoutMs: TEAM_TIMEOUT_MS, maxBytes: MAX_ANSWER_BYTES },
        fetchImpl,
      );
    } catch (e) {
      return { kind: 'unreachable', message: unreachableText(base, e) };
    }
    const json = parseJson(res.text);
    if (res.status >= 200 && res.status < 300) {
      const parsed = schema.safeParse(json);
      return parsed.success ? { kind: 'ok', value: parsed.data } : { kind: 'unreachable', message: notATeamServer(base) };
    }
    const said = TeamErrorAnswerSchema.safeParse(json);
    if (!said.success) return { kind: 'unreachable', message: res.status >= 500 ? `The team server at ${base} failed (HTTP ${res.status}); try again later.` : notATeamServer(base) };
    if (res.status === 401 || res.status === 403) return { kind: 'refused', message: said.data.error.message, status: res.status };
    if (res.status === 429) return { kind: 'slowed', message: said.data.error.message, retryAfterS: Number(res.headers.get('retry-after')) || 1 };
    if ([400, 404, 409, 413].includes(res.status)) return { kind: 'invalid', message: said.data.error.message };
    if (res.status === 503 && said.data.error.code === 'not_configured') return { kind: 'unavailable', message: said.data.error.message };
    return { kind: 'unreachable', message: `The team server at ${base} answered: ${said.data.error.message}` };
  };
  return {
    redeem: (code) => call('/v1/invites/redeem', RedeemAnswerSchema, { method: 'POST', body: { code } }),
    call: (token, method, path, schema, body) => call(path, schema, { method, token, body }),
    me: async (token) => {
      const r = await call('/v1/me', MeAnswerSchema, { method: 'GET', token });
      return r.kind === 'ok' ? { kind: 'ok', value: r.value.member } : r;
    },
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

const notATeamServer = (base: string) => `${base} answered, but not as a Firmscope team server: check the address with your team admin.`;

function unreachableText(base: string, e: unknown): string {
  if (e instanceof TransportError && e.kind === 'certificate') {
    return `The team server's certificate at ${base} is not trusted: if your company signs its own certificates, choose its CA file (PEM) and connect again.`;
  }
  const why = e instanceof TransportError ? e.message : 'no answer';
  return `The team server at ${base} cannot be reached (${why}). Your local work is not affected; Firmscope tries again when you ask.`;
}
