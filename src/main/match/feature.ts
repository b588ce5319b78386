// Match feature (main side): preview/single match through the one request builder, and bulk jobs.
import { randomUUID } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { AppError } from '../../shared/errors';
import type { MatchResultView } from '../../shared/bridge/groups/match';
import { guessMapping } from '../../shared/match/fields';
import { buildMatchBody, checkEditedBody, describeProblems, type BuildResult } from '../../shared/match/request-builder';
import type { FeatureDeps, FeatureModule } from '../ports/feature-deps';
import { BulkJob, rankCandidates } from './bulk-job';
import { writeBulkExport } from './bulk-export';
import { inspectCsv, type CsvSource } from './csv-source';
import { fileTimestamp } from '../../shared/export/file-name';
import { AtomicTarget } from '../tabular/atomic-target';
import { fileError } from '../tabular/io-error';
import { ExportJournal } from '../tabular/journal';

/** Finished jobs kept for viewing/export; the oldest finished one goes first. */
const MAX_JOBS = 8;
const CSV_EXTENSIONS = new Set(['.csv', '.tsv', '.txt']);

export function createMatchFeature(deps: FeatureDeps): FeatureModule<'match'> {
  const jobs = new Map<string, BulkJob>();
  // The same journal as search exports: a killed process leaves no partial file (swept at start).
  const journal = new ExportJournal(join(deps.dataDir, 'exports-in-flight'));
  const template = () => deps.activeProfile()?.matchPayloadTemplate ?? null;

  const job = (id: string) => {
    const j = jobs.get(id);
    if (!j) throw new AppError('not_found', 'That bulk match is no longer available (the app was restarted or it was cleared). Run the file again.');
    return j;
  };

  // Files the analyst chose in main's own open dialog, by id: the renderer never names a path.
  const pickedFiles = new Map<string, string>();
  // Files bulkExport wrote, by id, for "Show in folder".
  const exportedFiles = new Map<string, string>();

  const toSource = (input: { csvText?: string; fileId?: string }): CsvSource => {
    if (input.csvText !== undefined) return { text: input.csvText };
    const path = pickedFiles.get(input.fileId!);
    if (!path) throw new AppError('not_found', 'That file is no longer open (the app was restarted). Choose it again.');
    return { filePath: path };
  };

  const evictOldJobs = () => {
    if (jobs.size <= MAX_JOBS) return;
    for (const [id, j] of jobs) {
      if (j.view().state !== 'running') {
        jobs.delete(id);
        if (jobs.size <= MAX_JOBS) return;
      }
    }
  };

  const fail = (r: Extract<BuildResult, { ok: false }>): never => {
    throw new AppError('invalid_input', describeProblems(r.problems), { details: { field: r.problems[0].field } });
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
      const fileId = randomUUID();
      pickedFiles.set(fileId, path);
      return { fileId, fileName: basename(path), bytes };
    },
    async bulkInspect(input) {
      const source = toSource(input);
      try {
        const preview = await inspectCsv(source, { partial: input.partial });
        if (preview.headers.length === 0) throw new AppError('invalid_input', 'The CSV is empty. The first line must name the columns.');
        return { ...preview, suggested: guessMapping(preview.headers) };
      } catch (e) {
        throw fileError(e);
      }
    },

    async bulkStart(input) {
      const source = toSource(input);
      if (!input.mapping.name && !template()?.trim()) {
        throw new AppError('invalid_input', 'Choose which column holds the company name.', { details: { field: 'name' } });
      }
      if (Object.keys(input.mapping).length === 0) throw new AppError('invalid_input', 'Map at least one column to a match field.');
      // No connection yet: say so now rather than failing every row.
      await deps.api();
      const id = randomUUID();
      const j = new BulkJob({
        id,
        source,
        fileName: input.fileName ?? (source.filePath ? basename(source.filePath) : undefined),
        mapping: input.mapping,
        concurrency: input.concurrency,
        template: template(),
        api: deps.api,
        now: deps.now,
        onProgress: (view) => deps.emit('match', 'bulkProgress', view),
      });
      jobs.set(id, j);
      evictOldJobs();
      void j.start();
      return j.view();
    },

    async bulkJobs() {
      return [...jobs.values()].map((j) => j.view()).reverse();
    },

    async bulkRows({ id, offset, limit, states }) {
      const j = job(id);
      const rows = states ? j.rows.filter((r) => states.includes(r.state)) : j.rows;
      return { total: rows.length, rows: rows.slice(offset, offset + limit).map((r) => j.rowView(r)) };
    },

    async bulkRetryFailures({ id }) {
      const j = job(id);
      void j.retryFailures().catch(() => undefined);
      return j.view();
    },

    async bulkCancel({ id }) {
      job(id).cancel();
    },

    async revealExport({ exportId }) {
      const path = exportedFiles.get(exportId);
      if (!path) throw new AppError('not_found', 'That exported file is no longer listed (the app was restarted).');
      await deps.shell.revealFile(path);
    },

    async bulkExport({ id, format }) {
      const j = job(id);
      if (j.view().state === 'running') throw new AppError('invalid_input', 'Wait for the bulk match to finish (or cancel it) before exporting.');
      const stem = (j.view().fileName ?? 'companies').replace(/\.[^.]+$/, '');
      const at = new Date(deps.now());
      const path = await deps.shell.chooseExportPath(`${stem}-matched-${fileTimestamp(at)}.${format}`);
      if (path === null) return null;
      try {
        const target = await AtomicTarget.open(path, journal, `match-${j.id}-${randomUUID()}`);
        const rows = await writeBulkExport(target, format, j.headers, j.rows, { fileName: j.view().fileName ?? null, profile: deps.activeProfile()?.name ?? null, at });
        const url = deps.shell.downloadUrlFor?.(path);
        const exportId = randomUUID();
        exportedFiles.set(exportId, path);
        return { exportId, fileName: basename(path), rows, ...(url ? { downloadUrl: url } : {}) };
      } catch (e) {
        throw fileError(e);
      }
    },
  };

  return {
    handlers,
    async dispose() {
      for (const j of jobs.values()) j.cancel();
      await Promise.allSettled([...jobs.values()].map((j) => j.whenIdle()));
    },
  };
}

