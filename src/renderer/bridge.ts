// The renderer's only door to main. `window.firmscope` is injected by the preload (Electron)
// or by the browser-mode host; the renderer cannot tell which.
import type { FirmscopeApi } from '../shared/bridge/table';
import { AppError, type Result } from '../shared/errors';

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
