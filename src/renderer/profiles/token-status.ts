// What the header says about the connection. Pure so it can be tested without a DOM; never sees a token.
import type { ConnectionStatus } from '../../shared/profile';

export type ConnectionTone = 'ok' | 'busy' | 'off' | 'error';

export interface ConnectionSummary {
  text: string;
  tone: ConnectionTone;
}

function minutesUntil(at: number, now: number): number {
  return Math.floor((at - now) / 60_000);
}

function inMinutes(mins: number): string {
  return mins < 1 ? 'in less than a minute' : `in ${mins} min`;
}

export function describeConnection(status: ConnectionStatus | undefined, now: number): ConnectionSummary {
  if (!status) return { text: 'Checking connection…', tone: 'busy' };
  switch (status.state) {
    case 'signed_out':
      return { text: 'Not connected', tone: 'off' };
    case 'connecting': {
      const r = status.retrying;
      if (!r) return { text: 'Connecting…', tone: 'busy' };
      const when = r.retryAt > now ? ` in ${Math.ceil((r.retryAt - now) / 1000)} s` : '';
      const why = r.error.code === 'rate_limited' ? 'rate limited' : r.error.code === 'auth_unreachable' ? 'authorization server not answering' : 'temporary failure';
      return { text: `Connecting… ${why}, retrying${when}`, tone: 'busy' };
    }
    case 'error':
      return { text: `Connection failed: ${status.error?.message ?? 'unknown error'}`, tone: 'error' };
    case 'connected': {
      if (status.renewsAt !== undefined) {
        const mins = minutesUntil(status.renewsAt, now);
        if (status.renewsAt <= now) return { text: 'Connected, renewing token…', tone: 'busy' };
        return { text: `Connected, token renews ${inMinutes(mins)}`, tone: 'ok' };
      }
      if (status.expiresAt !== undefined) {
        if (status.expiresAt <= now) return { text: 'Connected, token expired: renews on the next call', tone: 'busy' };
        return { text: `Connected, token expires ${inMinutes(minutesUntil(status.expiresAt, now))}`, tone: 'ok' };
      }
      return { text: 'Connected', tone: 'ok' };
    }
    default:
      return { text: 'Unknown connection state', tone: 'error' };
  }
}
