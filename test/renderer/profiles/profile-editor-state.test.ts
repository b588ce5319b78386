// The profile editor's form state on its own: each step of Save / Test / Connect as a reducer action.
import { describe, expect, it } from 'vitest';
import { FIX_FIELDS_NOTICE, initialEditorState, profileEditorReducer as reduce } from '../../../src/renderer/profiles/profile-editor-state';
import type { TestReport } from '../../../src/shared/profile';

const report: TestReport = { profileId: 'p', ok: true, steps: [] };

describe('profile editor state', () => {
  it('keeps only the edits, merged', () => {
    const s = reduce(reduce(initialEditorState(), { type: 'edit', patch: { name: 'A' } }), { type: 'edit', patch: { authUrl: 'https://a' } });
    expect(s.edits).toEqual({ name: 'A', authUrl: 'https://a' });
  });
  it('a refused check shows the errors, the secret message and the notice to fix them', () => {
    const s = reduce(initialEditorState(), { type: 'checked', ok: false, errors: { name: 'Name is required' }, secretError: 'enter it again' });
    expect(s).toMatchObject({ errors: { name: 'Name is required' }, secretError: 'enter it again', notice: FIX_FIELDS_NOTICE });
  });
  it('an accepted check clears the errors and leaves the notice alone', () => {
    const refused = reduce(initialEditorState(), { type: 'checked', ok: false, errors: { name: 'x' }, secretError: 'y' });
    const s = reduce(reduce(refused, { type: 'resetOutcomes' }), { type: 'checked', ok: true, errors: {}, secretError: undefined });
    expect(s).toMatchObject({ errors: {}, secretError: undefined, notice: null });
  });
  it('a save forgets the edits and the typed secret, and remounts the secret input', () => {
    let s = reduce(initialEditorState(), { type: 'edit', patch: { name: 'A' } });
    s = reduce(s, { type: 'secretTyped', typed: true });
    s = reduce(s, { type: 'saved' });
    expect(s).toMatchObject({ edits: {}, secretTyped: false, secretKey: 1 });
  });
  it('a new action clears the last notice and report; a field main refused shows on its own', () => {
    let s = reduce(initialEditorState(), { type: 'report', report });
    s = reduce(s, { type: 'notice', notice: 'Profile saved.' });
    expect(s).toMatchObject({ report, notice: 'Profile saved.' });
    s = reduce(s, { type: 'resetOutcomes' });
    expect(s).toMatchObject({ report: null, notice: null });
    expect(reduce(s, { type: 'fieldRefused', errors: { authUrl: 'bad' } }).errors).toEqual({ authUrl: 'bad' });
  });
  it('opens and closes the delete confirmation', () => {
    const open = reduce(initialEditorState(), { type: 'confirmDelete', open: true });
    expect(open.confirmDelete).toBe(true);
    expect(reduce(open, { type: 'confirmDelete', open: false }).confirmDelete).toBe(false);
  });
});
