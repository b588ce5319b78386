// Active profile and token state ("Connected, token renews in 54 min"), never the token itself.
import { useBridgeLost } from '../data/bridge-health-context';
import { describeConnection } from '../profiles/token-status';
import { useConnectionStatus } from '../data/profiles';
import { useNow } from '../ui/useNow';
import { useNavigation } from '../state/navigation';

const STATE_ANNOUNCEMENT: Record<string, string> = {
  connected: 'Connected',
  connecting: 'Connecting',
  signed_out: 'Not connected',
  error: 'Connection failed',
  unreachable: 'Firmscope core unreachable',
  unknown: '',
};

export function AppHeader() {
  const status = useConnectionStatus();
  const now = useNow(15_000);
  const { navigate, route } = useNavigation();
  const lost = useBridgeLost();
  // While the core is unreachable the last known state is not shown as if it were live.
  const summary = lost
    ? { text: 'Unknown: Firmscope core unreachable', tone: 'error' as const }
    : status.isError
      ? { text: `Connection status unavailable: ${status.error.message}`, tone: 'error' as const }
      : describeConnection(status.data, now);
  const state = lost ? 'unreachable' : (status.data?.state ?? 'unknown');
  const connected = !lost && status.data?.state === 'connected';

  return (
    <header className="app-header">
      <div className="brand">
        <span className="brand__mark" aria-hidden="true">
          F
        </span>
        <span className="brand__name">Firmscope</span>
      </div>
      <div className="conn" data-testid="connection-summary">
        <span className="conn__profile">
          <span className="muted">Profile</span> <strong>{status.data?.profileName ?? 'none'}</strong>
        </span>
        <span className={`conn__state conn__state--${summary.tone}`} data-state={state}>
          <span className="dot" aria-hidden="true" />
          <span className="conn__text" title={summary.text}>
            {summary.text}
          </span>
        </span>
        {/* Announce state changes only; the ticking minutes would be noise for screen readers. */}
        <span className="visually-hidden" role="status">
          {STATE_ANNOUNCEMENT[state]}
        </span>
        {!connected && route.screen !== 'settings' ? (
          <button type="button" className="button button--small" onClick={() => navigate({ screen: 'settings' })}>
            Connection settings
          </button>
        ) : null}
      </div>
    </header>
  );
}
