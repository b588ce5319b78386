// Messages between a load-all and its writer thread (writer-thread.ts). Structured-cloned, so plain data.

export interface WriterStart {
  /** The workspace database file, already opened and migrated by the core. */
  file: string;
}

export type WriterRequest =
  | { kind: 'append'; id: number; snapshotId: number; records: ReadonlyArray<Record<string, unknown>>; serviceCount: number }
  | { kind: 'close' };

export type WriterReply =
  | { kind: 'ready' }
  | { kind: 'appended'; id: number; rowCount: number }
  | { kind: 'failed'; id: number; message: string };
