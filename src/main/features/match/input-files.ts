// The input files of bulk matches, by id (the renderer never names a path): files the analyst chose
// in main's own open dialog (desktop) and files the page sent in chunks (browser mode), landing in
// <dataDir>/uploads (0700, files 0600; an earlier run's are swept). Each is refused over the import
// limit before a byte of it is read. Part of the match feature (feature.ts).
import { randomUUID } from 'node:crypto';
import { appendFile, mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { AppError } from '../../../shared/errors';
import { LimitError } from '../../../shared/limits';
import { UPLOAD_CHUNK_BYTES, UPLOAD_MAX_BYTES } from '../../../shared/bridge/groups/match';
import type { EncodingInfo, TextEncoding } from '../../../shared/match/encodings';
import { IMPORT_MAX_BYTES, importTooBig } from '../../../shared/match/import-limits';
import type { FeatureDeps, FeatureModule } from '../../platform/ports/feature-deps';
import { fileEncoding } from './bulk-inspect';
import type { CsvSource } from './csv-source';
import { sentenceCount } from '../../../shared/sentence-numbers';

type Handlers = FeatureModule<'match'>['handlers'];

const CSV_EXTENSIONS = new Set(['.csv', '.tsv', '.txt']);

/** A file over the import limit is refused before a byte of it is read, naming the limit and what to do. */
export function refuseTooBig(fileName: string, bytes: number): void {
  const tooBig = importTooBig(fileName, bytes);
  if (tooBig) throw new AppError('invalid_input', tooBig, { retryable: false, details: { limit: IMPORT_MAX_BYTES, unit: 'bytes', bytes } });
}

export interface InputFiles {
  pickFile: Handlers['pickFile'];
  uploadChunk: Handlers['uploadChunk'];
  /** The CSV a call names, and for a file the encoding it is read in (the analyst's, else detected). */
  toSource(input: { csvText?: string; fileId?: string; encoding?: TextEncoding }): Promise<{ source: CsvSource; encoding?: EncodingInfo }>;
  /** The path of a chosen or uploaded file (undefined: not open, e.g. after a restart). */
  pathOf(fileId: string): string | undefined;
}

export function createInputFiles(deps: Pick<FeatureDeps, 'dataDir' | 'shell'>, uploadsDir = join(deps.dataDir, 'uploads')): InputFiles {
  const pickedFiles = new Map<string, string>();
  const uploads = new Map<string, { path: string; fileName: string; total: number; written: number }>();
  const sweptUploads = sweepOldUploads(uploadsDir);

  return {
    pathOf: (fileId) => pickedFiles.get(fileId),

    async toSource(input) {
      if (input.csvText !== undefined) return { source: { text: input.csvText } };
      const path = pickedFiles.get(input.fileId!);
      if (!path) throw new AppError('not_found', 'That file is no longer open (the app was restarted). Choose it again.');
      // Again here: the file may have grown since it was chosen.
      refuseTooBig(basename(path), (await stat(path)).size);
      const encoding = await fileEncoding(path, input.encoding);
      return { source: { filePath: path, encoding: encoding.encoding }, encoding };
    },

    async pickFile() {
      if (!deps.shell.chooseCsvFile) throw new AppError('invalid_input', 'Open the file with the file picker on the page; only the desktop app opens files itself.');
      const path = await deps.shell.chooseCsvFile();
      if (!path) return null;
      // The dialog filters by extension, but a typed name can still be anything.
      if (!CSV_EXTENSIONS.has(extname(path).toLowerCase())) throw new AppError('invalid_input', 'Choose a .csv, .tsv or .txt file.');
      let bytes: number;
      try {
        bytes = (await stat(path)).size;
      } catch {
        throw new AppError('io', `Could not open ${basename(path)}. Check that the file still exists and you can read it.`);
      }
      refuseTooBig(basename(path), bytes);
      const fileId = randomUUID();
      pickedFiles.set(fileId, path);
      return { fileId, fileName: basename(path), bytes };
    },

    async uploadChunk(input) {
      await sweptUploads;
      let up = input.uploadId ? uploads.get(input.uploadId) : undefined;
      if (input.uploadId && !up) throw new AppError('not_found', 'That upload is no longer in progress (the app was restarted). Choose the file again.');
      const bytes = Buffer.from(input.data, 'base64');
      if (!up) {
        if (input.offset !== 0) throw new AppError('invalid_input', 'An upload starts at the beginning of the file.');
        if (input.totalBytes > UPLOAD_MAX_BYTES) throw new LimitError(`${input.fileName} (${sentenceCount(input.totalBytes)} bytes)`, UPLOAD_MAX_BYTES, 'bytes');
        if (!CSV_EXTENSIONS.has(extname(input.fileName).toLowerCase()) && extname(input.fileName) !== '') throw new AppError('invalid_input', 'Choose a .csv, .tsv or .txt file.');
        const uploadId = randomUUID();
        await mkdir(uploadsDir, { recursive: true, mode: 0o700 });
        up = { path: join(uploadsDir, `${uploadId}.csv`), fileName: basename(input.fileName), total: input.totalBytes, written: 0 };
        await writeFile(up.path, '', { mode: 0o600 });
        uploads.set(uploadId, up);
        input = { ...input, uploadId };
      }
      const id = input.uploadId!;
      const fail = async (e: AppError): Promise<never> => {
        uploads.delete(id);
        await rm(up!.path, { force: true });
        throw e;
      };
      if (input.offset !== up.written) return fail(new AppError('invalid_input', 'The file arrived out of order. Choose it again.'));
      if (bytes.length > UPLOAD_CHUNK_BYTES) return fail(new LimitError('One chunk', UPLOAD_CHUNK_BYTES, 'bytes'));
      if (up.written + bytes.length > up.total) return fail(new AppError('invalid_input', `${up.fileName} is longer than announced. Choose it again.`));
      await appendFile(up.path, bytes);
      up.written += bytes.length;
      if (!input.last) return { uploadId: id };
      uploads.delete(id);
      if (up.written !== up.total) return fail(new AppError('invalid_input', `${up.fileName} arrived incomplete. Choose it again.`));
      const fileId = randomUUID();
      pickedFiles.set(fileId, up.path);
      return { uploadId: id, file: { fileId, fileName: up.fileName, bytes: up.written } };
    },
  };
}

/** Removes uploads older than a day: their ids died with the process that received them. */
async function sweepOldUploads(dir: string): Promise<void> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const dayAgo = Date.now() - 24 * 3600_000;
  for (const name of names) {
    const p = join(dir, name);
    const info = await stat(p).catch(() => null);
    if (info?.isFile() && info.mtimeMs < dayAgo) await rm(p, { force: true });
  }
}
