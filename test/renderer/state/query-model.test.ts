// The builder and the JSON editor are two views of one query: what Search runs is what the editor shows.
import { describe, expect, it } from 'vitest';
import { emptyBuilder, bodyToState } from '../../../src/renderer/state/filter-model';
import { checkRun, editBodyText, editorText, hasUnappliedEdits } from '../../../src/renderer/state/query-model';
import { initialSearchState, type SearchScreenState } from '../../../src/renderer/state/search-state';

const za = { filters: { and: [{ attribute: 'country', relation: 'equals', value: 'ZA' }] } };
const no = { filters: { or: [{ attribute: 'country', relation: 'in', value: ['NO', 'SE'] }] } };

function withBody(body: unknown): SearchScreenState {
  const parsed = bodyToState(body);
  if (!parsed.ok) throw new Error(parsed.message);
  return { ...initialSearchState(), builder: parsed.state };
}
const typed = (s: SearchScreenState, text: string): SearchScreenState => ({ ...s, ...editBodyText(text) });

describe('builder and JSON editor: one query', () => {
  it('a valid body typed in the editor becomes the conditions, and exactly that body runs', () => {
    const text = JSON.stringify(no);
    const s = typed(withBody(za), text);
    expect(editorText(s)).toBe(text); // kept as typed, not reformatted under the cursor
    expect(checkRun(s)).toEqual({ ok: true, body: no, pageSize: 10 });
  });

  it('broken JSON never runs the builder\'s last valid query: Search is off with the reason', () => {
    const s = typed(withBody(za), '{"filters": {"and": [ {"attribute": "country",, } ] } }');
    expect(editorText(s)).toBe('{"filters": {"and": [ {"attribute": "country",, } ] } }');
    const run = checkRun(s);
    expect(run.ok).toBe(false);
    expect(run).toMatchObject({ where: 'json', reason: expect.stringMatching(/Search is off/) });
    expect(s.editor?.problem?.message).toMatch(/Invalid JSON at line 1, column \d+/);
  });

  it('nested JSON the builder cannot show is not replaced by the builder\'s query: Search is off, the text stays', () => {
    const nested = { filters: { and: [{ or: [{ attribute: 'country', relation: 'equals', value: 'NO' }] }, za.filters.and[0]] } };
    const text = JSON.stringify(nested, null, 2);
    const base = withBody(za);
    const s = typed(base, text);
    expect(checkRun(s)).toMatchObject({ ok: false, where: 'json' });
    expect(editorText(s)).toBe(text);
    expect(s.builder).toBe(base.builder);
  });

  it('discarding the edit (editor null) shows and runs the builder\'s body again', () => {
    const s = { ...typed(withBody(za), '{'), editor: null };
    expect(JSON.parse(editorText(s))).toEqual(za);
    expect(checkRun(s)).toMatchObject({ ok: true, body: za });
  });

  it('an empty builder reports its problem without blocking on the JSON', () => {
    expect(checkRun({ ...initialSearchState(), builder: emptyBuilder() })).toMatchObject({ ok: false, where: 'builder' });
  });
});

describe('unapplied edits', () => {
  const applied = (s: SearchScreenState): SearchScreenState => ({
    ...s,
    session: { ...s.session, shown: { sessionId: 's1', pageNumber: 2, body: za, pageSize: 20 } },
  });
  it('are none while conditions and page size match the results shown', () => {
    expect(hasUnappliedEdits(applied({ ...withBody(za), pageSizeText: '20' }))).toBe(false);
  });
  it('a new page size or condition, or a broken editor, is not applied until Search', () => {
    expect(hasUnappliedEdits(applied({ ...withBody(za), pageSizeText: '25' }))).toBe(true);
    expect(hasUnappliedEdits(applied({ ...withBody(no), pageSizeText: '20' }))).toBe(true);
    expect(hasUnappliedEdits(applied(typed({ ...withBody(za), pageSizeText: '20' }, '{')))).toBe(true);
  });
});
