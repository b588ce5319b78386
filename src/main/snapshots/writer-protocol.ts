// Messages between a load-all and its writer thread (writer-thread.ts). Structured-cloned, so plain data.
import type { PreparedRow } from '../workspace/row-values';

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
  | { kind: 'failed'; id: number; message: string };
