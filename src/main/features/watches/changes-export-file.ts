// The export of a watch's changes (every check, or one) to an XLSX file the analyst chooses,
// through the atomic target and the export journal, recorded in the Exports history so it can be
// written again. Part of the watches feature (feature.ts); the workbook itself is export-changes.ts.
import { randomUUID } from 'node:crypto';
import { AppError } from '../../../shared/errors';
import type { ExportRecords } from '../../platform/ports/export-records';
import type { FeatureDeps, FeatureModule } from '../../platform/ports/feature-deps';
import { AtomicTarget } from '../../platform/tabular/atomic-target';
import { suggestedFileName } from '../../platform/tabular/file-names';
import { fileError } from '../../platform/tabular/io-error';
import type { ExportJournal } from '../../platform/tabular/journal';
import { writeChangesXlsx } from './export-changes';
import type { ProfileWatches } from './profile-watches';
import { scheduleText } from './schedule';
import type { StoredCheck } from './store';
import { targetWords } from './watch-targets';

type Handlers = FeatureModule<'watches'>['handlers'];

export interface ChangesExportDeps {
  deps: Pick<FeatureDeps, 'now' | 'shell' | 'activeProfile'>;
  journal: ExportJournal;
  active(): ProfileWatches;
  exports?: ExportRecords;
}

/** The period the export covers: from the check before (or the first check) to the check (or the last). */
export function changesPeriod(check: Pick<StoredCheck, 'finishedAt'> | null, previous: Pick<StoredCheck, 'finishedAt'> | null, doneNewestFirst: Pick<StoredCheck, 'finishedAt'>[]): { from: number | null; to: number | null } {
  const from = check ? (previous?.finishedAt ?? null) : (doneNewestFirst.at(-1)?.finishedAt ?? null);
  const to = check ? check.finishedAt : (doneNewestFirst[0]?.finishedAt ?? null);
  return { from, to };
}

export function createChangesExport({ deps, journal, active, exports }: ChangesExportDeps): Handlers['exportChanges'] {
  return async ({ id, checkId }) => {
    const ctx = active();
    const w = ctx.store.existing(id);
    const check = checkId !== undefined ? ctx.store.check(checkId) : null;
    if (checkId !== undefined && (!check || check.watchId !== id)) throw new AppError('not_found', 'That check no longer exists.');
    const rows = ctx.changes.countOf(id, checkId);
    if (rows === 0) throw new AppError('invalid_input', check ? 'This check found no changes: there is nothing to export.' : 'This watch has found no changes yet: there is nothing to export.');
    const checks = ctx.store.checks(id, 10_000).filter((c) => c.status === 'done');
    const previous = check?.previousCheckId ? ctx.store.check(check.previousCheckId) : null;
    const { from, to } = changesPeriod(check, previous, checks);
    const at = new Date(deps.now());
    const path = await deps.shell.chooseExportPath(suggestedFileName('xlsx', `changes-${w.name}`, at));
    if (path === null) return null;
    const startedAt = deps.now();
    try {
      const target = await AtomicTarget.open(path, journal, `watch-${randomUUID()}`);
      const written = await writeChangesXlsx(target, {
        watchName: w.name,
        kind: w.target.kind,
        target: targetWords(ctx, w.target),
        schedule: scheduleText(w.schedule),
        from,
        to,
        scope: check ? `The check of ${new Date(check.finishedAt ?? check.startedAt).toISOString().replace('T', ' ').slice(0, 16)} UTC` : 'Every check of the watch',
        profile: deps.activeProfile()?.name ?? null,
        at,
        rows: (kinds) => ctx.changes.each(id, checkId, kinds),
      });
      await exports?.record({
        origin: 'watches',
        source: `Changes of watch ‘${w.name}’${check ? ' (one check)' : ''}`,
        format: 'xlsx',
        path,
        rows: written,
        startedAt,
        finishedAt: deps.now(),
        again: { id, ...(checkId !== undefined ? { checkId } : {}) },
      });
      let downloadUrl: string | undefined;
      try {
        downloadUrl = deps.shell.downloadUrlFor?.(path);
      } catch {
        // the file is written; no link only means no download button
      }
      return { fileName: path.split(/[\\/]/).pop()!, rows: written, ...(downloadUrl ? { downloadUrl } : {}) };
    } catch (e) {
      throw fileError(e);
    }
  };
}
