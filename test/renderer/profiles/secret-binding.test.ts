// The profile editor asks for the secret again, next to its field, when the Auth URL or the Base URL changes.
import { describe, expect, it } from 'vitest';
import { secretNeededAgain } from '../../../src/renderer/profiles/ProfileEditor';
import type { ProfileView } from '../../../src/shared/profile';

const stored = { id: 'p', kind: 'remote', authUrl: 'https://auth.example.com', baseUrl: 'https://api.example.com', hasSecret: true } as ProfileView;
const urls = (over: Partial<{ authUrl: string; baseUrl: string }> = {}) => ({ authUrl: stored.authUrl, baseUrl: stored.baseUrl, ...over });

describe('secretNeededAgain', () => {
  it('asks for the secret when a stored one was entered for another Auth URL', () => {
    expect(secretNeededAgain(stored, urls({ authUrl: 'https://collector.example.net' }), false)).toMatch(/^The Auth URL changed: enter the client secret again/);
  });
  it('asks for it when the Base URL changed: the access token would go to the new host', () => {
    expect(secretNeededAgain(stored, urls({ baseUrl: 'https://collector.example.net' }), false)).toMatch(/^The Base URL changed: enter the client secret again/);
    expect(secretNeededAgain(stored, { authUrl: 'https://a.example.net', baseUrl: 'https://b.example.net' }, false)).toMatch(/^The Auth URL and Base URL changed/);
  });
  it('is quiet when the URLs are unchanged (trailing slash aside), a secret was typed, none is stored, or for the sandbox', () => {
    expect(secretNeededAgain(stored, { authUrl: 'https://auth.example.com/', baseUrl: ' https://api.example.com/ ' }, false)).toBeUndefined();
    expect(secretNeededAgain(stored, urls({ baseUrl: 'https://collector.example.net' }), true)).toBeUndefined();
    expect(secretNeededAgain({ ...stored, hasSecret: false }, urls({ authUrl: 'https://x.example' }), false)).toBeUndefined();
    expect(secretNeededAgain({ ...stored, kind: 'sandbox' }, urls({ baseUrl: 'https://x.example' }), false)).toBeUndefined();
    expect(secretNeededAgain(undefined, urls({ authUrl: 'https://x.example' }), false)).toBeUndefined();
  });
});
