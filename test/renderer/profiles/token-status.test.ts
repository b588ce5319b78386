import { describe, expect, it } from 'vitest';
import type { ConnectionStatus } from '../../../src/shared/profile';
import { describeConnection } from '../../../src/renderer/profiles/token-status';

const NOW = 1_700_000_000_000;
const base: ConnectionStatus = { profileId: 'sandbox', profileName: 'Sandbox', state: 'connected', vault: { kind: 'memory' } };

describe('describeConnection', () => {
  it('says how long until the token renews, in whole minutes rounded down', () => {
    const s = { ...base, renewsAt: NOW + 54 * 60_000 + 59_000, expiresAt: NOW + 59 * 60_000 };
    expect(describeConnection(s, NOW)).toEqual({ text: 'Connected, token renews in 54 min', tone: 'ok' });
  });

  it('counts down as the clock ticks', () => {
    const s = { ...base, renewsAt: NOW + 10 * 60_000 };
    expect(describeConnection(s, NOW + 5 * 60_000).text).toBe('Connected, token renews in 5 min');
    expect(describeConnection(s, NOW + 9 * 60_000 + 30_000).text).toBe('Connected, token renews in less than a minute');
    expect(describeConnection(s, NOW + 10 * 60_000)).toEqual({ text: 'Connected, renewing token…', tone: 'busy' });
  });

  it('falls back to the expiry when no renewal time is known', () => {
    expect(describeConnection({ ...base, expiresAt: NOW + 30 * 60_000 }, NOW).text).toBe('Connected, token expires in 30 min');
    expect(describeConnection(base, NOW).text).toBe('Connected');
  });

  it('describes the other states and the error message', () => {
    expect(describeConnection(undefined, NOW).tone).toBe('busy');
    expect(describeConnection({ ...base, state: 'signed_out' }, NOW)).toEqual({ text: 'Not connected', tone: 'off' });
    expect(describeConnection({ ...base, state: 'connecting' }, NOW).text).toBe('Connecting…');
    const limited = { code: 'rate_limited' as const, message: 'HTTP 429', retryable: true };
    expect(describeConnection({ ...base, state: 'connecting', retrying: { error: limited, retryAt: NOW + 2_500 } }, NOW)).toEqual({
      text: 'Connecting… rate limited, retrying in 3 s',
      tone: 'busy',
    });
    const err = describeConnection(
      { ...base, state: 'error', error: { code: 'auth_invalid_client', message: 'Wrong client ID or secret.', retryable: false } },
      NOW,
    );
    expect(err).toEqual({ text: 'Connection failed: Wrong client ID or secret.', tone: 'error' });
  });
});
