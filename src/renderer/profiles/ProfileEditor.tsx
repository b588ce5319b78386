// Edit one profile (or a new one): Save, Test connection, Connect / Sign out, Delete.
import { useRef, useState } from 'react';
import type { ConnectionStatus, ProfileView, TestReport } from '../../shared/profile';
import { secretMovesOnSave } from '../../shared/profiles/secret-binding';
import { ErrorMessage } from '../ui/ErrorMessage';
import { Spinner } from '../ui/Spinner';
import { errorField } from '../ui/errors';
import { ProfileFields } from './ProfileFields';
import { emptyForm, formFromProfile, sameForm, validateForm, type FieldErrors, type FormField, type ProfileFormState } from './profile-form';
import { useActivate, useDeleteProfile, useSaveProfile, useSignOut, useTestConnection } from '../data/profiles';
import { TestReportView } from './TestReportView';
import { ConfirmBar } from '../ui/ConfirmBar';
import { mutateThen } from '../data/mutate-then';

export interface ProfileEditorProps {
  profile?: ProfileView;
  status?: ConnectionStatus;
  onSaved: (p: ProfileView) => void;
  onDeleted: () => void;
}

export function ProfileEditor({ profile, status, onSaved, onDeleted }: ProfileEditorProps) {
  const initial = profile ? formFromProfile(profile) : emptyForm();
  // Only the analyst's edits are state: fields they did not touch follow the server (e.g. the
  // sandbox URLs, known once it has started), so a refetch never looks like an unsaved change.
  const [edits, setEdits] = useState<Partial<ProfileFormState>>({});
  const form: ProfileFormState = { ...initial, ...edits };
  const [errors, setErrors] = useState<FieldErrors>({});
  const [secretError, setSecretError] = useState<string | undefined>();
  const [secretTyped, setSecretTyped] = useState(false);
  const [secretKey, setSecretKey] = useState(0);
  const [notice, setNotice] = useState<string | null>(null);
  const [report, setReport] = useState<TestReport | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const secretRef = useRef<HTMLInputElement>(null);

  const save = useSaveProfile(() => secretRef.current?.value || undefined);
  const test = useTestConnection();
  const activate = useActivate();
  const signOut = useSignOut();
  const del = useDeleteProfile();

  const dirty = !sameForm(form, initial) || secretTyped;
  const isSandbox = profile?.kind === 'sandbox';
  const isConnectedHere = !!profile && status?.profileId === profile.id && (status.state === 'connected' || status.state === 'connecting');
  const busy = save.isPending || test.isPending || activate.isPending || signOut.isPending || del.isPending;
  const actionError = save.error ?? test.error ?? activate.error ?? signOut.error ?? del.error;
  // activate() resolves even when sign-in fails: the failure is part of the status (and stays while it lasts).
  const signInError = profile && status?.profileId === profile.id && status.state === 'error' ? status.error : undefined;

  const resetOutcomes = () => {
    setNotice(null);
    setReport(null);
    for (const m of [save, test, activate, signOut, del]) m.reset();
  };

  /**
   * Validates and saves when needed; resolves to the saved profile id, or null if it could not.
   * Main drops the live session of a profile it saves (settings or secret changed), so a profile
   * that was connected is signed in again unless the caller is about to connect anyway.
   */
  const saveIfNeeded = async (force: boolean, reconnect = true): Promise<string | null> => {
    if (!force && !dirty && profile) return profile.id;
    const v = validateForm(form);
    // A stored secret is bound to its Auth and Base URLs: a new one needs the secret typed again (main drops the old).
    const needsSecret = secretNeededAgain(profile, form, secretTyped);
    setSecretError(needsSecret);
    if (!v.ok || needsSecret) {
      setErrors(v.ok ? {} : v.errors);
      setNotice('Fix the highlighted fields, then try again.');
      return null;
    }
    setErrors({});
    const wasConnected = isConnectedHere && status?.state === 'connected';
    // Main keeps the session when only the live count switch changed: no sign-in again for that.
    const onlyLiveCount = !!profile && !secretTyped && sameForm({ ...form, liveCount: initial.liveCount }, initial);
    try {
      const saved = await save.mutateAsync(v.input);
      // Forget the typed secret: clear the DOM value and remount the input.
      if (secretRef.current) secretRef.current.value = '';
      setSecretTyped(false);
      setSecretKey((k) => k + 1);
      setEdits({});
      onSaved(saved);
      if (wasConnected && reconnect && !onlyLiveCount) activate.mutate({ id: saved.id });
      return saved.id;
    } catch (e) {
      const field = errorField(e);
      if (field && field in form) setErrors({ [field as FormField]: (e as Error).message });
      return null;
    }
  };

  // The three handlers below never reject: saveIfNeeded and the mutations they await catch their
  // errors and show them in the form, so the buttons call them as `void` fire-and-forget.
  const onSubmit = async (e: React.FormEvent) => {
    e.preventDefault();
    resetOutcomes();
    if (await saveIfNeeded(true)) setNotice('Profile saved.');
  };

  const onTest = async () => {
    resetOutcomes();
    const wasDirty = dirty;
    const id = await saveIfNeeded(false);
    if (!id) return;
    try {
      setReport(await test.mutateAsync({ id }));
      if (wasDirty) setNotice('Changes saved, then tested.');
    } catch {
      /* shown through test.error */
    }
  };

  const onConnect = async () => {
    resetOutcomes();
    const id = await saveIfNeeded(false, false);
    if (!id) return;
    activate.mutate({ id });
  };

  const onDelete = () => {
    if (!profile) return;
    resetOutcomes();
    mutateThen(del, { id: profile.id }, { onSuccess: onDeleted });
  };

  return (
    <form className="profile-editor" onSubmit={(e) => void onSubmit(e)} noValidate aria-labelledby="profile-editor-title" aria-busy={busy || undefined}>
      <h2 id="profile-editor-title" className="section-title">
        {profile ? `Profile: ${profile.name}` : 'New profile'}
        {isConnectedHere ? <span className="pill pill--ok">connected</span> : null}
        {profile?.builtIn ? <span className="pill pill--off">built-in</span> : null}
      </h2>

      <ProfileFields
        form={form}
        errors={errors}
        onChange={(patch) => setEdits((e) => ({ ...e, ...patch }))}
        isSandbox={isSandbox}
        hasSecret={!!profile?.hasSecret}
        secretRef={secretRef}
        secretError={secretError}
        secretKey={secretKey}
        onSecretTyped={setSecretTyped}
      />

      <div className="action-bar">
        <button type="submit" className="button button--primary" disabled={busy}>
          Save
        </button>
        <button type="button" className="button" onClick={() => void onTest()} disabled={busy}>
          Test connection
        </button>
        {isConnectedHere ? (
          <button type="button" className="button" onClick={() => { resetOutcomes(); signOut.mutate(); }} disabled={busy}>
            Sign out
          </button>
        ) : (
          <button type="button" className="button" onClick={() => void onConnect()} disabled={busy}>
            Connect
          </button>
        )}
        {profile && !profile.builtIn ? (
          <button type="button" className="button button--danger" onClick={() => setConfirmDelete(true)} disabled={busy}>
            Delete profile
          </button>
        ) : null}
        {busy ? <Spinner label={test.isPending ? 'Testing…' : activate.isPending ? 'Connecting…' : 'Working…'} /> : null}
        {dirty && !busy ? <span className="muted">Unsaved changes</span> : null}
      </div>

      {confirmDelete && profile ? (
        <ConfirmBar confirmLabel="Delete" onConfirm={onDelete} onCancel={() => setConfirmDelete(false)}>
          Delete profile “{profile.name}” and its stored secret?
        </ConfirmBar>
      ) : null}

      <div aria-live="polite" className="outcome">
        {notice ? <p className="notice-text">{notice}</p> : null}
        {actionError ? (
          <ErrorMessage
            error={actionError}
            title={activate.error ? 'Could not connect' : test.error ? 'Could not run the test' : save.error ? 'Could not save' : 'Action failed'}
            onRetry={activate.error && profile ? () => activate.mutate({ id: profile.id }) : undefined}
          />
        ) : null}
        {signInError && !actionError && !busy ? (
          <ErrorMessage
            error={signInError}
            title="Could not connect"
            onRetry={profile ? () => { resetOutcomes(); activate.mutate({ id: profile.id }); } : undefined}
          />
        ) : null}
        {report ? <TestReportView report={report} /> : null}
      </div>
    </form>
  );
}

/**
 * Message for the secret field when the Auth URL or the Base URL changed and no new secret was typed:
 * the secret goes to the first, the access token it earns to the second (the rule: shared/profiles/secret-binding.ts).
 */
export function secretNeededAgain(
  profile: ProfileView | undefined,
  urls: { authUrl: string; baseUrl: string },
  secretTyped: boolean,
): string | undefined {
  if (!profile || secretTyped) return undefined;
  // Compared as a save would store them: trimmed, without trailing slashes.
  const asSaved = (typed: string) => typed.trim().replace(/\/+$/, '');
  const moved = secretMovesOnSave(profile, { authUrl: asSaved(urls.authUrl), baseUrl: asSaved(urls.baseUrl) });
  const changed = moved.map((b) => (b === 'authUrl' ? 'Auth URL' : 'Base URL'));
  if (!changed.length) return undefined;
  return `The ${changed.join(' and ')} changed: enter the client secret again. A stored secret, and the access token it earns, only ever go to the servers it was entered for.`;
}
