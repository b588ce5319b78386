// A bulk match's check before the run (bulkInspect) and its start (bulkStart): the input named by
// the call (pasted text, or a file chosen or uploaded), the mapping checked, the job started in the
// registry. Part of the match feature (feature.ts).
import { randomUUID } from 'node:crypto';
import { basename } from 'node:path';
import { AppError } from '../../../shared/errors';
import type { FeatureDeps, FeatureModule } from '../../platform/ports/feature-deps';
import { fileError } from '../../platform/tabular/io-error';
import { inspectBulk } from './bulk-inspect';
import { csvInputFormat, type InputFormatStore } from './input-format';
import type { InputFiles } from './input-files';
import type { BulkJobRegistry } from './job-registry';
import type { reviewThresholds } from './review-thresholds';
import { headersOf, type MappingMemory } from './mapping-memory';

type Handlers = FeatureModule<'match'>['handlers'];

export interface BulkStartDeps {
  deps: Pick<FeatureDeps, 'api'>;
  files: InputFiles;
  template(): string | null;
  registry: Pick<BulkJobRegistry, 'start'>;
  inputFormats: Pick<InputFormatStore, 'set'>;
  thresholds: Pick<ReturnType<typeof reviewThresholds>, 'remembered'>;
  mappings: MappingMemory;
}

export function createBulkStart({ deps, files, template, registry, inputFormats, thresholds, mappings }: BulkStartDeps): { bulkInspect: Handlers['bulkInspect']; bulkStart: Handlers['bulkStart'] } {
  return {
    async bulkInspect(input) {
      try {
        const { source, encoding } = await files.toSource(input);
        return await inspectBulk(source, { partial: input.partial, ...(encoding ? { encoding } : {}), mapping: input.mapping, keyColumn: input.keyColumn, recall: mappings.recall });
      } catch (e) {
        throw fileError(e);
      }
    },

    async bulkStart(input) {
      // A file that cannot be read now (gone since the check) fails the job with the reader's own words.
      const { source } = await files.toSource(input).catch((e: unknown) => {
        // Its own refusals (a file no longer open, or over the size limit) are said now, not by a job.
        if (input.fileId === undefined || e instanceof AppError) throw e;
        return { source: { filePath: files.pathOf(input.fileId)!, encoding: input.encoding ?? ('utf-8' as const) } };
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
        reviewThreshold: input.reviewThreshold ?? thresholds.remembered(),
      });
      if (inputFormat) inputFormats.set(j.id, inputFormat);
      // The next file of the same shape is offered this mapping.
      mappings.remember(await headersOf(source), input.mapping);
      return j.view();
    },
  };
}
