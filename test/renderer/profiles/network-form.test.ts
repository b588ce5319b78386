// Settings → Network: what is sent for each choice, and errors next to the right field.
import { describe, expect, it } from 'vitest';
import { networkFormFrom, networkSaveRequest } from '../../../src/renderer/profiles/network-form';
import { DEFAULT_NETWORK, DEFAULT_PATHS, type ProfileView } from '../../../src/shared/profile';

const view: ProfileView = {
  id: 'acme-1a2b3c',
  name: 'Acme',
  kind: 'remote',
  authUrl: 'https://auth.acme.example',
  baseUrl: 'https://api.acme.example',
  clientId: 'acme',
  scope: 'api:use',
  useDiscovery: false,
  ...DEFAULT_PATHS,
  matchPayloadTemplate: null,
  hasSecret: true,
  builtIn: false,
};

describe('network form', () => {
  it('starts from the defaults for a profile saved before the setting existed', () => {
    expect(networkFormFrom(view)).toEqual(DEFAULT_NETWORK);
  });

  it('sends the whole profile with its network settings, and the proxy password only with a user name', () => {
    const form = { proxy: 'url' as const, proxyUrl: 'http://proxy.acme.example:3128/', proxyUsername: 'ana', caFile: '/etc/acme-ca.pem' };
    const r = networkSaveRequest(view, form, 'pw');
    expect(r).toMatchObject({ ok: true, request: { proxyPassword: 'pw', profile: { id: view.id, name: 'Acme', clientId: 'acme', network: { ...form, proxyUrl: 'http://proxy.acme.example:3128' } } } });
    if (r.ok) expect(r.request.profile).not.toHaveProperty('hasSecret');
    const direct = networkSaveRequest(view, { ...form, proxy: 'none' }, 'pw');
    expect(direct.ok && 'proxyPassword' in direct.request).toBe(false);
  });

  it('puts errors next to the field: missing proxy address, credentials in the address, password without user name', () => {
    expect(networkSaveRequest(view, { ...DEFAULT_NETWORK, proxy: 'url' }, '')).toMatchObject({ ok: false, errors: { proxyUrl: expect.stringMatching(/proxy address/) } });
    expect(networkSaveRequest(view, { ...DEFAULT_NETWORK, proxy: 'url', proxyUrl: 'http://a:b@proxy:8080' }, '')).toMatchObject({ ok: false, errors: { proxyUrl: expect.stringMatching(/user name and password/) } });
    expect(networkSaveRequest(view, { ...DEFAULT_NETWORK, proxy: 'url', proxyUrl: 'http://proxy:8080' }, 'pw')).toMatchObject({ ok: false, errors: { proxyUsername: expect.any(String) } });
  });
});
