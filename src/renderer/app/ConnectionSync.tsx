// Keeps react-query in step with pushed connection status: the header updates live, and when the
// active profile changes every feature's server state is refetched (it came from another service).
import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import type { ConnectionStatus } from '../../shared/profile';
import { profilesKeys } from '../data/profiles';
import { useBridgeEvent } from '../data/useBridgeEvent';

const CONNECTION_OWNED = new Set(['profiles', 'app', 'diagnostics']);

export function ConnectionSync() {
  const qc = useQueryClient();
  const last = useRef<ConnectionStatus | undefined>(undefined);
  useBridgeEvent('profiles', 'statusChanged', (status: ConnectionStatus) => {
    const before = last.current ?? qc.getQueryData<ConnectionStatus>(profilesKeys.status);
    qc.setQueryData(profilesKeys.status, status);
    last.current = status;
    // The active id, and the sandbox URLs (known once it runs), change with profile or state only.
    if (before?.profileId !== status.profileId || before?.state !== status.state) {
      void qc.invalidateQueries({ queryKey: profilesKeys.profiles });
    }
    if (before !== undefined && before.profileId !== status.profileId) {
      void qc.invalidateQueries({ predicate: (q) => !CONNECTION_OWNED.has(String(q.queryKey[0])) });
    }
  });
  return null;
}
