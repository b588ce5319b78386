// Edit one profile (or a new one): Save, Test connection, Connect / Sign out, Delete.
// The form state is one reducer (profile-editor-state.ts) and the actions live in use-profile-editor.ts;
// this lays out the form, its action bar and the outcome of the last action.
import type { ConnectionStatus, ProfileView } from '../../shared/profile';
import { ConfirmBar } from '../ui/ConfirmBar';
import { ErrorMessage } from '../ui/ErrorMessage';
import { Spinner } from '../ui/Spinner';
import { ProfileFields } from './ProfileFields';
import { TestReportView } from './TestReportView';
import { useProfileEditor } from './use-profile-editor';

// Where it was first written (and is still imported from by its tests).
export { secretNeededAgain } from './profile-form';

export interface ProfileEditorProps {
  profile?: ProfileView;
  status?: ConnectionStatus;
  onSaved: (p: ProfileView) => void;
  onDeleted: () => void;
}

export function ProfileEditor({ profile, status, onSaved, onDeleted }: ProfileEditorProps) {
  const editor = useProfileEditor(profile, status, onSaved, onDeleted);
  const { state, dispatch, busy, isConnectedHere, resetOutcomes } = editor;
  const { test, activate, signOut } = editor.mutations;

  return (
    <form className="profile-editor" onSubmit={(e) => void editor.onSubmit(e)} noValidate aria-labelledby="profile-editor-title" aria-busy={busy || undefined}>
      <h2 id="profile-editor-title" className="section-title">
        {profile ? `Profile: ${profile.name}` : 'New profile'}
        {isConnectedHere ? <span className="pill pill--ok">connected</span> : null}
        {profile?.builtIn ? <span className="pill pill--off">built-in</span> : null}
      </h2>

      <ProfileFields
        form={editor.form}
        errors={state.errors}
        onChange={(patch) => dispatch({ type: 'edit', patch })}
        isSandbox={profile?.kind === 'sandbox'}
        hasSecret={!!profile?.hasSecret}
        secretRef={editor.secretRef}
        secretError={state.secretError}
        secretKey={state.secretKey}
        onSecretTyped={editor.onSecretTyped}
      />

      <div className="action-bar">
        <button type="submit" className="button button--primary" disabled={busy}>
          Save
        </button>
        <button type="button" className="button" onClick={() => void editor.onTest()} disabled={busy}>
          Test connection
        </button>
        {isConnectedHere ? (
          <button type="button" className="button" onClick={() => { resetOutcomes(); signOut.mutate(); }} disabled={busy}>
            Sign out
          </button>
        ) : (
          <button type="button" className="button" onClick={() => void editor.onConnect()} disabled={busy}>
            Connect
          </button>
        )}
        {profile && !profile.builtIn ? (
          <button type="button" className="button button--danger" onClick={() => dispatch({ type: 'confirmDelete', open: true })} disabled={busy}>
            Delete profile
          </button>
        ) : null}
        {busy ? <Spinner label={test.isPending ? 'Testing…' : activate.isPending ? 'Connecting…' : 'Working…'} /> : null}
        {editor.dirty && !busy ? <span className="muted">Unsaved changes</span> : null}
      </div>

      {state.confirmDelete && profile ? (
        <ConfirmBar confirmLabel="Delete" onConfirm={editor.onDelete} onCancel={() => dispatch({ type: 'confirmDelete', open: false })}>
          Delete profile “{profile.name}” and its stored secret?
        </ConfirmBar>
      ) : null}

      <ProfileOutcome profile={profile} status={status} editor={editor} />
    </form>
  );
}

/** The last action's outcome: its notice, its error (else a sign-in failure the status still holds), the test report. */
function ProfileOutcome({ profile, status, editor }: { profile?: ProfileView; status?: ConnectionStatus; editor: ReturnType<typeof useProfileEditor> }) {
  const { save, test, activate, signOut, del } = editor.mutations;
  const { notice, report } = editor.state;
  const actionError = save.error ?? test.error ?? activate.error ?? signOut.error ?? del.error;
  // activate() resolves even when sign-in fails: the failure is part of the status (and stays while it lasts).
  const signInError = profile && status?.profileId === profile.id && status.state === 'error' ? status.error : undefined;
  return (
    <div aria-live="polite" className="outcome">
      {notice ? <p className="notice-text">{notice}</p> : null}
      {actionError ? (
        <ErrorMessage
          error={actionError}
          title={activate.error ? 'Could not connect' : test.error ? 'Could not run the test' : save.error ? 'Could not save' : 'Action failed'}
          onRetry={activate.error && profile ? () => activate.mutate({ id: profile.id }) : undefined}
        />
      ) : null}
      {signInError && !actionError && !editor.busy ? (
        <ErrorMessage
          error={signInError}
          title="Could not connect"
          onRetry={profile ? () => { editor.resetOutcomes(); activate.mutate({ id: profile.id }); } : undefined}
        />
      ) : null}
      {report ? <TestReportView report={report} /> : null}
    </div>
  );
}
