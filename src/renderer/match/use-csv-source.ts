// Where bulk setup's CSV comes from: a file main opened with its own dialog (desktop app), a file the
// page sent to main in chunks (browser mode, upload-file.ts), or text pasted here. Each new CSV is
// checked at once (use-csv-check.ts); the CSV is then referred to by the file's id, else by the text.
import { useState, type ChangeEvent } from 'react';
import type { PickedFile } from '../../shared/bridge/groups/match';
import { matchCalls, uploadMatchChunk } from '../data/match';
import { uploadFile, uploadTooBig } from './upload-file';
import type { CsvRef } from './bulk-setup-csv';
import type { CsvCheck } from './use-csv-check';

export function useCsvSource(check: Pick<CsvCheck, 'setError' | 'setBusy' | 'readColumns' | 'forget'>) {
  const { setError, setBusy, readColumns } = check;
  const [text, setText] = useState('');
  const [picked, setPicked] = useState<PickedFile | null>(null);
  const [fileName, setFileName] = useState<string | undefined>();

  // Never rejects: every failure after the size check is caught and shown (setError).
  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (!file) return;
    const tooBig = uploadTooBig(file.name, file.size);
    if (tooBig) {
      setError({ code: 'invalid_input', message: tooBig, retryable: false });
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const sent = await uploadFile(file, file.name, uploadMatchChunk);
      setText('');
      setPicked(sent);
      setFileName(sent.fileName);
      await readColumns({ fileId: sent.fileId });
    } catch (e) {
      setError(
        e && typeof e === 'object' && 'code' in e
          ? e
          : { code: 'io', message: `Could not read ${file.name}. Check that it is a text CSV file you can open.`, retryable: false },
      );
    } finally {
      setBusy(false);
    }
  };

  const onPick = async () => {
    setError(null);
    try {
      const chosen = await matchCalls.pickFile();
      if (!chosen) return;
      setPicked(chosen);
      setText('');
      setFileName(chosen.fileName);
      await readColumns({ fileId: chosen.fileId });
    } catch (e) {
      setError(e);
    }
  };

  /** Typing or pasting replaces any file: the CSV is this text now, not checked yet. */
  const onPaste = (value: string) => {
    setText(value);
    setPicked(null);
    setFileName(undefined);
    check.forget();
  };

  /** What the inspect and start calls refer to: the file main holds, else the text here. */
  const currentCsv = (): CsvRef => (picked ? { fileId: picked.fileId } : { csvText: text });

  return { text, picked, fileName, onFile, onPick, onPaste, currentCsv };
}

export type CsvSource = ReturnType<typeof useCsvSource>;
