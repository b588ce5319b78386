// Service answers tamed before use: non-finite numbers become null, nesting beyond the limit is
// refused with an error naming the subject (never a stack overflow), also through parseJsonResponse.
import { describe, expect, it } from 'vitest';
import { EsgModuleResponseSchema } from '../../../../src/shared/service/schemas';
import { AppError } from '../../../../src/shared/errors';
import { parseJsonResponse } from '../../../../src/main/platform/api/parse-response';
import { ANSWER_MAX_DEPTH, tameJson } from '../../../../src/main/platform/api/tame-json';

const deep = (n: number) => '['.repeat(n) + ']'.repeat(n);
const body = (result: string) => `{"pagination":{"next":null},"count":1,"result":${result},"company_id":"c1","module":"scores","status":"complete","active_processing_session":null}`;

describe('tameJson', () => {
  it('turns 1e999 and -1e999 into null, in objects and arrays, and keeps finite numbers', () => {
    const v = JSON.parse('{"a":1e999,"b":[-1e999,2,{"c":1e999}],"d":-0.5}');
    expect(tameJson(v)).toBe(true);
    expect(v).toEqual({ a: null, b: [null, 2, { c: null }], d: -0.5 });
  });

  it('refuses nesting deeper than the limit, and 100,000 levels without overflowing', () => {
    expect(tameJson(JSON.parse(deep(4)), 4)).toBe(true);
    expect(tameJson(JSON.parse(deep(5)), 4)).toBe(false);
    expect(tameJson(JSON.parse(deep(100_000)))).toBe(false);
  });
});

describe('parseJsonResponse with limits', () => {
  const limits = { maxDepth: ANSWER_MAX_DEPTH, subject: 'company c1' };

  it('a depth bomb is a bad_response naming the answer and the company', () => {
    let err: unknown;
    try {
      parseJsonResponse(body(`[{"nested":${deep(100_000)}}]`), EsgModuleResponseSchema, 'ESG scores', undefined, limits);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe('bad_response');
    expect((err as AppError).message).toBe(`The ESG scores answer for company c1 is nested more than ${ANSWER_MAX_DEPTH} levels deep; Firmscope does not read answers nested that deep.`);
    expect((err as AppError).details).toMatchObject({ limit: ANSWER_MAX_DEPTH, unit: 'levels' });
  });

  it('an Infinity score arrives as null', () => {
    const parsed = parseJsonResponse(body('[{"overall":1e999,"social":42}]'), EsgModuleResponseSchema, 'ESG scores', undefined, limits);
    expect(parsed.result).toEqual([{ overall: null, social: 42 }]);
  });
});
