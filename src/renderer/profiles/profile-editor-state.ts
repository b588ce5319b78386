// The profile editor's form state as one reducer: the analyst's edits, the field errors and the
// secret's, whether a secret is typed (its value never is state), and the outcome shown under the form.
// Pure, so each step of Save / Test / Connect is tested without rendering (test/renderer/profiles).
import type { TestReport } from '../../shared/profile';
import type { FieldErrors, ProfileFormState } from './profile-form';

export interface ProfileEditorState {
  /** Only the fields the analyst touched: the others follow the server, so a refetch is no unsaved change. */
  edits: Partial<ProfileFormState>;
  errors: FieldErrors;
  secretError: string | undefined;
  secretTyped: boolean;
  /** Bumped to remount the secret input, which forgets the typed value. */
  secretKey: number;
  notice: string | null;
  report: TestReport | null;
  confirmDelete: boolean;
}

export type ProfileEditorAction =
  | { type: 'edit'; patch: Partial<ProfileFormState> }
  | { type: 'secretTyped'; typed: boolean }
  /** A new action starts: the last one's notice and report go. */
  | { type: 'resetOutcomes' }
  /** The form was checked before a save: refused with these errors, or accepted (no errors). */
  | { type: 'checked'; ok: boolean; errors: FieldErrors; secretError: string | undefined }
  /** Main stored it: edits and the typed secret are forgotten. */
  | { type: 'saved' }
  /** Main refused the save naming a field. */
  | { type: 'fieldRefused'; errors: FieldErrors }
  | { type: 'notice'; notice: string }
  | { type: 'report'; report: TestReport }
  | { type: 'confirmDelete'; open: boolean };

export const FIX_FIELDS_NOTICE = 'Fix the highlighted fields, then try again.';

export const initialEditorState = (): ProfileEditorState => ({
  edits: {},
  errors: {},
  secretError: undefined,
  secretTyped: false,
  secretKey: 0,
  notice: null,
  report: null,
  confirmDelete: false,
});

export function profileEditorReducer(s: ProfileEditorState, a: ProfileEditorAction): ProfileEditorState {
  switch (a.type) {
    case 'edit':
      return { ...s, edits: { ...s.edits, ...a.patch } };
    case 'secretTyped':
      return { ...s, secretTyped: a.typed };
    case 'resetOutcomes':
      return { ...s, notice: null, report: null };
    case 'checked':
      return { ...s, secretError: a.secretError, errors: a.errors, ...(a.ok ? {} : { notice: FIX_FIELDS_NOTICE }) };
    case 'saved':
      return { ...s, secretTyped: false, secretKey: s.secretKey + 1, edits: {} };
    case 'fieldRefused':
      return { ...s, errors: a.errors };
    case 'notice':
      return { ...s, notice: a.notice };
    case 'report':
      return { ...s, report: a.report };
    case 'confirmDelete':
      return { ...s, confirmDelete: a.open };
  }
}
