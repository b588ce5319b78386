// Worker-thread entry (built as its own file: snapshot-writer.js / .mjs beside the core). Stores the
// pages of one load-all on its own SQLite connection, one transaction per page, in the order sent.
import { parentPort, workerData } from 'node:worker_threads';
import { AppError } from '../../../shared/errors';
import { openConnection, type WorkspaceDb } from '../../platform/workspace/db';
import { loadSqlite } from '../../platform/workspace/native';
import { SnapshotStore } from './snapshot-store';
import type { WriterReply, WriterRequest, WriterStart } from './writer-protocol';

const port = parentPort;
if (!port) throw new Error('writer-thread.ts runs only as a worker thread');
const { file } = workerData as WriterStart;
const { db, store } = open();
const reply = (m: WriterReply) => port.postMessage(m);

port.on('message', (m: WriterRequest) => {
  if (m.kind === 'close') {
    db.close();
    port.close();
    return;
  }
  try {
    reply({ kind: 'appended', id: m.id, rowCount: store.appendPrepared(m.snapshotId, m.rows, m.serviceCount) });
  } catch (e) {
    // The workspace's errors arrive as AppErrors in words (sql.ts); their code goes with them.
    reply({ kind: 'failed', id: m.id, message: e instanceof Error ? e.message : String(e), ...(e instanceof AppError ? { code: e.code } : {}) });
  }
});
reply({ kind: 'ready' });

function open(): { db: WorkspaceDb; store: SnapshotStore } {
  const sqlite = loadSqlite();
  // Thrown here, it reaches the core as the worker's 'error' event; the core then writes in its own thread.
  if (!sqlite.ok) throw new Error(sqlite.reason);
  try {
    const connection = openConnection(sqlite.Database, file);
    return { db: connection, store: new SnapshotStore(connection) };
  } catch (e) {
    // A plain Error: a SqliteError arrives in the core without its message.
    throw new Error(`the workspace database could not be opened for writing (${e instanceof Error ? e.message : String(e)})`, { cause: e });
  }
}
