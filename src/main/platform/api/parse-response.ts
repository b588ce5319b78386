// A 2xx body to a typed value: JSON, then the zod schema from src/shared. Anything else is a
// `bad_response` AppError naming the first broken field.
import type { z } from 'zod';
import { AppError } from '../../../shared/errors';
import { tameJson } from './tame-json';

/** Tame the answer (tame-json.ts): `subject` names what it is about in the error, e.g. "company <id>". */
export interface AnswerLimits {
  maxDepth: number;
  subject: string;
}

/**
 * `fast`: optional check that returns the value when it surely conforms, else null (zod decides).
 * `limits`: refuse nesting deeper than `maxDepth` and turn non-finite numbers into null first.
 */
export function parseJsonResponse<T>(text: string, schema: z.ZodType<T>, what: string, fast?: (json: unknown) => T | null, limits?: AnswerLimits): T {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    const kind = /^\s*</.test(text) ? 'an HTML page' : text.trim() === '' ? 'an empty body' : 'text that is not valid JSON (cut short?)';
    // Only a cut-short body is worth repeating; an HTML page will come back the same.
    const truncated = kind.startsWith('text');
    throw new AppError('bad_response', `The ${what} answer was ${kind} instead of JSON. Check the Base URL and path in the profile.`, {
      retryable: truncated,
      details: { field: '(body)', truncated },
    });
  }
  if (limits && !tameJson(json, limits.maxDepth)) {
    throw new AppError('bad_response', `The ${what} answer for ${limits.subject} is nested more than ${limits.maxDepth} levels deep; Firmscope does not read answers nested that deep.`, {
      details: { field: '(body)', limit: limits.maxDepth, unit: 'levels' },
    });
  }
  const quick = fast?.(json);
  if (quick) return quick;
  const r = schema.safeParse(json);
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  const field = issue && issue.path.length ? issue.path.map(String).join('.') : '(whole body)';
  throw new AppError('bad_response', `The ${what} answer does not have the documented shape: field "${field}" ${describeIssue(issue)}.`, {
    details: { field },
  });
}

function describeIssue(issue: z.core.$ZodIssue | undefined): string {
  if (!issue) return 'is invalid';
  if (issue.code === 'invalid_type') return `should be ${issue.expected}`;
  if (issue.code === 'invalid_value') return 'has a value outside the documented set';
  return `is invalid (${issue.message.slice(0, 120)})`;
}
