// Keeps react-query in step with pushed connection status: the header updates live, and when the
// active profile changes every feature's server state is refetched (it came from another service).
import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import type { ConnectionStatus } from '../../shared/profile';
import { connectionKeys } from '../connection/queries';
import { useBridgeEvent } from '../hooks/useBridgeEvent';

const CONNECTION_OWNED = new Set(['connection', 'app', 'diagnostics']);

export function ConnectionSync() {
  const qc = useQueryClient();
  const lastProfile = useRef<string | null | undefined>(undefined);
  useBridgeEvent('connection', 'statusChanged', (status: ConnectionStatus) => {
    const before = lastProfile.current ?? qc.getQueryData<ConnectionStatus>(connectionKeys.status)?.profileId;
    qc.setQueryData(connectionKeys.status, status);
    lastProfile.current = status.profileId;
    void qc.invalidateQueries({ queryKey: connectionKeys.profiles });
    if (before !== undefined && before !== status.profileId) {
      void qc.invalidateQueries({ predicate: (q) => !CONNECTION_OWNED.has(String(q.queryKey[0])) });
    }
  });
  return null;
}
