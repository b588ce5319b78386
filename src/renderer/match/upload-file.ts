// Sends a file (or long pasted text) to main in chunks of UPLOAD_CHUNK_BYTES: one bridge frame per
// chunk, so the limit is the file's size in bytes (UPLOAD_MAX_BYTES), never a frame's.
import { UPLOAD_CHUNK_BYTES, type PickedFile } from '../../shared/bridge/groups/match';
import { importTooBig } from '../../shared/match/import-limits';
import type { Result } from '../../shared/errors';

type UploadChunk = (input: {
  uploadId?: string;
  fileName: string;
  totalBytes: number;
  offset: number;
  data: string;
  last: boolean;
}) => Promise<Result<{ uploadId: string; file?: PickedFile }>>;

function toBase64(bytes: Uint8Array): string {
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin);
}

/** Too big to send: the message names the file's size and the limit, in the analyst's units (the desktop picker says the same). */
export function uploadTooBig(name: string, bytes: number): string | null {
  return importTooBig(name, bytes);
}

export async function uploadFile(blob: Blob, fileName: string, send: UploadChunk, onProgress?: (sent: number) => void): Promise<PickedFile> {
  let uploadId: string | undefined;
  let offset = 0;
  do {
    const end = Math.min(offset + UPLOAD_CHUNK_BYTES, blob.size);
    const bytes = new Uint8Array(await blob.slice(offset, end).arrayBuffer());
    const r = await send({ uploadId, fileName, totalBytes: blob.size, offset, data: toBase64(bytes), last: end >= blob.size });
    if (!r.ok) throw r.error;
    uploadId = r.value.uploadId;
    offset = end;
    onProgress?.(offset);
    if (r.value.file) return r.value.file;
  } while (offset < blob.size);
  throw new Error('upload ended without a file');
}
