// react-query hooks for the connection group. Query keys are exported so events and other screens
// can feed or invalidate the same caches.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConnectionStatus, ProfileInput, ProfileView } from '../../shared/profile';
import { firmscope, unwrap, groupCalls } from './bridge';

/** The connection bridge group's calls, each resolving to its value or rejecting with the shared AppError. */
export const profilesCalls = groupCalls('profiles');

export const profilesKeys = {
  status: ['profiles', 'status'] as const,
  profiles: ['profiles', 'profiles'] as const,
};
export const appKeys = { info: ['app', 'info'] as const };

export function useConnectionStatus() {
  return useQuery({ queryKey: profilesKeys.status, queryFn: () => unwrap(firmscope().profiles.status()) });
}

export function useProfiles() {
  return useQuery({ queryKey: profilesKeys.profiles, queryFn: () => unwrap(firmscope().profiles.listProfiles()) });
}

export function useAppInfo() {
  return useQuery({ queryKey: appKeys.info, queryFn: () => unwrap(firmscope().app.info()), staleTime: Infinity });
}

function useStatusMutation<V>(fn: (v: V) => Promise<ConnectionStatus>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (status) => {
      qc.setQueryData(profilesKeys.status, status);
      void qc.invalidateQueries({ queryKey: profilesKeys.profiles });
    },
  });
}

export function useActivate() {
  return useStatusMutation((v: { id: string }) => unwrap(firmscope().profiles.activate(v)));
}

export function useSignOut() {
  return useStatusMutation(() => unwrap(firmscope().profiles.signOut()));
}

export function useTestConnection() {
  return useMutation({ mutationFn: (v: { id: string }) => unwrap(firmscope().profiles.testConnection(v)) });
}

export function useDeleteProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string }) => unwrap(firmscope().profiles.deleteProfile(v)),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: profilesKeys.profiles });
      void qc.invalidateQueries({ queryKey: profilesKeys.status });
    },
  });
}

/**
 * Save. The mutation's variables are the profile only: react-query keeps variables in its cache,
 * so the secret is read from `takeSecret` at call time and never stored anywhere in the renderer.
 */
export function useSaveProfile(takeSecret: () => string | undefined) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (profile: ProfileInput) => {
      const secret = takeSecret();
      return unwrap(firmscope().profiles.saveProfile(secret ? { profile, secret } : { profile }));
    },
    onSuccess: (saved: ProfileView) => {
      qc.setQueryData<{ profiles: ProfileView[]; activeId: string | null }>(profilesKeys.profiles, (old) =>
        old
          ? { ...old, profiles: old.profiles.some((p) => p.id === saved.id) ? old.profiles.map((p) => (p.id === saved.id ? saved : p)) : [...old.profiles, saved] }
          : old,
      );
      void qc.invalidateQueries({ queryKey: profilesKeys.profiles });
      void qc.invalidateQueries({ queryKey: profilesKeys.status });
    },
  });
}
