// What main and an encoder thread say to each other (structured clone; page bytes are transferred).
import { AppError, type BridgeError } from '../../../shared/errors';
import type { CsvLayout } from './encode-page';

export type EncoderRequest =
  | { kind: 'open'; session: number; layout: CsvLayout }
  | { kind: 'page'; session: number; id: number; bytes: Uint8Array; take: number }
  | { kind: 'close'; session: number };

export type EncodeReply =
  /** Sent once the thread's code is loaded (a thread that never sends it never ran). */
  | { ready: true }
  | { id: number; csv: Uint8Array; rows: number; added: string[] }
  | { id: number; error: BridgeError };

/** An error thrown on the encoder thread, as it will be rebuilt on main (AppErrors keep code and details). */
export function errorForReply(e: unknown): BridgeError {
  if (e instanceof AppError) return e.toBridge();
  return { code: 'internal', message: 'The export could not encode a page.', retryable: false };
}

export function errorFromReply(error: BridgeError): AppError {
  return new AppError(error.code, error.message, { retryable: error.retryable, details: error.details });
}

/** The buffer to transfer: the view's own, or a copy when the view shares a larger (pooled) one. */
export function transferable(bytes: Uint8Array): { view: Uint8Array; buffer: ArrayBuffer } {
  const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer;
  const view = whole ? bytes : bytes.slice();
  return { view, buffer: view.buffer as ArrayBuffer };
}
