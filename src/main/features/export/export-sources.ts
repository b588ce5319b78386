// What an export reads and how the Exports screen names it: the start input's source resolved to
// what run-export.ts walks (a search's pages, a list's or a snapshot view's ids in view order, the
// bulk-match rows another feature reads), the columns written, and the note of an early stop.
import { AppError } from '../../../shared/errors';
import { SearchBodySchema, type SearchBody } from '../../../shared/service/schemas';
import { DEFAULT_EXPORT_ROW_LIMIT, type ExportJob, type ExportStartInput } from '../../../shared/bridge/groups/export';
import { queryText } from '../../../shared/export/file-name';
import type { ListInfo } from '../../../shared/lists/lists';
import type { FeatureDeps } from '../../platform/ports/feature-deps';
import type { ViewRowReader } from '../../platform/ports/export-records';
import type { WalkStop } from '../../platform/paging/page-walker';
import type { ListsAccess } from '../lists/list-store';
import { LIST_EXPORT_HEADERS, listSortWords } from '../lists/export-list';
import { snapshotSource } from './snapshot-source';
import type { ExportSourceSpec, SnapshotAbout } from './types';
import { sentenceCount } from '../../../shared/sentence-numbers';

/** What resolving a source needs from the feature. */
export interface SourceContext {
  deps: Pick<FeatureDeps, 'activeProfile' | 'workspace'>;
  /** The active profile's lists (source kind `list`). */
  lists?: { activeStore(): ListsAccess };
  /** Rows of views other features own (the bulk-match results). */
  viewReaders: ReadonlyMap<'match', ViewRowReader>;
}

const n = (v: number) => sentenceCount(v);

export function stopNote(stop: WalkStop, rows: number, count: number | undefined, limit: number): string {
  switch (stop.reason) {
    case 'row_limit':
      return `Stopped at the row limit of ${n(limit)} rows${count !== undefined ? ` (the search has ${n(count)})` : ''}. Raise the limit in the export dialog to get more.`;
    case 'empty_page':
      return `Stopped after page ${n(stop.page)}: the service sent a page with no rows although it announced more. The file holds the ${n(rows)} rows received.`;
    case 'repeated_token':
      return `Stopped after page ${n(stop.page)}: the service sent a page token it had already sent, which would repeat pages forever. The file holds the ${n(rows)} rows received.`;
  }
}

export function parseBody(body: unknown): SearchBody {
  const parsed = SearchBodySchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AppError('invalid_input', `The search cannot be exported: ${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}`);
  }
  return parsed.data;
}

export interface SourceOf {
  source: ExportSourceSpec;
  list?: { info: ListInfo; filter: string | null; sort: string };
  snapshot?: { query: unknown; about: SnapshotAbout };
}

/** What the export reads; for a list or a snapshot view, its ids in view order now, so the total is known from the start. */
export function sourceOf(input: ExportStartInput['source'], ctx: SourceContext): SourceOf {
  if (input.kind === 'rows') return { source: { kind: 'rows', rows: input.rows } };
  if (input.kind === 'all') {
    return { source: { kind: 'all', body: parseBody(input.body), pageSize: input.pageSize, rowLimit: input.rowLimit ?? DEFAULT_EXPORT_ROW_LIMIT } };
  }
  if (input.kind === 'match') {
    const reader = ctx.viewReaders.get('match');
    if (!reader) throw new AppError('not_found', 'Bulk-match results cannot be exported in this build.');
    const { kind: _kind, fields, ...view } = input;
    return { source: { kind: 'view', rows: reader(view, fields ?? 'visible') } };
  }
  if (input.kind === 'snapshot') {
    const profile = ctx.deps.activeProfile();
    if (!profile) throw new AppError('not_configured', 'Choose a connection profile first.');
    const { source, query, about } = snapshotSource(ctx.deps.workspace.active(), profile.id, input.snapshotId, input.view);
    return { source, snapshot: { query, about } };
  }
  if (!ctx.lists) throw new AppError('workspace_unavailable', 'Lists are not available in this build.');
  const store = ctx.lists.activeStore();
  const info = store.get(input.listId);
  if (!info) throw new AppError('not_found', 'This list no longer exists (it was deleted).');
  return {
    source: { kind: 'list', listId: info.id, ids: store.viewIds(info.id, input.view), store, allFields: input.fields === 'all' },
    list: { info, filter: input.view.text?.trim() || null, sort: listSortWords(input.view) },
  };
}

/** The Exports screen's name for where the rows came from. */
export function originOf(of: SourceOf): Pick<ExportJob, 'origin' | 'source'> {
  const s = of.source;
  if (s.kind === 'rows') return { origin: 'page', source: 'The page on screen of a search' };
  if (s.kind === 'all') return { origin: 'search', source: `Search: ${queryText(s.body) || 'every company'}` };
  if (s.kind === 'list') return { origin: 'list', source: `List “${of.list!.info.name}”` };
  if (s.kind === 'view') return { origin: 'match-view', source: s.rows.source };
  const view = of.snapshot!.about.view;
  const narrowed = [view.filter !== '(none)' ? `filter ${view.filter}` : '', view.facets !== '(none)' ? view.facets : '', view.sort !== 'service order' ? `sorted by ${view.sort}` : '']
    .filter(Boolean)
    .join('; ');
  return { origin: 'snapshot', source: `Snapshot view of ${queryText(of.snapshot!.query) || 'every company'}${narrowed ? ` (${narrowed})` : ''}` };
}

/** The columns written: a list's own or a view's table columns (null: all fields), else the dialog's choice. */
export function columnsOf(source: ExportSourceSpec, input: ExportStartInput): string[] | null {
  if (source.kind === 'list') return source.allFields ? null : [...LIST_EXPORT_HEADERS];
  if (source.kind === 'view') return input.source.kind === 'match' && input.source.fields === 'all' ? null : source.rows.columns;
  return input.columns;
}

