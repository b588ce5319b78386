// The renderer's only door to main, and the bottom of the data floor: `window.firmscope` is injected
// by the preload (Electron) or by the browser-mode host; the renderer cannot tell which. Only
// src/renderer/data/ may call `firmscope()` (eslint.config.js, RENDERER_FLOORS); screens use the
// typed calls, hooks and events of data/<group>.ts, whose errors are the shared AppError.
import type { FirmscopeApi } from '../../shared/bridge/table';
import { AppError, type Result } from '../../shared/errors';

declare global {
  interface Window {
    firmscope: FirmscopeApi;
  }
}

export const firmscope = (): FirmscopeApi => window.firmscope;

/** Turns a bridge Result into a value or a thrown AppError (what react-query wants). */
export async function unwrap<T>(p: Promise<Result<T>>): Promise<T> {
  const r = await p;
  if (r.ok) return r.value;
  throw new AppError(r.error.code, r.error.message, { retryable: r.error.retryable, details: r.error.details });
}

export type GroupName = keyof FirmscopeApi & string;

/** The functions of one bridge group, each resolving to its value or rejecting with the shared AppError. */
export type GroupCalls<G extends GroupName> = {
  [F in keyof FirmscopeApi[G] as FirmscopeApi[G][F] extends (...args: never[]) => Promise<Result<unknown>> ? F : never]: FirmscopeApi[G][F] extends (
    ...args: infer A
  ) => Promise<Result<infer T>>
    ? (...args: A) => Promise<T>
    : never;
};

/**
 * `groupCalls('lists').create(input)` is `unwrap(firmscope().lists.create(input))`. The bridge is read
 * at each call, never captured, so a page (or a test) that replaces window.firmscope is always used.
 */
export function groupCalls<G extends GroupName>(group: G): GroupCalls<G> {
  return new Proxy({} as GroupCalls<G>, {
    get: (_target, fn) => {
      // Not a thenable, and nothing for symbols (inspection): only the group's function names.
      if (typeof fn !== 'string' || fn === 'then') return undefined;
      return (...args: unknown[]) => {
        const calls = firmscope()[group] as unknown as Record<string, (...a: unknown[]) => Promise<Result<unknown>>>;
        return unwrap(calls[fn]!(...args));
      };
    },
  });
}
