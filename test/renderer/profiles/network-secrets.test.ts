// Settings → Network offers the client secret field exactly when a save would remove it (the proxy
// or CA it goes through changes), and says in words what a save removed.
import { describe, expect, it } from 'vitest';
import { droppedNotice, networkSaveRequest, secretAtRisk } from '../../../src/renderer/profiles/network-form';
import { DEFAULT_NETWORK, type ProfileView } from '../../../src/shared/profile';

const view = (over: Partial<ProfileView> = {}): ProfileView =>
  ({
    id: 'acme-1', name: 'Acme', kind: 'remote', authUrl: 'https://auth.example.com', baseUrl: 'https://api.example.com', clientId: 'c', scope: 'api:use',
    useDiscovery: false, searchPath: '/s', esgModulePathTemplate: '/e/{company_id}/{module}', esgStatusPathTemplate: '/p/{session_id}', matchPath: '/m',
    matchPayloadTemplate: null, network: { ...DEFAULT_NETWORK, proxy: 'url', proxyUrl: 'http://proxy.example.com:8080', proxyUsername: 'u' },
    hasSecret: true, builtIn: false, ...over,
  }) as ProfileView;

describe('network settings and the secrets bound to them', () => {
  it('the client secret is at risk when the proxy address, the proxy mode or the CA changes, not the user name', () => {
    const p = view();
    const n = p.network!;
    expect(secretAtRisk(p, n)).toBe(false);
    expect(secretAtRisk(p, { ...n, proxyUsername: 'other' })).toBe(false);
    expect(secretAtRisk(p, { ...n, proxyUrl: 'http://evil.example.com:3128' })).toBe(true);
    expect(secretAtRisk(p, { ...n, proxy: 'none' })).toBe(true);
    expect(secretAtRisk(p, { ...n, caFile: '/etc/ssl/company.pem' })).toBe(true);
    expect(secretAtRisk(view({ hasSecret: false }), { ...n, caFile: '/x.pem' })).toBe(false);
  });

  it('the secret typed there goes with the same save', () => {
    const p = view();
    const r = networkSaveRequest(p, { ...p.network!, caFile: '/etc/ssl/company.pem' }, '', 'typed-again');
    expect(r.ok && r.request.secret).toBe('typed-again');
    const none = networkSaveRequest(p, p.network!, '', '');
    expect(none.ok && 'secret' in none.request).toBe(false);
  });

  it('says what a save removed', () => {
    expect(droppedNotice(undefined)).toBeNull();
    expect(droppedNotice(['secret'])).toMatch(/^Saved\. Removed the client secret: it was entered for the old proxy or CA/);
    expect(droppedNotice(['proxyPassword'])).toMatch(/Removed the proxy password: it was entered for the old proxy address or user name/);
    expect(droppedNotice(['secret', 'proxyPassword'])).toMatch(/Removed the client secret and the proxy password: they were entered/);
  });
});
