// Match feature (main side): preview/single match through the one request builder, and bulk jobs.
import { randomUUID } from 'node:crypto';
import { appendFile, mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { AppError } from '../../../shared/errors';
import { LimitError } from '../../../shared/limits';
import { UPLOAD_CHUNK_BYTES, UPLOAD_MAX_BYTES } from '../../../shared/bridge/groups/match';
import { matchGroup, type MatchResultView } from '../../../shared/bridge/groups/match';
import { buildMatchBody, checkEditedBody, describeProblems, type BuildResult } from '../../../shared/match/request-builder';
import type { FeatureDeps, FeatureModule } from '../../platform/ports/feature-deps';
import type { ExportRecords } from '../../platform/ports/export-records';
import type { ListsAccess } from '../lists/list-store';
import type { ListMemberInput } from '../../../shared/lists/lists';
import { rankCandidates } from './bulk-job';
import { BulkJobRegistry } from './job-registry';
import { writeBulkExport } from './bulk-export';
import { resultsRows, resultsViewReader } from './results-view';
import { csvInputFormat, InputFormatStore } from './input-format';
import { DEFAULT_CSV, type CsvOptions } from '../../platform/tabular/csv';
import { csvOptions } from '../../platform/tabular/table-file';
import { describeCsvOptions } from '../../../shared/export/csv-presets';
import type { CsvInputFormat } from '../../../shared/match/encodings';
import { IMPORT_MAX_BYTES, importTooBig } from '../../../shared/match/import-limits';
import type { CsvSource } from './csv-source';
import { fileEncoding, inspectBulk } from './bulk-inspect';
import type { EncodingInfo, TextEncoding } from '../../../shared/match/encodings';
import { suggestedFileName } from '../../platform/tabular/file-names';
import { z } from 'zod';
import { clampThreshold, DEFAULT_REVIEW_THRESHOLD } from '../../../shared/match/review';
import { AtomicTarget } from '../../platform/tabular/atomic-target';
import { fileError } from '../../platform/tabular/io-error';
import { ExportJournal } from '../../platform/tabular/journal';

/** Settings key: the review threshold each profile last chose (profile id -> 0..1). */
export const REVIEW_THRESHOLD_KEY = 'match.reviewThreshold';
const ThresholdsSchema = z.record(z.string(), z.number().min(0).max(1));

const CSV_EXTENSIONS = new Set(['.csv', '.tsv', '.txt']);

/** A file over the import limit is refused before a byte of it is read, naming the limit and what to do. */
function refuseTooBig(fileName: string, bytes: number): void {
  const tooBig = importTooBig(fileName, bytes);
  if (tooBig) throw new AppError('invalid_input', tooBig, { retryable: false, details: { limit: IMPORT_MAX_BYTES, unit: 'bytes', bytes } });
}

/** The lists feature as the review step uses it (absent in tests that do not need lists). */
export interface MatchFeatureOptions {
  lists?: { activeStore(): ListsAccess };
  /** The Exports history: each bulk export is recorded there, and can be written again from it. */
  exports?: ExportRecords;
}

export function createMatchFeature(deps: FeatureDeps, opts: MatchFeatureOptions = {}): FeatureModule<'match'> {
  // The same journal as search exports: a killed process leaves no partial file (swept at start).
  const journal = new ExportJournal(join(deps.dataDir, 'exports-in-flight'));
  const template = () => deps.activeProfile()?.matchPayloadTemplate ?? null;
  // The slider is remembered per profile: the next bulk match of that profile starts with it.
  const thresholds = () => deps.settings.read(REVIEW_THRESHOLD_KEY, ThresholdsSchema, {});
  const rememberedThreshold = () => {
    const id = deps.activeProfile()?.id;
    return id ? (thresholds()[id] ?? DEFAULT_REVIEW_THRESHOLD) : DEFAULT_REVIEW_THRESHOLD;
  };
  const rememberThreshold = (t: number) => {
    const id = deps.activeProfile()?.id;
    if (id) deps.settings.write(REVIEW_THRESHOLD_KEY, { ...thresholds(), [id]: clampThreshold(t) });
  };

  // Files the analyst chose in main's own open dialog, by id: the renderer never names a path.
  const pickedFiles = new Map<string, string>();
  // Files bulkExport wrote, by id, for "Show in folder".
  const exportedFiles = new Map<string, string>();
  // How each job's input was written: its CSV export goes out the same way by default.
  const inputFormats = new InputFormatStore(deps.settings, deps.now);

  // Files the page sent in chunks land in <dataDir>/uploads (0700, files 0600); an earlier run's are swept.
  const uploadsDir = join(deps.dataDir, 'uploads');
  const uploads = new Map<string, { path: string; fileName: string; total: number; written: number }>();
  const sweptUploads = sweepOldUploads(uploadsDir);

  // Bulk jobs live in the profile's workspace database (in memory when it cannot load).
  const registry = new BulkJobRegistry({
    workspace: deps.workspace,
    activeProfileId: () => deps.activeProfile()?.id ?? null,
    // A job of another profile runs on after a switch, but its progress would land in the shown list.
    env: { api: deps.api, now: deps.now, onProgress: (view) => registry.ofActiveProfile(view.id) && deps.emit('match', 'bulkProgress', view) },
    sourcesDir: join(deps.dataDir, 'match-sources'),
    uploadsDir,
    onWriteError: (message) => deps.shell.notify('Bulk match not saved', message),
  });
  const job = (id: string) => registry.get(id);

  /** The CSV a call names, and for a file the encoding it is read in (the analyst's, else detected). */
  const toSource = async (input: { csvText?: string; fileId?: string; encoding?: TextEncoding }): Promise<{ source: CsvSource; encoding?: EncodingInfo }> => {
    if (input.csvText !== undefined) return { source: { text: input.csvText } };
    const path = pickedFiles.get(input.fileId!);
    if (!path) throw new AppError('not_found', 'That file is no longer open (the app was restarted). Choose it again.');
    // Again here: the file may have grown since it was chosen.
    refuseTooBig(basename(path), (await stat(path)).size);
    const encoding = await fileEncoding(path, input.encoding);
    return { source: { filePath: path, encoding: encoding.encoding }, encoding };
  };

  const fail = (r: Extract<BuildResult, { ok: false }>): never => {
    throw new AppError('invalid_input', describeProblems(r.problems), { details: { field: r.problems[0]?.field } });
  };

  const handlers: FeatureModule<'match'>['handlers'] = {
    async preview({ fields }) {
      const t = template();
      const r = buildMatchBody(fields, t);
      return { body: r.ok ? r.body : null, problems: r.ok ? [] : r.problems, source: t?.trim() ? 'profile' : 'default' };
    },

    async single({ fields, rawBody }, ctx): Promise<MatchResultView> {
      const built = rawBody !== undefined ? checkEditedBody(rawBody, template()) : buildMatchBody(fields ?? {}, template());
      if (!built.ok) fail(built);
      const body = (built as { body: unknown }).body;
      const api = await deps.api();
      const res = await api.match(body, { signal: ctx.signal });
      return { requestBody: body, count: res.count, candidates: rankCandidates(res.result) };
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
        if (input.totalBytes > UPLOAD_MAX_BYTES) throw new LimitError(`${input.fileName} (${input.totalBytes.toLocaleString('en-US')} bytes)`, UPLOAD_MAX_BYTES, 'bytes');
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
    async bulkInspect(input) {
      try {
        const { source, encoding } = await toSource(input);
        return await inspectBulk(source, { partial: input.partial, ...(encoding ? { encoding } : {}), mapping: input.mapping, keyColumn: input.keyColumn });
      } catch (e) {
        throw fileError(e);
      }
    },

    async bulkStart(input) {
      // A file that cannot be read now (gone since the check) fails the job with the reader's own words.
      const { source } = await toSource(input).catch((e: unknown) => {
        // Its own refusals (a file no longer open, or over the size limit) are said now, not by a job.
        if (input.fileId === undefined || e instanceof AppError) throw e;
        return { source: { filePath: pickedFiles.get(input.fileId)!, encoding: input.encoding ?? ('utf-8' as const) } };
      });
      if (!input.mapping.name && !template()?.trim()) {
        throw new AppError('invalid_input', 'Choose which column holds the company name.', { details: { field: 'name' } });
      }
      if (Object.keys(input.mapping).length === 0) throw new AppError('invalid_input', 'Map at least one column to a match field.');
      // No connection yet: say so now rather than failing every row.
      await deps.api();
      // Unreadable here means unreadable for the job too, which reports it; the export then uses its defaults.
      const inputFormat = await csvInputFormat(source).catch(() => null);
      const fileName = input.fileName ?? (source.filePath ? basename(source.filePath) : undefined);
      const j = await registry.start({
        id: randomUUID(),
        source,
        ...(fileName !== undefined ? { fileName } : {}),
        mapping: input.mapping,
        // Pasted text is kept as a UTF-8 copy; a file is read again in its own encoding.
        encoding: source.encoding ?? 'utf-8',
        ...(input.keyColumn !== undefined ? { keyColumn: input.keyColumn } : {}),
        concurrency: input.concurrency,
        template: template(),
        reviewThreshold: input.reviewThreshold ?? rememberedThreshold(),
      });
      if (inputFormat) inputFormats.set(j.id, inputFormat);
      return j.view();
    },

    async bulkJobs() {
      return registry.list().map((j) => j.view());
    },

    async bulkDelete({ id }) {
      registry.delete(id);
    },

    async bulkRows({ id, offset, limit, states, decisions }) {
      const j = job(id);
      const rows = resultsRows(j, { states, decisions });
      return { total: rows.length, rows: rows.slice(offset, offset + limit).map((r) => j.rowView(r)) };
    },

    async bulkSetThreshold({ id, threshold }) {
      const j = job(id);
      j.setThreshold(threshold);
      rememberThreshold(threshold);
      return j.view();
    },

    async bulkDecide({ id, line, action, companyId }) {
      const j = job(id);
      const row = j.decide(line, action === 'pick' ? { action, companyId: companyId! } : { action });
      return { row: j.rowView(row), job: j.view() };
    },

    async bulkRetryFailures({ id }) {
      const j = job(id);
      void j.retryFailures().catch(() => undefined);
      return j.view();
    },

    async bulkCancel({ id }) {
      job(id).cancel();
    },

    async bulkAddToList({ id, target }) {
      const j = job(id);
      if (!opts.lists) throw new AppError('workspace_unavailable', 'Lists are not available in this build.');
      const store = opts.lists.activeStore();
      const companies: ListMemberInput[] = [];
      let rejected = 0;
      let pending = 0;
      for (const r of j.rows) {
        const d = j.decisionOf(r);
        if (d === 'rejected') rejected++;
        if (d === 'pending') pending++;
        const chosen = j.chosenOf(r);
        if (!chosen) continue;
        // The best candidate keeps its main fields (a record); a picked one its name and country.
        const best = r.best?.company.company_id === chosen.companyId ? r.best.company : undefined;
        companies.push(best ? { companyId: chosen.companyId, record: best } : { companyId: chosen.companyId, ...(chosen.name ? { name: chosen.name } : {}), ...(chosen.country ? { country: chosen.country } : {}) });
      }
      if (companies.length === 0) throw new AppError('invalid_input', 'No row is accepted yet: accept or pick a candidate first.');
      if ('newName' in target) {
        const { list, added, alreadyIn } = store.createList({ name: target.newName, companies });
        return { list: store.get(list.id)!, added, alreadyIn, rejected, pending };
      }
      const { added, alreadyIn } = store.addToList(target.listId, companies);
      return { list: store.get(target.listId)!, added, alreadyIn, rejected, pending };
    },

    async revealExport({ exportId }) {
      const path = exportedFiles.get(exportId);
      if (!path) throw new AppError('not_found', 'That exported file is no longer listed (the app was restarted).');
      await deps.shell.revealFile(path);
    },

    async bulkCsvInput({ id }) {
      job(id);
      return inputFormats.get(id);
    },

    async bulkExport(input) {
      const { id, format, csv: chosen, encoding } = input;
      const j = job(id);
      if (j.view().state === 'running') throw new AppError('invalid_input', 'Wait for the bulk match to finish (or cancel it) before exporting.');
      const stem = (j.view().fileName ?? 'companies').replace(/\.[^.]+$/, '');
      const at = new Date(deps.now());
      const path = await deps.shell.chooseExportPath(suggestedFileName(format, `${stem}-matched`, at));
      if (path === null) return null;
      const startedAt = deps.now();
      try {
        const target = await AtomicTarget.open(path, journal, `match-${j.id}-${randomUUID()}`);
        const csv = format === 'csv' ? bulkCsvOptions(chosen, encoding, inputFormats.get(id)) : undefined;
        const written = await writeBulkExport(target, format, j.headers, j.rows, {
          fileName: j.view().fileName ?? null,
          profile: deps.activeProfile()?.name ?? null,
          at,
          review: { decision: (r) => j.decisionOf(r), chosen: (r) => j.chosenOf(r), counts: j.reviewCounts() },
          ...(csv ? { csv } : {}),
        });
        const url = deps.shell.downloadUrlFor?.(path);
        const exportId = randomUUID();
        exportedFiles.set(exportId, path);
        await opts.exports?.record({
          origin: 'match',
          source: `Bulk match of ${j.view().fileName ?? 'an input file'}`,
          format,
          path,
          rows: written.rows,
          startedAt,
          finishedAt: deps.now(),
          ...(written.csv ? { neutralised: written.neutralised } : {}),
          again: input,
        });
        return {
          exportId,
          fileName: basename(path),
          rows: written.rows,
          ...(written.csv ? { csv: describeCsvOptions(written.csv), neutralised: written.neutralised } : {}),
          ...(written.notice ? { notice: written.notice } : {}),
          ...(url ? { downloadUrl: url } : {}),
        };
      } catch (e) {
        throw fileError(e);
      }
    },
  };

  // Export again (Exports screen): the same job, format and CSV choice, to a new file.
  opts.exports?.repeatWith('match', async (again) => {
    const result = await handlers.bulkExport(matchGroup.fns.bulkExport.input.parse(again), { signal: new AbortController().signal });
    return result ? { fileName: result.fileName } : null;
  });

  // Export view… on the results table: the export feature reads the rows as the table shows them.
  opts.exports?.readViewWith('match', resultsViewReader(job));

  return {
    handlers,
    async start() {
      // The active profile's jobs are listed again, and one the app stopped while it ran goes on.
      try {
        registry.loadActive();
      } catch {
        // An unreadable database is the workspace notice's to report; jobs then start in memory.
      }
    },
    async dispose() {
      await registry.dispose();
    },
  };
}

/**
 * The options of a bulk CSV export: as chosen, or else the input file's delimiter, BOM and encoding
 * (with CRLF and the formula prefix, as before).
 */
function bulkCsvOptions(chosen: Partial<CsvOptions> | undefined, encoding: CsvOptions['encoding'] | undefined, input: CsvInputFormat | null): CsvOptions {
  if (chosen) return { ...csvOptions(chosen), encoding: encoding ?? 'utf-8' };
  return input ? { ...DEFAULT_CSV, delimiter: input.delimiter, bom: input.bom, encoding: input.encoding } : DEFAULT_CSV;
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
