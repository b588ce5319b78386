// The secret-binding rule on its own: what a stored secret is bound to, what a save moves, and what it
// then keeps or drops (main applies the plan; the Settings forms ask for the secret with the same comparison).
import { describe, expect, it } from 'vitest';
import { DEFAULT_NETWORK, networkPathOf, proxyCredentialOf, type NetworkSettings, type Profile } from '../../../src/shared/profile';
import { boundDestination, currentDestination, movedBindings, planSecretSave, secretMovesOnSave, type SecretSave } from '../../../src/shared/profiles/secret-binding';

const proxied: NetworkSettings = { ...DEFAULT_NETWORK, proxy: 'url', proxyUrl: 'http://proxy.example.com:8080', proxyUsername: 'u' };
const stored = (over: Partial<Profile> = {}) =>
  ({ kind: 'remote', authUrl: 'https://auth.example.com', baseUrl: 'https://api.example.com', network: proxied, ...over }) as Profile;
const save = (over: Partial<SecretSave> = {}): SecretSave => ({
  existing: stored(),
  isSandbox: false,
  authUrl: 'https://auth.example.com',
  baseUrl: 'https://api.example.com',
  network: proxied,
  secretGiven: false,
  proxyPasswordGiven: false,
  hadProxyPassword: true,
  ...over,
});

describe('where a stored secret is bound', () => {
  it('is where it was entered for, else (saved before the binding) where the profile points now', () => {
    expect(boundDestination(stored())).toEqual({ authUrl: 'https://auth.example.com', baseUrl: 'https://api.example.com', networkPath: networkPathOf(proxied) });
    expect(boundDestination(stored({ secretAuthUrl: 'https://old.example.com', secretNetwork: 'p' })).authUrl).toBe('https://old.example.com');
    expect(boundDestination(stored({ secretNetwork: 'p' })).networkPath).toBe('p');
  });
  it('has no network path for the sandbox: it always connects directly', () => {
    expect(boundDestination(stored({ kind: 'sandbox' })).networkPath).toBeUndefined();
    expect(currentDestination(stored({ kind: 'sandbox' })).networkPath).toBeUndefined();
  });
  it('names every binding that moved', () => {
    const b = boundDestination(stored());
    expect(movedBindings(b, b)).toEqual([]);
    expect(movedBindings(b, { authUrl: 'https://x', baseUrl: 'https://y', networkPath: 'z' })).toEqual(['authUrl', 'baseUrl', 'networkPath']);
    expect(movedBindings(b, currentDestination(stored({ secretBaseUrl: 'https://old.example.com' })))).toEqual([]);
    expect(movedBindings(boundDestination(stored({ secretBaseUrl: 'https://old.example.com' })), currentDestination(stored()))).toEqual(['baseUrl']);
  });
});

describe('what a save does with the stored secrets', () => {
  it('keeps both, bound where they were, when nothing they go to moved', () => {
    const plan = planSecretSave(save());
    expect(plan).toMatchObject({ dropSecret: false, keepProxyPassword: true, dropProxyPassword: false });
    expect(plan.bindings).toEqual({ secretAuthUrl: 'https://auth.example.com', secretBaseUrl: 'https://api.example.com', secretNetwork: networkPathOf(proxied), proxyPasswordFor: proxyCredentialOf(proxied) });
  });
  it('drops the client secret, and records no binding, when a URL, the proxy or the CA moved without it', () => {
    for (const over of [{ authUrl: 'https://evil.example.net' }, { baseUrl: 'https://evil.example.net' }, { network: { ...proxied, caFile: '/ca.pem' } }]) {
      const plan = planSecretSave(save(over));
      expect(plan.dropSecret).toBe(true);
      expect(plan.bindings).toMatchObject({ secretAuthUrl: undefined, secretBaseUrl: undefined, secretNetwork: undefined });
    }
  });
  it('binds a secret given with the save, and every secret of a new profile, to where it goes now', () => {
    const plan = planSecretSave(save({ authUrl: 'https://new.example.net', secretGiven: true }));
    expect(plan.dropSecret).toBe(false);
    expect(plan.bindings.secretAuthUrl).toBe('https://new.example.net');
    expect(planSecretSave(save({ existing: undefined, hadProxyPassword: false })).bindings.secretNetwork).toBe(networkPathOf(proxied));
  });
  it('drops the proxy password for a new proxy address or user name, not for a new CA', () => {
    expect(planSecretSave(save({ network: { ...proxied, proxyUsername: 'other' } }))).toMatchObject({ dropProxyPassword: true, keepProxyPassword: false, dropSecret: false });
    expect(planSecretSave(save({ network: { ...proxied, caFile: '/ca.pem' } }))).toMatchObject({ dropProxyPassword: false, keepProxyPassword: true, dropSecret: true });
    expect(planSecretSave(save({ network: { ...proxied, proxyUsername: 'other' }, proxyPasswordGiven: true })).bindings.proxyPasswordFor).toBe(proxyCredentialOf({ ...proxied, proxyUsername: 'other' }));
  });
  it('the sandbox keeps its secret across proxy settings and keeps no proxy password', () => {
    const sandbox = stored({ kind: 'sandbox' });
    const plan = planSecretSave(save({ existing: sandbox, isSandbox: true, network: { ...proxied, proxyUrl: 'http://other:1' } }));
    expect(plan).toMatchObject({ dropSecret: false, usesProxyPassword: false, dropProxyPassword: true });
    expect(plan.bindings.secretNetwork).toBeUndefined();
  });
});

describe('what the Settings forms ask for', () => {
  const view = (over: Partial<Profile> & { hasSecret?: boolean } = {}) => ({ ...stored(over), hasSecret: over.hasSecret ?? true });
  it('names the moves a save would drop the secret for', () => {
    expect(secretMovesOnSave(view(), { authUrl: 'https://evil.example.net' })).toEqual(['authUrl']);
    expect(secretMovesOnSave(view(), { networkPath: networkPathOf({ ...proxied, proxy: 'none' }) })).toEqual(['networkPath']);
    expect(secretMovesOnSave(view(), { networkPath: networkPathOf({ ...proxied, proxyUsername: 'other' }) })).toEqual([]);
  });
  it('asks nothing when no secret is stored, or for the sandbox', () => {
    expect(secretMovesOnSave(view({ hasSecret: false }), { authUrl: 'https://x' })).toEqual([]);
    expect(secretMovesOnSave(view({ kind: 'sandbox' }), { authUrl: 'https://x' })).toEqual([]);
  });
});
