// What of each screen's state is saved per profile (in main's settings, through uiState), and how it
// comes back. Pure and validated: a saved state from an older build that no longer fits is ignored.
import { z } from 'zod';
import { SCREEN_STATE_MAX_CHARS, type PersistedScreen } from '../../shared/bridge/groups/ui-state';
import { REOPEN_MAX_PAGE } from '../../shared/bridge/groups/search';
import { ESG_MODULES, PAGE_SIZE_MAX } from '../../shared/service/schemas';
import { emptyBuilder, newConditionId, VALUE_KINDS, type BuilderState } from './filter-model';
import { editBodyText } from './query-model';
import type { EsgScreenState, MatchScreenState } from './other-states';
import type { ScreenStates } from './screen-states';
import type { SearchScreenState, SnapshotViewState } from './search-state';
import type { ListsScreenState } from './lists-state';
import type { WatchesScreenState } from './watches-state';
import { CHANGE_KINDS } from '../../shared/watches/watches';
import { LIST_SORT_FIELDS } from '../../shared/lists/lists';
import { FACET_IDS } from '../../shared/snapshots/snapshot';

const text = (max: number) => z.string().max(max);
/** A longer hand-edited match body is kept for this run only (the screen state has a size cap). */
const MATCH_BODY_KEEP_CHARS = 32 * 1024;
const ConditionSchema = z.object({
  attribute: text(300),
  relation: text(100),
  kind: z.enum(VALUE_KINDS),
  input: text(20_000),
  items: text(60_000),
  low: text(200),
  high: text(200),
  numeric: z.boolean(),
});
const BuilderSchema = z.object({ op: z.enum(['and', 'or']), conditions: z.array(ConditionSchema).min(1).max(100) });
export const ColumnPrefsSchema = z.object({
  order: z.array(text(300)).max(500),
  hidden: z.array(text(300)).max(500),
  widths: z.record(text(300), z.number().min(20).max(2000)),
  density: z.enum(['compact', 'comfortable']).optional(),
});

const PersistedSearchSchema = z.object({
  v: z.literal(1),
  builder: BuilderSchema.optional(),
  /** Only when the editor held a body the builder cannot show (so it is not lost). */
  editorText: text(SCREEN_STATE_MAX_CHARS).optional(),
  pageSizeText: text(10),
  prefs: ColumnPrefsSchema,
  /** Absent in states saved before the filter panel could fold. */
  filtersCollapsed: z.boolean().optional(),
  /** Absent in states saved before the facets could fold. */
  facetsHidden: z.boolean().optional(),
  /** The Load all row cap as typed; absent in states saved before it was kept (the default then). */
  rowCapText: text(10).optional(),
  /** The saved and recent searches panel is collapsed. */
  savedPanelClosed: z.boolean().optional(),
  /** The applied search and the page being viewed. */
  applied: z.object({ body: z.unknown(), pageSize: z.number().int().min(1).max(PAGE_SIZE_MAX), pageNumber: z.number().int().min(1) }).nullable(),
  /**
   * The view over the loaded snapshot (SnapshotViewStateSchema) and the snapshot left for the service's
   * pages. Absent in states saved before they were kept; checked on their own, so a view that no
   * longer fits is dropped without losing the search.
   */
  workbench: z.unknown().optional(),
  serviceFor: z.unknown().optional(),
});
const SnapshotViewStateSchema = z.object({
  snapshotId: z.number().int().positive(),
  sort: z.object({ field: text(300).min(1), direction: z.enum(['asc', 'desc']) }).nullable(),
  text: text(500),
  choices: z.partialRecord(z.enum(FACET_IDS), z.array(z.union([text(300), z.number()])).max(500)),
  page: z.number().int().min(0),
  mode: z.enum(['pages', 'scroll']).optional(),
  scrollRow: z.number().int().min(0).optional(),
  analytics: z.boolean().optional(),
});
const PersistedEsgSchema = z.object({ v: z.literal(1), companyId: text(128), module: z.enum(ESG_MODULES) });
const PersistedMatchSchema = z.object({
  v: z.literal(1),
  mode: z.enum(['single', 'bulk']),
  fields: z.record(text(50), text(2000)),
  editedBody: text(MATCH_BODY_KEEP_CHARS).nullable(),
});

const PersistedListsSchema = z.object({
  v: z.literal(1),
  openListId: z.number().int().positive().nullable(),
  sort: z.object({ field: z.enum(LIST_SORT_FIELDS), direction: z.enum(['asc', 'desc']) }).nullable(),
  text: text(500),
  page: z.number().int().min(0),
});

const PersistedWatchesSchema = z.object({
  v: z.literal(1),
  watchId: z.number().int().positive().nullable(),
  kinds: z.array(z.enum(CHANGE_KINDS)).max(CHANGE_KINDS.length),
  unreadOnly: z.boolean(),
});

export type PersistedSearch = z.infer<typeof PersistedSearchSchema>;

function searchOut(s: SearchScreenState): PersistedSearch {
  const shown = s.session.shown;
  return {
    v: 1,
    builder: { op: s.builder.op, conditions: s.builder.conditions.map(({ id: _id, ...c }) => c) },
    ...(s.editor?.problem ? { editorText: s.editor.text } : {}),
    pageSizeText: s.pageSizeText,
    prefs: s.prefs,
    ...(s.filtersCollapsed ? { filtersCollapsed: true } : {}),
    ...(s.facetsHidden ? { facetsHidden: true } : {}),
    ...(s.rowCapText !== undefined ? { rowCapText: s.rowCapText.slice(0, 10) } : {}),
    ...(s.savedPanelClosed ? { savedPanelClosed: true } : {}),
    applied: shown ? { body: shown.body, pageSize: shown.pageSize, pageNumber: shown.pageNumber } : null,
    ...(s.workbench ? { workbench: snapshotViewOut(s.workbench) } : {}),
    ...(typeof s.serviceFor === 'number' ? { serviceFor: s.serviceFor } : {}),
  };
}

function snapshotViewOut(w: SnapshotViewState): z.infer<typeof SnapshotViewStateSchema> {
  return {
    snapshotId: w.snapshotId,
    sort: w.sort,
    text: w.text.slice(0, 500),
    choices: w.choices as z.infer<typeof SnapshotViewStateSchema>['choices'],
    page: w.page,
    ...(w.mode ? { mode: w.mode } : {}),
    ...(w.scrollRow ? { scrollRow: w.scrollRow } : {}),
    ...(w.analytics ? { analytics: true } : {}),
  };
}

/** Drops what can be given up, biggest and least valuable first, until the state fits the cap. */
function fit(search: PersistedSearch): PersistedSearch {
  const noText = { ...search, editorText: undefined };
  const noView = { ...noText, workbench: undefined };
  const noBuilder = { ...noView, builder: undefined };
  const least: PersistedSearch = { ...noBuilder, applied: null };
  const candidates: PersistedSearch[] = [search, noText, noView, noBuilder, least];
  return candidates.find((c) => JSON.stringify(c).length <= SCREEN_STATE_MAX_CHARS) ?? least;
}

/** The saved form of one screen. */
export function toPersisted(screen: PersistedScreen, all: ScreenStates): unknown {
  switch (screen) {
    case 'search':
      return fit(searchOut(all.search));
    case 'esg':
      return { v: 1, companyId: all.esg.companyId, module: all.esg.module };
    case 'match':
      return {
        v: 1,
        mode: all.match.mode,
        fields: all.match.fields,
        editedBody: all.match.editedBody !== null && all.match.editedBody.length <= MATCH_BODY_KEEP_CHARS ? all.match.editedBody : null,
      };
    case 'lists':
      return { v: 1, openListId: all.lists.openListId, sort: all.lists.sort, text: all.lists.text.slice(0, 500), page: all.lists.page };
    case 'watches':
      return { v: 1, watchId: all.watches.watchId, kinds: all.watches.kinds, unreadOnly: all.watches.unreadOnly };
  }
}

export interface RestoredSearch {
  patch: Partial<SearchScreenState>;
  /** The page to show again (page 1 … REOPEN_MAX_PAGE of a fresh session). */
  reopen: { body: unknown; pageSize: number; pageNumber: number } | null;
}

export function restoreSearch(raw: unknown): RestoredSearch | null {
  const p = PersistedSearchSchema.safeParse(raw);
  if (!p.success) return null;
  const saved = p.data;
  const builder: BuilderState = saved.builder
    ? { op: saved.builder.op, conditions: saved.builder.conditions.map((c) => ({ ...c, id: newConditionId() })) }
    : emptyBuilder();
  const editor = saved.editorText !== undefined ? editBodyText(saved.editorText) : null;
  return {
    patch: {
      builder: editor?.builder ?? builder,
      editor: editor?.editor ?? null,
      pageSizeText: saved.pageSizeText,
      prefs: saved.prefs,
      filtersCollapsed: saved.filtersCollapsed ?? false,
      ...(saved.facetsHidden ? { facetsHidden: true } : {}),
      ...(saved.rowCapText !== undefined ? { rowCapText: saved.rowCapText } : {}),
      ...(saved.savedPanelClosed ? { savedPanelClosed: true } : {}),
      ...restoreSnapshotView(saved.workbench, saved.serviceFor),
    },
    reopen: saved.applied ? { ...saved.applied, pageNumber: Math.min(saved.applied.pageNumber, REOPEN_MAX_PAGE) } : null,
  };
}

/** The snapshot view (sort, facets, text, page, scroll) and the service-pages choice, each only if it still fits. */
function restoreSnapshotView(workbench: unknown, serviceFor: unknown): Partial<SearchScreenState> {
  const w = SnapshotViewStateSchema.safeParse(workbench);
  const out: Partial<SearchScreenState> = w.success ? { workbench: w.data } : {};
  if (typeof serviceFor === 'number' && Number.isInteger(serviceFor) && serviceFor > 0) out.serviceFor = serviceFor;
  return out;
}

export function restoreEsg(raw: unknown): Partial<EsgScreenState> | null {
  const p = PersistedEsgSchema.safeParse(raw);
  return p.success ? { companyId: p.data.companyId, draft: p.data.companyId, module: p.data.module } : null;
}

export function restoreMatch(raw: unknown): Partial<MatchScreenState> | null {
  const p = PersistedMatchSchema.safeParse(raw);
  return p.success ? { mode: p.data.mode, fields: p.data.fields, editedBody: p.data.editedBody } : null;
}

export function restoreLists(raw: unknown): Partial<ListsScreenState> | null {
  const p = PersistedListsSchema.safeParse(raw);
  return p.success ? { openListId: p.data.openListId, sort: p.data.sort, text: p.data.text, page: p.data.page } : null;
}

/** The inbox's watch and filters come back; the page starts at the first (new changes arrive on top). */
export function restoreWatches(raw: unknown): Partial<WatchesScreenState> | null {
  const p = PersistedWatchesSchema.safeParse(raw);
  return p.success ? { watchId: p.data.watchId, kinds: p.data.kinds, unreadOnly: p.data.unreadOnly, page: 0 } : null;
}
