// Worker-thread entry (built as its own file: export-format.js / .mjs beside the core). Formats the
// batches of one CSV export of all fields: parses the stored JSON texts, flattens them and makes the
// CSV bytes, in the order sent, so the core's thread is left reading the rows and writing the file.
import { parentPort, workerData } from 'node:worker_threads';
import { AppError } from '../../../shared/errors';
import { CsvAllFieldsFormat, type Chunk } from './csv-all-fields-format';
import type { FormatReply, FormatRequest, FormatStart } from './format-protocol';

const port = parentPort;
if (!port) throw new Error('format-thread.ts runs only as a worker thread');
const format = new CsvAllFieldsFormat((workerData as FormatStart).csv);
const utf8 = new TextEncoder();

/** One buffer of its own (never a slice of Node's shared pool), so it can be transferred. */
function joined(chunks: Chunk[]): Uint8Array {
  const parts = chunks.map((c) => (typeof c === 'string' ? utf8.encode(c) : c));
  const [only] = parts;
  if (only && parts.length === 1 && typeof chunks[0] === 'string') return only;
  const out = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.byteLength;
  }
  return out;
}

const reply = (m: FormatReply) => port.postMessage(m, 'bytes' in m ? [m.bytes.buffer as ArrayBuffer] : []);

// Answered in the order asked: the format takes its batches one after the other.
async function answer(m: FormatRequest): Promise<FormatReply> {
  if (m.kind === 'batch') return { kind: 'batch', id: m.id, bytes: joined(await format.batch(null, m.texts)) };
  const { chunks, end } = await format.end();
  return { kind: 'end', id: m.id, bytes: joined(chunks), end };
}

port.on('message', (m: FormatRequest) => {
  answer(m)
    .then(reply)
    // An AppError (a character the chosen encoding cannot hold) keeps its code and words.
    .catch((e: unknown) => reply({ kind: 'failed', id: m.id, message: e instanceof Error ? e.message : String(e), ...(e instanceof AppError ? { code: e.code } : {}) }));
});
reply({ kind: 'ready' });
