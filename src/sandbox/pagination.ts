// Opaque, tamper-proof pagination tokens. A token carries the offset of the page it points to
// and a fingerprint of the request (route, body, every query parameter but the token itself);
// any difference while navigating answers 400 pagination_mismatch (docs/service-defaults.md).
// Search tokens also carry the data epoch the walk started in, so every page of it reads that
// epoch's data (docs/sandbox.md, "Data that changes over time").
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { canonicalJson } from '../shared/canonical-json';
import { badRequest } from './api-errors';

/** Every query parameter except the token, sorted: the query part of a fingerprint. */
export function queryKey(query: Record<string, unknown>): string {
  return Object.keys(query)
    .filter((k) => k !== 'pagination_token')
    .sort()
    .map((k) => `${k}=${String(query[k])}`)
    .join('&');
}

export function fingerprintOf(route: string, queryPart: string, canonicalBody: string): string {
  return createHash('sha256').update(route).update('\n').update(queryPart).update('\n').update(canonicalBody).digest('base64url').slice(0, 22);
}

export function requestFingerprint(route: string, query: Record<string, unknown>, body: unknown): string {
  return fingerprintOf(route, queryKey(query), canonicalJson(body ?? null));
}

interface TokenPayload {
  v: 1;
  /** Fingerprint of the request that issued the token. */
  f: string;
  /** Offset of the first record of the page the token points to. */
  o: number;
  /** Data epoch of the walk (search only). */
  e?: number;
}

export class PaginationTokens {
  private readonly key: Buffer;
  /** Tokens whose signature was already checked (hot path: walking pages re-sends them). */
  private readonly verified = new Map<string, TokenPayload>();

  constructor(key: Buffer = randomBytes(32)) {
    this.key = key;
  }

  private sign(data: string): string {
    return createHmac('sha256', this.key).update(data).digest('base64url').slice(0, 32);
  }

  issue(fingerprint: string, offset: number, epoch?: number): string {
    const payload: TokenPayload = epoch === undefined ? { v: 1, f: fingerprint, o: offset } : { v: 1, f: fingerprint, o: offset, e: epoch };
    const data = Buffer.from(JSON.stringify(payload)).toString('base64url');
    return `${data}.${this.sign(data)}`;
  }

  /** Offset to serve for `token`, or a 400 ApiError when it is forged, damaged or for another request. */
  resolve(token: string, fingerprint: string): number {
    return this.resolvePage(token, fingerprint).offset;
  }

  /** Offset and data epoch (undefined if the token has none) to serve for `token`; errors as `resolve`. */
  resolvePage(token: string, fingerprint: string): { offset: number; epoch: number | undefined } {
    let payload = this.verified.get(token);
    if (!payload) {
      payload = this.verify(token);
      if (this.verified.size >= 4096) this.verified.delete(this.verified.keys().next().value as string);
      this.verified.set(token, payload);
    }
    if (payload.f !== fingerprint) {
      throw badRequest(
        'The request changed during a pagination session (body or query parameters differ from the request that issued the token); omit pagination_token to start again',
        'pagination_token',
        'pagination_mismatch',
      );
    }
    return { offset: payload.o, epoch: payload.e };
  }

  private verify(token: string): TokenPayload {
    const invalid = () => badRequest('pagination_token is not valid; omit it to start from the first page', 'pagination_token', 'invalid_pagination_token');
    const dot = token.indexOf('.');
    if (dot <= 0 || token.length > 512) throw invalid();
    const data = token.slice(0, dot);
    const given = Buffer.from(token.slice(dot + 1));
    const expected = Buffer.from(this.sign(data));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid();
    let payload: TokenPayload;
    try {
      payload = JSON.parse(Buffer.from(data, 'base64url').toString('utf8')) as TokenPayload;
    } catch {
      throw invalid();
    }
    if (payload?.v !== 1 || typeof payload.f !== 'string' || !Number.isInteger(payload.o) || payload.o < 0) throw invalid();
    if (payload.e !== undefined && !(Number.isInteger(payload.e) && payload.e >= 0)) throw invalid();
    return payload;
  }
}

export interface PageWindow {
  offset: number;
  pageSize: number;
  next: string | null;
  previous: string | null;
}

/** Next/previous tokens for a page at `offset` of `total` results (of data epoch `epoch`, for search). */
export function pageWindow(tokens: PaginationTokens, fingerprint: string, offset: number, pageSize: number, total: number, epoch?: number): PageWindow {
  const next = offset + pageSize < total ? tokens.issue(fingerprint, offset + pageSize, epoch) : null;
  const previous = offset > 0 ? tokens.issue(fingerprint, Math.max(0, offset - pageSize), epoch) : null;
  return { offset, pageSize, next, previous };
}

/** page_size query parameter: default 10, integer 1..200, else 400 invalid_page_size. */
export function parsePageSize(raw: unknown): number {
  if (raw === undefined) return 10;
  const text = Array.isArray(raw) ? '' : String(raw);
  if (!/^\d+$/.test(text)) throw badRequest('page_size must be a whole number between 1 and 200', 'page_size', 'invalid_page_size');
  const n = Number(text);
  if (n < 1 || n > 200) throw badRequest('page_size must be a whole number between 1 and 200', 'page_size', 'invalid_page_size');
  return n;
}
