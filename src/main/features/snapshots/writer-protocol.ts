// Messages between a load-all and its writer thread (writer-thread.ts). Structured-cloned, so plain data.
import type { ErrorCode } from '../../../shared/errors';
import type { PreparedRow } from '../../platform/workspace/row-values';

export interface WriterStart {
  /** The workspace database file, already opened and migrated by the core. */
  file: string;
}

export type WriterRequest =
  | { kind: 'append'; id: number; snapshotId: number; rows: ReadonlyArray<PreparedRow>; serviceCount: number }
  | { kind: 'close' };

export type WriterReply =
  | { kind: 'ready' }
  | { kind: 'appended'; id: number; rowCount: number }
  /** `code`: the AppError's (a lock, a full or read-only disk, in words); none for any other error. */
  | { kind: 'failed'; id: number; message: string; code?: ErrorCode };
