// Entry of the export encoder thread: one CsvPageEncoding per export session, pages in, CSV bytes
// out. Bundled as its own entry (export-encoder.js) beside the main bundle; from source it is
// loaded through tsx (worker-boot.mjs).
import { parentPort } from 'node:worker_threads';
import { CsvPageEncoding } from './encode-page';
import { errorForReply, transferable, type EncodeReply, type EncoderRequest } from './messages';

const port = parentPort;
if (!port) throw new Error('The export encoder runs only as a worker thread.');

const sessions = new Map<number, CsvPageEncoding>();

port.on('message', (req: EncoderRequest) => {
  if (req.kind === 'open') sessions.set(req.session, new CsvPageEncoding(req.layout));
  else if (req.kind === 'close') sessions.delete(req.session);
  else {
    let reply: EncodeReply;
    let transfer: ArrayBuffer[] = [];
    try {
      const session = sessions.get(req.session);
      if (!session) throw new Error('unknown encoder session');
      const out = session.encode(req.bytes, req.take);
      const { view, buffer } = transferable(out.csv);
      reply = { id: req.id, csv: view, rows: out.rows, added: out.added };
      transfer = [buffer];
    } catch (e) {
      reply = { id: req.id, error: errorForReply(e) };
    }
    port.postMessage(reply, transfer);
  }
});
port.postMessage({ ready: true } satisfies EncodeReply);
