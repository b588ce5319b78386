// What the profile editor does: its form state (profile-editor-state.ts), the five actions that reach
// main (save, test, connect, sign out, delete), and saveIfNeeded, which Save, Test and Connect share.
import { useCallback, useReducer, useRef } from 'react';
import type { ConnectionStatus, ProfileView } from '../../shared/profile';
import { useActivate, useDeleteProfile, useSaveProfile, useSignOut, useTestConnection } from '../data/profiles';
import { mutateThen } from '../data/mutate-then';
import { errorField } from '../ui/errors';
import { initialEditorState, profileEditorReducer } from './profile-editor-state';
import { emptyForm, formFromProfile, sameForm, secretNeededAgain, validateForm, type FormField, type ProfileFormState } from './profile-form';

export function useProfileEditor(profile: ProfileView | undefined, status: ConnectionStatus | undefined, onSaved: (p: ProfileView) => void, onDeleted: () => void) {
  const initial = profile ? formFromProfile(profile) : emptyForm();
  const [state, dispatch] = useReducer(profileEditorReducer, undefined, initialEditorState);
  const form: ProfileFormState = { ...initial, ...state.edits };
  const secretRef = useRef<HTMLInputElement>(null);
  const save = useSaveProfile(() => secretRef.current?.value || undefined);
  const test = useTestConnection();
  const activate = useActivate();
  const signOut = useSignOut();
  const del = useDeleteProfile();

  const dirty = !sameForm(form, initial) || state.secretTyped;
  const isConnectedHere = !!profile && status?.profileId === profile.id && (status.state === 'connected' || status.state === 'connecting');
  const busy = save.isPending || test.isPending || activate.isPending || signOut.isPending || del.isPending;
  const onSecretTyped = useCallback((typed: boolean) => dispatch({ type: 'secretTyped', typed }), []);

  const resetOutcomes = () => {
    dispatch({ type: 'resetOutcomes' });
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
    const needsSecret = secretNeededAgain(profile, form, state.secretTyped);
    dispatch({ type: 'checked', ok: v.ok && !needsSecret, errors: v.ok ? {} : v.errors, secretError: needsSecret });
    if (!v.ok || needsSecret) return null;
    const wasConnected = isConnectedHere && status?.state === 'connected';
    // Main keeps the session when only the live count switch changed: no sign-in again for that.
    const onlyLiveCount = !!profile && !state.secretTyped && sameForm({ ...form, liveCount: initial.liveCount }, initial);
    try {
      const saved = await save.mutateAsync(v.input);
      // Forget the typed secret: clear the DOM value and remount the input.
      if (secretRef.current) secretRef.current.value = '';
      dispatch({ type: 'saved' });
      onSaved(saved);
      if (wasConnected && reconnect && !onlyLiveCount) activate.mutate({ id: saved.id });
      return saved.id;
    } catch (e) {
      const field = errorField(e);
      if (field && field in form) dispatch({ type: 'fieldRefused', errors: { [field as FormField]: (e as Error).message } });
      return null;
    }
  };

  // The handlers below never reject: saveIfNeeded and the mutations they await catch their errors and
  // show them in the form, so the buttons call them as `void` fire-and-forget.
  const actions = {
    onSubmit: async (e: React.FormEvent) => {
      e.preventDefault();
      resetOutcomes();
      if (await saveIfNeeded(true)) dispatch({ type: 'notice', notice: 'Profile saved.' });
    },
    onTest: async () => {
      resetOutcomes();
      const wasDirty = dirty;
      const id = await saveIfNeeded(false);
      if (!id) return;
      try {
        dispatch({ type: 'report', report: await test.mutateAsync({ id }) });
        if (wasDirty) dispatch({ type: 'notice', notice: 'Changes saved, then tested.' });
      } catch {
        /* shown through test.error */
      }
    },
    onConnect: async () => {
      resetOutcomes();
      const id = await saveIfNeeded(false, false);
      if (!id) return;
      activate.mutate({ id });
    },
    onDelete: () => {
      if (!profile) return;
      resetOutcomes();
      mutateThen(del, { id: profile.id }, { onSuccess: onDeleted });
    },
  };
  return { state, dispatch, form, secretRef, onSecretTyped, mutations: { save, test, activate, signOut, del }, dirty, isConnectedHere, busy, resetOutcomes, ...actions };
}
