// JSON (one array) and NDJSON (one record per line). Values keep their JSON types; arrays stay arrays.
import { FileSink } from '../file-sink';
import type { RecordWriter } from './types';

export async function openJsonWriter(path: string, kind: 'json' | 'ndjson'): Promise<RecordWriter> {
  const sink = new FileSink(path);
  let first = true;
  if (kind === 'json') await sink.write('[');
  return {
    async writeRecords(records) {
      if (!records.length) return;
      let text = '';
      for (const record of records) {
        if (kind === 'ndjson') text += JSON.stringify(record) + '\n';
        else {
          text += (first ? '\n' : ',\n') + JSON.stringify(record);
          first = false;
        }
      }
      await sink.write(text);
    },
    async finish() {
      if (kind === 'json') await sink.write(first ? ']\n' : '\n]\n');
      await sink.close();
    },
    abort: () => sink.destroy(),
  };
}
