// Finished exports (done, failed, cancelled) outlive a restart: the Exports screen lists them again, and in
// browser mode it is the only way to download the files. One JSON file in the data dir, written
// atomically; the file paths stay in main (the renderer only sees names and download links).
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import writeFileAtomic from 'write-file-atomic';
import { EXPORT_FORMATS, EXPORT_ORIGINS, type ExportJob } from '../../../shared/bridge/groups/export';

export interface HistoryEntry {
  job: ExportJob;
  path: string;
  /** What Export again repeats (the export's start input, or a recording feature's settings). */
  again?: unknown;
}

const ErrorSchema = z.object({ code: z.string(), message: z.string() }).passthrough();
const JobSchema = z.object({
  id: z.string().min(1),
  origin: z.enum(EXPORT_ORIGINS).optional(),
  source: z.string().max(2000).optional(),
  format: z.enum(EXPORT_FORMATS),
  fileName: z.string(),
  state: z.enum(['done', 'failed', 'cancelled']),
  rows: z.number(),
  pages: z.number(),
  totalRows: z.number().optional(),
  totalPages: z.number().optional(),
  error: ErrorSchema.optional(),
  /** Why an all-pages export stopped early (row limit, empty page, repeated token). */
  note: z.string().max(500).optional(),
  /** A list export: the list it came from (by name on the Exports screen). */
  list: z.object({ id: z.number().int().positive(), name: z.string().max(500) }).optional(),
  bytes: z.number().nonnegative().optional(),
  neutralised: z.number().int().nonnegative().optional(),
  startedAt: z.number(),
  finishedAt: z.number().optional(),
});
const FileSchema = z.object({ v: z.literal(1), entries: z.array(z.object({ job: JobSchema, path: z.string().min(1), again: z.unknown().optional() })) });

export class ExportHistory {
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly file: string,
    private readonly max: number,
  ) {}

  /** Entries from the last runs, oldest first; an unreadable file counts as empty. */
  async load(): Promise<HistoryEntry[]> {
    try {
      const parsed = FileSchema.safeParse(JSON.parse(await readFile(this.file, 'utf8')));
      return parsed.success ? (parsed.data.entries as HistoryEntry[]) : [];
    } catch {
      return [];
    }
  }

  /** Replaces the file with these finished jobs (the newest `max`); writes never overlap. */
  save(entries: HistoryEntry[]): Promise<void> {
    const kept = entries.slice(-this.max).map(({ job, path, again }) => ({ job: withoutLiveFields(job), path, ...(again === undefined ? {} : { again }) }));
    const text = JSON.stringify({ v: 1, entries: kept });
    this.writing = this.writing.catch(() => undefined).then(() => writeFileAtomic(this.file, text, { mode: 0o600 }));
    return this.writing;
  }
}

/** Rate, ETA, phase and the download link belong to one run of the app. */
function withoutLiveFields(job: ExportJob): ExportJob {
  const { downloadUrl: _url, rowsPerSecond: _rate, etaMs: _eta, phase: _phase, canRepeat: _again, ...rest } = job;
  return rest;
}
