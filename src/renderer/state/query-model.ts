// The builder and the JSON editor are two views of one query. This decides what the editor shows and
// what Search would run: the body shown runs, or nothing runs and the reason is given. Pure, unit-tested.
import { canonicalJson } from '../../shared/search/body';
import { PAGE_SIZE_MAX } from '../../shared/service/schemas';
import type { EditorText, SearchScreenState } from './search-state';
import { buildBody, parseBodyText, serialise, type BuilderState } from './filter-model';

export const formatBody = (v: unknown) => JSON.stringify(v, null, 2);

/** The builder's body, or its draft (invalid values kept as typed) when a condition has a problem. */
export function builderBody(builder: BuilderState): unknown {
  return serialise(builder).body;
}

/** The text in the editor: what the analyst typed while it still describes the builder's query (or cannot be shown by it). */
export function editorText(state: Pick<SearchScreenState, 'builder' | 'editor'>): string {
  const { editor } = state;
  if (editor && (editor.problem || editor.key === canonicalJson(builderBody(state.builder)))) return editor.text;
  return formatBody(builderBody(state.builder));
}

/**
 * New text typed or pasted in the editor. A body the builder reproduces exactly becomes its conditions;
 * anything else (broken JSON, a body outside the contract, one the builder would change) stays as typed
 * with the reason, and Search is blocked until it is fixed or discarded.
 */
export function editBodyText(text: string): { builder?: BuilderState; editor: EditorText } {
  const parsed = parseBodyText(text);
  if (!parsed.ok) return { editor: { text, problem: { message: parsed.message, offset: parsed.offset } } };
  const key = canonicalJson(JSON.parse(text));
  const rebuilt = serialise(parsed.state);
  if (!rebuilt.exact || canonicalJson(rebuilt.body) !== key) {
    return { editor: { text, problem: { message: 'The filter builder cannot show this body exactly.' } } };
  }
  return { builder: parsed.state, editor: { text, key } };
}

export type RunCheck =
  | { ok: true; body: unknown; pageSize: number }
  | { ok: false; where: 'json' | 'builder' | 'pageSize'; reason: string; /** Nothing entered yet: a hint, not an error. */ blank?: true };

export function pageSizeProblem(text: string): string | undefined {
  const n = Number(text);
  return Number.isInteger(n) && n >= 1 && n <= PAGE_SIZE_MAX && text.trim() !== '' ? undefined : `Page size must be a whole number from 1 to ${PAGE_SIZE_MAX}.`;
}

/** Why Search is off, naming the first condition to fix (the rows say the rest). */
function builderReason(list: readonly { index: number; message: string }[]): string {
  const first = list[0];
  if (!first) return 'Search is off until the filters are complete.';
  const where = first.index < 0 ? first.message : `condition ${first.index + 1}: ${first.message}`;
  const more = list.length > 1 ? ` (${list.length} conditions need attention)` : '';
  return `Search is off until the filters are complete. Fix ${where}${more}`;
}

/** Not one attribute or value entered yet: the screen as it first opens. */
function isBlank(builder: SearchScreenState['builder']): boolean {
  return builder.conditions.every((c) => !c.attribute.trim() && !c.input.trim() && !c.items.trim() && !c.low.trim() && !c.high.trim());
}

/** What pressing Search would send, or why it cannot. */
export function checkRun(state: Pick<SearchScreenState, 'builder' | 'editor' | 'pageSizeText'>): RunCheck {
  if (state.editor?.problem) {
    return { ok: false, where: 'json', reason: 'Search is off: the request body (JSON) cannot run as shown. Fix it where marked, or discard the edit.' };
  }
  const size = pageSizeProblem(state.pageSizeText);
  if (size) return { ok: false, where: 'pageSize', reason: size };
  const built = buildBody(state.builder);
  if (!built.ok && isBlank(state.builder)) return { ok: false, where: 'builder', reason: 'Choose an attribute, a relation and a value, then press Search.', blank: true };
  if (!built.ok) return { ok: false, where: 'builder', reason: builderReason(built.list) };
  return { ok: true, body: built.body, pageSize: Number(state.pageSizeText) };
}

/** True when the conditions or page size being edited differ from the search whose results are shown. */
export function hasUnappliedEdits(state: Pick<SearchScreenState, 'builder' | 'editor' | 'pageSizeText' | 'session'>): boolean {
  const shown = state.session.shown;
  if (!shown) return false;
  const run = checkRun(state);
  if (!run.ok) return true;
  return run.pageSize !== shown.pageSize || canonicalJson(run.body) !== canonicalJson(shown.body);
}
