// The app's one BridgeHealthMonitor: started with the app, read by the header, the notification
// area and every view that shows live state. On recovery every query is re-read (the core may
// have restarted: its sessions, watches and token are new).
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { BridgeHealthMonitor, type BridgeHealth } from './bridge-health';
import { pingCore } from './app';

const HealthContext = createContext<BridgeHealthMonitor | null>(null);
const OK: BridgeHealth = { state: 'ok' };
const noSubscribe = () => () => undefined;

export function BridgeHealthProvider({ children, monitor: given }: { children: ReactNode; monitor?: BridgeHealthMonitor }) {
  const qc = useQueryClient();
  const [monitor] = useState(
    () =>
      given ??
      new BridgeHealthMonitor({
        ping: async () => {
          const r = await pingCore();
          // `internal` is the transport's "lost contact"; not_configured says why this page is shut out.
          return r.ok ? true : r.error.code === 'not_configured' ? r.error.message : false;
        },
        now: Date.now,
        onRecover: () => void qc.invalidateQueries(),
      }),
  );
  useEffect(() => {
    monitor.start();
    return () => monitor.stop();
  }, [monitor]);
  return <HealthContext.Provider value={monitor}>{children}</HealthContext.Provider>;
}

export function useBridgeHealthMonitor(): BridgeHealthMonitor | null {
  return useContext(HealthContext);
}

export function useBridgeHealth(): BridgeHealth {
  const m = useContext(HealthContext);
  return useSyncExternalStore(m?.subscribe ?? noSubscribe, m?.getSnapshot ?? (() => OK));
}

/** True while the core is unreachable: live states (Connected, Processing, countdowns) must not show as live. */
export function useBridgeLost(): boolean {
  return useBridgeHealth().state === 'lost';
}
